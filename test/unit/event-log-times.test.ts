/**
 * The event log's times, for the memory log and the Redis Stream (a real redis-server): events
 * older than `retentionMs` are trimmed once handled; and in Redis, where a lease is measured by
 * Redis's own clock (the idle time of the group's pending entries), a delayed event is
 * acknowledged so no lease hands it out before its retry time, while an event a dead instance
 * held is handed out again once its lease ran out. The leases here are a fraction of a second.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { idTime, memoryEventLog, type EventLogOptions } from '../../src/proxy/event-log.js';
import { redisEventLog } from '../../src/proxy/redis-event-log.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';
import { sessionEvent } from './session-event.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let redis: RunningRedis | undefined;
const clients: Redis[] = [];
let bases = 0;
before(async () => {
  if (!NO_REDIS) redis = await startRedis();
});
after(async () => {
  for (const c of clients) c.disconnect();
  await redis?.stop();
});
const onRedis = (options: EventLogOptions) => {
  const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return redisEventLog(client, { ...options, base: `times-${++bases}` });
};

const logs = [
  // The memory log trims exactly.
  { name: 'memory', make: memoryEventLog, skip: false, slack: 0 },
  // Redis trims whole nodes of the stream (XTRIM MINID ~): old entries that share a node with a
  // young one stay, at most a node's worth (stream-node-max-entries, 100 by default).
  { name: 'Redis Stream', make: onRedis, skip: NO_REDIS, slack: 100 },
] as const;

for (const { name, make, skip, slack } of logs) {
  describe(`the event log's retention: ${name}`, { skip }, () => {
    test('handled events older than retentionMs are trimmed when the next event arrives; younger ones are kept', async () => {
      const retentionMs = 60_000;
      // The real clock, until the test sets the time the last event arrives.
      let at: number | undefined;
      const log = make({ retentionMs, now: () => at ?? Date.now() });
      const OLD = 150;
      // Written in this order (one connection to Redis keeps it), without waiting for each.
      await Promise.all(
        Array.from({ length: OLD }, (_, i) => log.append(`old-${i}`, sessionEvent(`old-${i}`))),
      );
      await sleep(5);
      const young = await log.append('young', sessionEvent('young'));
      assert.ok(young, 'the young event is written');
      await Promise.all((await log.take('a', OLD + 1)).map((e) => log.done(e)));
      assert.equal(
        (await log.read(undefined, 1000)).length,
        OLD + 1,
        'within the retention every event is kept',
      );
      // The next event arrives retentionMs after just before the young one: the old ones are past it.
      at = idTime(young.id) - 1 + retentionMs;
      await sleep(2);
      await log.append('new', sessionEvent('new'));
      const kept = (await log.read(undefined, 1000)).map((e) => e.key);
      const oldKept = kept.filter((k) => k.startsWith('old-')).length;
      assert.ok(
        !kept.includes('old-0') && oldKept <= slack,
        `the events older than the retention are trimmed (${oldKept} of ${OLD} kept, at most ${slack})`,
      );
      assert.deepEqual(kept.slice(-2), ['young', 'new'], 'the events within it are kept');
      await log.close();
    });
  });
}

describe('the Redis log: leases measured by Redis, a delayed event acknowledged', {
  skip: NO_REDIS,
}, () => {
  test('an instance that dies holding events: another takes them once the lease ran out, one attempt more; an event waiting for its retry is not handed out before its time', async () => {
    const leaseMs = 200;
    // The real clock (the lease of the stream's events is Redis's idle time), which the test can
    // move on at the end to the delayed event's retry time.
    let ahead = 0;
    const log = onRedis({ leaseMs, now: () => Date.now() + ahead });
    for (const key of ['waits', 'dies-new', 'dies-delayed'])
      await log.append(key, sessionEvent(key));
    const [waits, , delayed] = await log.take('a', 3);
    assert.ok(waits && delayed, 'instance a took the three events');
    // One failed and waits a minute for its retry; another failed and is due at once.
    await log.failed(waits, 'CRM down', Date.now() + 60_000);
    await log.failed(delayed, 'CRM down', Date.now());
    // One: the due delayed events come first, whatever a stalled machine's leases did meanwhile.
    const [retried] = await log.take('a', 1);
    assert.deepEqual(
      [retried?.key, retried?.attempt],
      ['dies-delayed', 2],
      'the due one is taken again, its second attempt',
    );
    // Instance a dies now, holding dies-new (attempt 1) and dies-delayed (attempt 2).
    await sleep(leaseMs + 100);
    const taken = await log.take('b', 10);
    assert.deepEqual(
      taken.map((e) => [e.key, e.attempt]).sort(),
      [
        ['dies-delayed', 3],
        ['dies-new', 2],
      ],
      'b takes what a held once the lease ran out, one attempt more each, and not the event waiting for its retry',
    );
    for (const e of taken) await log.done(e);
    assert.deepEqual(await log.take('b', 10), [], 'settled, and the retry not due yet');
    ahead = 60_000;
    assert.deepEqual(
      (await log.take('b', 10)).map((e) => [e.key, e.attempt]),
      [['waits', 2]],
      'the waiting event when its retry is due, its second attempt',
    );
    await log.close();
  });
});
