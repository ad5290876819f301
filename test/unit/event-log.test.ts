/**
 * The event log's contract (event-log-contract.ts) for the memory log and for the Redis Stream
 * (a real redis-server); what earlier versions left in Redis under other key names (delayed
 * events under `held` and `retry`, every key without the hash tag) handed over at an upgrade, a
 * rolling one too. Then the consumer that feeds `onEvent` from it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { consumeEvents, type EventMeta } from '../../src/proxy/event-consumer.js';
import { memoryEventLog, type PendingEvent } from '../../src/proxy/event-log.js';
import { eventLogKeys, redisEventLog } from '../../src/proxy/redis-event-log.js';
import { clock, eventLogContract, redisEventLogContract } from './event-log-contract.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';
import { sessionEvent } from './session-event.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const event = sessionEvent;

eventLogContract('memory', () => async (options) => memoryEventLog(options));

let redis: RunningRedis | undefined;
const clients: Redis[] = [];
before(async () => {
  if (!NO_REDIS) redis = await startRedis();
});
after(async () => {
  for (const c of clients) c.disconnect();
  await redis?.stop();
});
redisEventLogContract('Redis Stream', () => redis!, NO_REDIS);

const connect = () => {
  const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return client;
};

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
      .xack(eventLogKeys(base).stream, 'handlers', entry.id)
      .exec();
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
      await client.exists(eventLogKeys('upgrade').delayed, eventLogKeys('upgrade').due),
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

describe('the Redis log after an upgrade: the keys an earlier version named without the hash tag', {
  skip: NO_REDIS,
}, () => {
  /** An instance of the earlier version on `base`: its commands, literally, on its key names. */
  const earlierVersion = async (base: string) => {
    const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
    clients.push(client);
    const stream = `${base}:events`;
    await client.xgroup('CREATE', stream, 'handlers', '$', 'MKSTREAM');
    return {
      client,
      /** A delivery written (with its de-duplication key), not yet given to any consumer: its id. */
      async write(key: string) {
        await client.set(`${stream}:seen:${key}`, '1', 'PX', 60_000);
        const id = await client.xadd(stream, '*', 'key', key, 'event', JSON.stringify(event(key)));
        return id!;
      },
      /** Its consumer takes what was written: leased to it until settled. */
      take: () =>
        client.xreadgroup('GROUP', 'handlers', 'earlier-instance', 'STREAMS', stream, '>'),
      done: (id: string) => client.xack(stream, 'handlers', id),
      /** Its onEvent failed: delayed until `due`, acknowledged in the stream. */
      async delay(id: string, key: string, due: number) {
        const delayed = { entry: { id, key, event: event(key) }, attempt: 2, error: 'CRM down' };
        await client.hset(`${stream}:delayed`, id, JSON.stringify(delayed));
        await client.zadd(`${stream}:due`, due, id);
        await client.xack(stream, 'handlers', id);
      },
      /** Given up: on its failed list, acknowledged in the stream. */
      async fail(id: string, key: string) {
        const failure = {
          id,
          key,
          event: event(key),
          attempts: 12,
          error: 'gave up',
          failedAt: '',
        };
        await client.hset(`${stream}:failed`, id, JSON.stringify(failure));
        await client.xack(stream, 'handlers', id);
      },
    };
  };

  test('at start the stream keeps its ids and leases, the delayed and failed events theirs, and a delivery it took is still a repeat; nothing is left under the earlier names', async () => {
    const earlier = await earlierVersion('tagless');
    const ids: Record<string, string> = {};
    for (const key of ['handled', 'leased', 'delayed', 'failed'])
      ids[key] = await earlier.write(key);
    await earlier.take();
    await earlier.done(ids.handled!);
    await earlier.delay(ids.delayed!, 'delayed', Date.now() - 1);
    await earlier.fail(ids.failed!, 'failed');
    ids.waiting = await earlier.write('waiting');

    // This version starts on the same Redis, its earlier instances stopped.
    const log = redisEventLog(earlier.client, { base: 'tagless', leaseMs: 300 });
    assert.deepEqual(
      (await log.failures(10)).map((f) => [f.id, f.key]),
      [[ids.failed, 'failed']],
      'the failed list is there at once',
    );
    assert.deepEqual(
      (await log.read(undefined, 10)).map((e) => [e.id, e.key]),
      ['handled', 'leased', 'delayed', 'failed', 'waiting'].map((k) => [ids[k], k]),
      'the stream, with its ids',
    );
    assert.equal(
      await log.append('waiting', event('waiting')),
      undefined,
      'a delivery the earlier version wrote is a repeat',
    );
    const settle = async () => {
      const taken = await log.take('new-instance', 10);
      for (const e of taken) await log.done(e);
      return taken.map((e) => [e.id, e.key, e.attempt]);
    };
    assert.deepEqual(
      await settle(),
      [
        [ids.delayed, 'delayed', 2],
        [ids.waiting, 'waiting', 1],
      ],
      'the due delayed event at its attempt, and the one never given out; not the leased one yet',
    );
    await sleep(350);
    assert.deepEqual(
      await settle(),
      [[ids.leased, 'leased', 2]],
      "the earlier instance's leased event once its lease ran out, one attempt more",
    );
    const earlierNames = ['', ':delayed', ':due', ':failed'].map((k) => `tagless:events${k}`);
    assert.equal(await earlier.client.exists(...earlierNames), 0, 'nothing left under them');
  });

  test('during a rolling upgrade, what an instance of the earlier version writes after the move is taken at the next take; what it settled is not', async () => {
    const log = redisEventLog(connect(), { base: 'rolling' });
    await log.append('first', event('first'));
    for (const e of await log.take('new-instance', 10)) await log.done(e);
    // The earlier instance, still running, finds its stream gone and makes it again.
    const earlier = await earlierVersion('rolling');
    const ids: Record<string, string> = {};
    for (const key of ['settled', 'leased', 'delayed']) ids[key] = await earlier.write(key);
    await earlier.take();
    await earlier.done(ids.settled!);
    await earlier.delay(ids.delayed!, 'delayed', Date.now() - 1);
    ids.waiting = await earlier.write('waiting');

    const taken = await log.take('new-instance', 10);
    assert.deepEqual(
      taken.map((e) => [e.key, e.attempt]),
      [
        ['delayed', 2],
        ['leased', 1],
        ['waiting', 1],
      ],
      'the delayed, the leased (appended anew) and the unread one; not the settled one',
    );
    assert.equal(taken[0]!.id, ids.delayed, 'the delayed one keeps its id');
    assert.equal(await earlier.client.exists('rolling:events'), 0, 'the earlier stream is gone');
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
