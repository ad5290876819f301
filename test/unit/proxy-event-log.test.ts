/**
 * createProxy's event log (proxy-event-log-contract.ts): the one given as `eventLog`, else the
 * store's own (a Redis Stream for `redisStore()`, on a real redis-server), else one in memory.
 * Seen through the admin route that reads it, `GET /dh/events/failed`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { memoryEventLog } from '../../src/proxy/event-log.js';
import {
  failedSessions,
  failOne,
  proxy,
  storeEventLogContract,
} from './proxy-event-log-contract.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';

describe("createProxy's event log", () => {
  test('the log given as eventLog is the one the proxy reads', async () => {
    const given = memoryEventLog();
    await failOne(given, 'given');
    assert.deepEqual(await failedSessions(proxy({ eventLog: given })), ['given']);
    assert.deepEqual(
      await failedSessions(proxy({ events: given })),
      ['given'],
      'its earlier name, events, still works',
    );
    assert.deepEqual(await failedSessions(proxy({})), [], 'without one: a new log in memory');
  });
});

let redis: RunningRedis | undefined;
before(async () => {
  if (!NO_REDIS) redis = await startRedis();
});
after(async () => {
  await redis?.stop();
});
storeEventLogContract('Redis', () => redis!, NO_REDIS);
