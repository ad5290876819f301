/**
 * The event log's contract, the same tests for the memory log and for the Redis Stream
 * (a real redis-server): written once per delivery, read after an id, one consumer group that
 * leases each event to one consumer, delayed events retried when they are due, leases that run out
 * when a consumer dies, and the failed list; delayed events an earlier version kept under other
 * Redis keys. Then the consumer that feeds `onEvent` from it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { consumeEvents, type EventMeta } from '../../src/proxy/event-consumer.js';
import {
  memoryEventLog,
  type EventLog,
  type EventLogOptions,
  type PendingEvent,
} from '../../src/proxy/event-log.js';
import { redisEventLog } from '../../src/proxy/redis-event-log.js';
import type { WebhookEvent } from '../../src/platform/schemas.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';
import { sessionEvent } from './session-event.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const event = sessionEvent;

/** A clock the test moves. */
function clock(start = Date.now()) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

type MakeLog = (options: EventLogOptions) => Promise<EventLog>;

function contract(name: string, make: () => MakeLog, skip: string | false = false) {
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

contract('memory', () => async (options) => memoryEventLog(options));

let redis: RunningRedis | undefined;
const clients: Redis[] = [];
let base = 0;
before(async () => {
  if (!NO_REDIS) redis = await startRedis();
});
after(async () => {
  for (const c of clients) c.disconnect();
  await redis?.stop();
});
contract(
  'Redis Stream',
  () => async (options) => {
    const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
    clients.push(client);
    // Each test its own keys.
    return redisEventLog(client, { ...options, base: `t${++base}` });
  },
  NO_REDIS,
);

describe('onEvent fed from the log', () => {
  test('EV-7 a handler that throws twice gets the event a third time, and once it returns the event is settled', async () => {
    const log = memoryEventLog();
    const calls: EventMeta[] = [];
    const warnings: string[] = [];
    const consumer = consumeEvents(
      log,
      (_e, meta) => {
        calls.push(meta);
        if (calls.length <= 2) throw new Error('CRM down');
      },
      { consumer: 'a', backoffMs: 10, pollMs: 10, warn: (m) => warnings.push(m) },
    );
    const written = await log.append('key-1', event('s1'));
    for (let i = 0; i < 200 && calls.length < 3; i++) await sleep(10);
    await sleep(50);
    await consumer.stop();
    assert.deepEqual(
      calls.map((m) => m.attempt),
      [1, 2, 3],
      'three attempts, then no more',
    );
    assert.deepEqual(
      new Set(calls.map((m) => m.key)),
      new Set(['key-1']),
      'the idempotency key is given each time',
    );
    assert.equal(calls[0]!.id, written!.id);
    assert.equal(warnings.length, 2, 'each failure is told to the operator');
    assert.match(warnings[0]!, /onEvent failed for start_conversation s1 .*attempt 1.*CRM down/);
  });

  test('a handler call that never settles counts as failed after the time-out, and the event is tried again', async () => {
    const log = memoryEventLog();
    const attempts: number[] = [];
    const warnings: string[] = [];
    const consumer = consumeEvents(
      log,
      (_e, meta) => {
        attempts.push(meta.attempt);
        // The first call hangs (a CRM that never answers); the second returns.
        if (meta.attempt === 1) return new Promise<void>(() => undefined);
      },
      {
        consumer: 'a',
        backoffMs: 10,
        pollMs: 10,
        handlerTimeoutMs: 100,
        warn: (m) => warnings.push(m),
      },
    );
    await log.append('hang-1', event('s-hang'));
    for (let i = 0; i < 200 && attempts.length < 2; i++) await sleep(10);
    await consumer.stop();
    assert.deepEqual(attempts, [1, 2], 'tried again after the time-out');
    assert.match(warnings[0]!, /did not settle within 0\.1 s/);
  });

  test('events of one session are handled in the order received, also when the first needs a retry', async () => {
    const log = memoryEventLog();
    const handled: string[] = [];
    let failOnce = true;
    const consumer = consumeEvents(
      log,
      (e) => {
        if (e.event_type === 'start_conversation' && e.session_id === 's1' && failOnce) {
          failOnce = false;
          throw new Error('not yet');
        }
        handled.push(`${e.session_id}:${e.event_type}`);
      },
      { consumer: 'a', backoffMs: 30, pollMs: 10, warn: () => undefined },
    );
    await log.append('o1', event('s1', 'start_conversation'));
    await log.append('o2', event('s1', 'end_conversation'));
    await log.append('o3', event('s2', 'start_conversation'));
    for (let i = 0; i < 200 && handled.length < 3; i++) await sleep(10);
    await consumer.stop();
    assert.deepEqual(
      handled.filter((h) => h.startsWith('s1')),
      ['s1:start_conversation', 's1:end_conversation'],
      'the end waited for its start',
    );
    assert.ok(handled.includes('s2:start_conversation'), 'another session is not held up');
  });

  test('after the retry time runs out the event is in the failed list, and the operator is told', async () => {
    const log = memoryEventLog();
    const warnings: string[] = [];
    const consumer = consumeEvents(log, () => Promise.reject(new Error('always')), {
      consumer: 'a',
      backoffMs: 10,
      pollMs: 10,
      retryForMs: 50,
      warn: (m) => warnings.push(m),
    });
    await log.append('x1', event('s1'));
    for (let i = 0; i < 200 && (await log.failures(10)).length === 0; i++) await sleep(10);
    await consumer.stop();
    const [failed] = await log.failures(10);
    assert.equal(failed?.key, 'x1', 'the event is in the failed list');
    assert.equal(failed?.error, 'always');
    assert.match(warnings.at(-1)!, /in the failed list \(npx dh-kit events failed\)/);
  });
});

describe('the Redis log shared by instances', { skip: NO_REDIS }, () => {
  const logOn = (base: string, options: EventLogOptions = {}) => {
    const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
    clients.push(client);
    return { client, log: redisEventLog(client, { ...options, base }) };
  };

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
    await client.del('lost-group:events');
    await log.append('after', event('after'));
    const taken = await log.take('a', 10);
    assert.deepEqual(
      taken.map((e) => e.key),
      ['after'],
      'the event written after the loss is handed out',
    );
  });
});

describe('the Redis log after an upgrade: delayed events under the earlier key names', {
  skip: NO_REDIS,
}, () => {
  /**
   * What an earlier version wrote when onEvent failed: the entry under `<base>:events:held`, its
   * time under `<base>:events:retry`, the stream entry acknowledged (literally, as it did it).
   */
  const delayEarlier = async (
    client: Redis,
    base: string,
    entry: PendingEvent,
    state: { attempt: number; due: number; leased?: boolean },
  ) => {
    const { attempt: _attempt, ...logged } = entry;
    const value = {
      entry: logged,
      attempt: state.attempt,
      error: 'CRM down',
      leased: state.leased,
    };
    await client
      .multi()
      .hset(`${base}:events:held`, entry.id, JSON.stringify(value))
      .zadd(`${base}:events:retry`, state.due, entry.id)
      .xack(`${base}:events`, 'handlers', entry.id)
      .exec();
  };
  const connect = () => {
    const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };

  test('each is taken when due, one leased by an earlier instance once its lease ran out, then settled; nothing is left under either name', async () => {
    const c = clock();
    const client = connect();
    const log = redisEventLog(client, { base: 'upgrade', now: c.now, leaseMs: 60_000 });
    for (const key of ['due', 'later', 'leased']) await log.append(key, event(key));
    const [due, later, leased] = await log.take('earlier-instance', 10);
    await delayEarlier(client, 'upgrade', due!, { attempt: 2, due: c.now() - 1 });
    await delayEarlier(client, 'upgrade', later!, { attempt: 3, due: c.now() + 1000 });
    // An earlier instance took this one when it was due and is handling it (its lease runs).
    await delayEarlier(client, 'upgrade', leased!, {
      attempt: 2,
      due: c.now() + 60_000,
      leased: true,
    });

    /** Takes what is due and settles it: key, attempt, session. */
    const handled = async () => {
      const taken = await log.take('new-instance', 10);
      for (const e of taken) await log.done(e);
      return taken.map((e) => [e.key, e.attempt, e.event.session_id]);
    };
    assert.deepEqual(await handled(), [['due', 2, 'due']], 'the due one, at its attempt');
    c.advance(1000);
    assert.deepEqual(await handled(), [['later', 3, 'later']], 'the later one when it is due');
    assert.deepEqual(
      await handled(),
      [],
      "not the leased one while the earlier instance's lease runs",
    );
    c.advance(60_000);
    const [claimed] = await log.take('new-instance', 10);
    assert.deepEqual(
      [claimed?.key, claimed?.attempt],
      ['leased', 3],
      'the leased one after its lease, one attempt more',
    );
    // The moved ones are leased to the new instance now: a failure delays them under the new names.
    await log.failed(claimed!, 'still down', c.now() + 10);
    assert.equal(
      await client.exists('upgrade:events:held', 'upgrade:events:retry'),
      0,
      'nothing is left under the earlier names, nor written there again',
    );
    c.advance(10);
    const [again] = await log.take('new-instance', 10);
    assert.deepEqual([again?.key, again?.attempt], ['leased', 4], 'delayed and due again');
    await log.done(again!);
    assert.deepEqual(await log.take('new-instance', 10), []);
    assert.equal(
      await client.exists('upgrade:events:delayed', 'upgrade:events:due'),
      0,
      'settled: nothing left under the new names either',
    );
  });

  test('an acknowledged event an earlier version delayed reaches onEvent once the new version starts', async () => {
    const client = connect();
    const earlier = redisEventLog(client, { base: 'upgrade-run' });
    const written = await earlier.append('acked', event('s-acked'));
    const [entry] = await earlier.take('earlier-instance', 10);
    await delayEarlier(client, 'upgrade-run', entry!, { attempt: 2, due: Date.now() });
    await earlier.close();

    const log = redisEventLog(connect(), { base: 'upgrade-run' });
    const calls: EventMeta[] = [];
    const consumer = consumeEvents(log, (_e, meta) => void calls.push(meta), {
      consumer: 'new-instance',
      pollMs: 10,
      warn: () => undefined,
    });
    for (let i = 0; i < 200 && calls.length === 0; i++) await sleep(10);
    await consumer.stop();
    assert.deepEqual(
      calls.map((m) => [m.id, m.key, m.attempt]),
      [[written!.id, 'acked', 2]],
      'handed to onEvent once, at its attempt',
    );
    assert.equal(
      await client.exists('upgrade-run:events:held'),
      0,
      'and moved off the earlier key',
    );
  });
});

describe('the memory log', () => {
  test('keeps what onEvent has not been given yet past its length (a slow handler), up to five times it; without onEvent it keeps its length', async () => {
    const log = memoryEventLog({ maxLength: 10 });
    // onEvent takes the first event, then falls behind.
    await log.append('first', event('s0'));
    assert.equal((await log.take('a', 1)).length, 1);
    for (let i = 1; i <= 30; i++) await log.append(`k${i}`, event(`s${i}`));
    const waiting = await log.take('a', 100);
    assert.equal(waiting.length, 30, 'every event not yet given to onEvent is still there');
    for (let i = 31; i <= 100; i++) await log.append(`k${i}`, event(`s${i}`));
    assert.ok(
      (await log.read(undefined, 1000)).length <= 50,
      'never more than five times its length',
    );
    const plain = memoryEventLog({ maxLength: 10 });
    for (let i = 0; i < 30; i++) await plain.append(`p${i}`, event(`p${i}`));
    assert.equal((await plain.read(undefined, 100)).length, 10, 'without a consumer, its length');
  });
});

describe("the memory log's failed list", () => {
  test('is bounded like the log: the oldest failures go first', async () => {
    const log = memoryEventLog({ maxLength: 3 });
    for (let i = 0; i < 5; i++) {
      await log.append(`f${i}`, event(`f${i}`));
      const [taken] = await log.take('a', 1);
      await log.failed(taken!, 'gave up', undefined);
    }
    assert.deepEqual(
      (await log.failures(10)).map((f) => f.key),
      ['f2', 'f3', 'f4'],
      'the three newest failures',
    );
  });
});
