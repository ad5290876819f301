/**
 * The event log's contract, written once and run against each log: the memory log and the Redis
 * Stream (event-log.test.ts, a real redis-server), and the Redis Stream on a real Redis Cluster
 * (redis-cluster.test.ts). Written once per delivery, read after an id, one consumer group that
 * leases each event to one consumer, delayed events retried when they are due, leases that run
 * out when a consumer dies, and the failed list; on Redis, two instances sharing the log and a
 * consumer group Redis lost.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Cluster, Redis } from 'ioredis';
import { consumeEvents } from '../../src/proxy/event-consumer.js';
import type { EventLog, EventLogOptions } from '../../src/proxy/event-log.js';
import { eventLogKeys, redisEventLog } from '../../src/proxy/redis-event-log.js';
import type { WebhookEvent } from '../../src/platform/schemas.js';
import type { RunningRedis } from './redis-server.js';
import { sessionEvent } from './session-event.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const event = sessionEvent;

/** A clock the test moves. */
export function clock(start = Date.now()) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** Makes a log with these options (each call a log of its own, with its own keys). */
export type MakeLog = (options: EventLogOptions) => Promise<EventLog>;

/** The contract every event log keeps (memory, a Redis Stream on one Redis or on a cluster). */
export function eventLogContract(name: string, make: () => MakeLog, skip: string | false = false) {
  describe(`the event log: ${name}`, { skip }, () => {
    test('EV-8 a delivery is written once: the same key again is a repeat; ids increase in the order written', async () => {
      const log = await make()({});
      const a = await log.append('k1', event('s1'));
      const again = await log.append('k1', event('s1'));
      const b = await log.append('k2', event('s2'));
      assert.ok(a && b, 'two different deliveries are written');
      assert.equal(again, undefined, 'the same delivery again is not written a second time');
      assert.match(a.id, /^\d+-\d+$/, 'ids are <ms>-<seq>');
      assert.deepEqual(
        (await log.read(undefined, 10)).map((e) => e.key),
        ['k1', 'k2'],
      );
      assert.deepEqual(
        (await log.read(a.id, 10)).map((e) => e.key),
        ['k2'],
        'read after an id gives what came after it',
      );
      assert.deepEqual(
        (await log.read(b.id, 10)).map((e) => e.key),
        [],
        'nothing after the newest',
      );
      assert.deepEqual(
        (await log.recent(1)).map((e) => e.key),
        ['k2'],
      );
      assert.deepEqual(
        (await log.read(undefined, 10))[0]!.event,
        event('s1'),
        'the event is kept as it was',
      );
      await log.close();
    });

    test('watch wakes a watcher when an event is written', async () => {
      const log = await make()({});
      let woken = 0;
      const stop = log.watch(() => woken++);
      // The Redis reader starts its first blocking read in a moment.
      await sleep(100);
      await log.append('w1', event('s1'));
      for (let i = 0; i < 100 && woken === 0; i++) await sleep(20);
      assert.ok(woken > 0, 'the watcher was woken');
      stop();
      await log.close();
    });

    test('one consumer group: each event is given to one consumer once; settled events are not given again', async () => {
      const log = await make()({});
      await log.append('g1', event('s1'));
      await log.append('g2', event('s2'));
      const first = await log.take('a', 10);
      const second = await log.take('b', 10);
      assert.deepEqual(
        first.map((e) => [e.key, e.attempt]),
        [
          ['g1', 1],
          ['g2', 1],
        ],
      );
      assert.deepEqual(second, [], 'the other consumer gets nothing already taken');
      for (const e of first) await log.done(e);
      assert.deepEqual(await log.take('a', 10), [], 'settled events are not given again');
      await log.close();
    });

    test('a failure is delayed until it is due, then retried one attempt more; a lease that runs out gives the event to another consumer', async () => {
      const c = clock();
      const log = await make()({ now: c.now, leaseMs: 60_000 });
      await log.append('r1', event('s1'));
      const [taken] = await log.take('a', 10);
      await log.failed(taken!, 'CRM down', c.now() + 1000);
      assert.deepEqual(await log.take('a', 10), [], 'not before it is due');
      c.advance(1000);
      const [retried] = await log.take('b', 10);
      assert.equal(retried?.key, 'r1');
      assert.equal(retried?.attempt, 2, 'the second attempt');
      // Consumer b dies with it leased: after the lease another consumer gets it, a third attempt.
      assert.deepEqual(await log.take('c', 10), [], "b's while its lease runs");
      c.advance(60_001);
      const [claimed] = await log.take('c', 10);
      assert.equal(claimed?.key, 'r1', "the crashed consumer's event is taken again");
      assert.equal(claimed?.attempt, 3);
      await log.done(claimed!);
      assert.deepEqual(await log.take('c', 10), []);
      await log.close();
    });

    test('after the last try an event is in the failed list; retry puts it back at attempt 1', async () => {
      const log = await make()({});
      const written = await log.append('f1', event('s1'));
      const [taken] = await log.take('a', 10);
      await log.failed(taken!, 'gave up', undefined);
      const failures = await log.failures(10);
      assert.deepEqual(
        failures.map((f) => [f.id, f.key, f.error, f.attempts]),
        [[written!.id, 'f1', 'gave up', 1]],
      );
      assert.deepEqual(await log.take('a', 10), [], 'a failed event is not taken by itself');
      assert.equal(await log.retry('0-1'), false, 'an id not in the list');
      assert.equal(await log.retry(written!.id), true);
      assert.deepEqual(await log.failures(10), [], 'out of the failed list');
      const [again] = await log.take('a', 10);
      assert.deepEqual([again?.key, again?.attempt], ['f1', 1]);
      await log.close();
    });
  });
}

/**
 * The contract on a Redis Stream of `redis()` (a single Redis or a cluster), each test under keys
 * of its own; then two instances sharing one log, and a consumer group that Redis lost.
 */
export function redisEventLogContract(
  name: string,
  redis: () => RunningRedis,
  skip: string | false = false,
) {
  const clients: (Redis | Cluster)[] = [];
  after(() => {
    for (const c of clients) c.disconnect();
  });
  let bases = 0;
  const logOn = (base: string, options: EventLogOptions = {}) => {
    const client = redis().connect();
    clients.push(client);
    return { client, log: redisEventLog(client, { ...options, base }) };
  };
  eventLogContract(name, () => async (options) => logOn(`t${++bases}`, options).log, skip);

  describe(`the Redis log shared by instances (${name})`, { skip }, () => {
    test('two instances with a slow onEvent: each event is handled once, though a batch would outlast the lease', async () => {
      const a = logOn('shared-slow', { leaseMs: 300 });
      const b = logOn('shared-slow', { leaseMs: 300 });
      const handled: string[] = [];
      const slow = async (e: WebhookEvent) => {
        await sleep(120);
        handled.push(e.session_id);
      };
      // Six events wait before the instances start: the first to look could take them all at once.
      for (let i = 0; i < 6; i++) await a.log.append(`slow-${i}`, event(`slow-${i}`));
      const consumers = [
        consumeEvents(a.log, slow, { consumer: 'a', pollMs: 20, warn: () => undefined }),
        consumeEvents(b.log, slow, { consumer: 'b', pollMs: 20, warn: () => undefined }),
      ];
      for (let i = 0; i < 300 && handled.length < 6; i++) await sleep(20);
      await sleep(800);
      await Promise.all(consumers.map((c) => c.stop(2000)));
      assert.deepEqual(
        [...handled].sort(),
        Array.from({ length: 6 }, (_, i) => `slow-${i}`),
        'each event once, none twice',
      );
    });

    test('a consumer group that Redis lost (its data flushed) is made again: later events are still handled', async () => {
      const { client, log } = logOn('lost-group');
      await log.append('before', event('before'));
      for (const e of await log.take('a', 10)) await log.done(e);
      // Redis loses the stream and its group (a restart without persistence, FLUSHDB, an eviction).
      await client.del(eventLogKeys('lost-group').stream);
      await log.append('after', event('after'));
      const taken = await log.take('a', 10);
      assert.deepEqual(
        taken.map((e) => e.key),
        ['after'],
        'the event written after the loss is handed out',
      );
    });
  });
}
