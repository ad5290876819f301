/**
 * createProxy's event log: the one given as `eventLog`, else the store's own (a Redis Stream for
 * `redisStore()`, on a real redis-server), else one in memory. Seen through the admin route that
 * reads it, `GET /dh/events/failed`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { memoryEventLog, type EventLog } from '../../src/proxy/event-log.js';
import { redisEventLog } from '../../src/proxy/redis-event-log.js';
import { redisStore, type RedisStore } from '../../src/proxy/redis-store.js';
import type { KeyValueStore } from '../../src/proxy/store.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';
import { sessionEvent } from './session-event.js';

const ADMIN = 'admin-token-0123456789';

function proxy(options: { eventLog?: EventLog; events?: EventLog; store?: KeyValueStore }) {
  return createProxy({
    config: parseConfig({ DH_ADMIN_TOKEN: ADMIN, DH_SIGNING_SECRET: 'x'.repeat(32) }),
    platform: new PlatformClient({
      baseUrl: 'http://127.0.0.1:9',
      email: 'site@example.com',
      secretKey: 'unused-secret-key-1234',
    }),
    clientKey: () => '127.0.0.1',
    log: () => undefined,
    warn: () => undefined,
    ...options,
  });
}

/** The sessions of the proxy's failed list. */
async function failedSessions(app: ReturnType<typeof createProxy>): Promise<string[]> {
  const res = await app.request('/dh/events/failed', {
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  assert.equal(res.status, 200, 'the admin route answers');
  const { items } = (await res.json()) as { items: { event: { session_id: string } }[] };
  return items.map((i) => i.event.session_id);
}

/** Writes an event to `log` and gives up on it at once: it is in the log's failed list. */
async function failOne(log: EventLog, session: string) {
  await log.append(`key-${session}`, sessionEvent(session));
  const [taken] = await log.take('test', 1);
  assert.ok(taken, `the event of ${session} is taken`);
  await log.failed(taken, 'the CRM answered 500', undefined);
}

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

  describe('with a Redis store', { skip: NO_REDIS }, () => {
    let redis: RunningRedis;
    let store: RedisStore;
    let client: Redis;
    before(async () => {
      redis = await startRedis();
      store = redisStore(redis.url, { base: 'site', warn: () => undefined });
      client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    });
    after(async () => {
      client.disconnect();
      await store.close();
      await redis.stop();
    });

    test("by default the proxy reads the store's Redis Stream, under the store's prefix", async () => {
      // Another instance on the same Redis and prefix gave up on an event.
      await failOne(redisEventLog(client, { base: 'site' }), 'other-instance');
      assert.deepEqual(await failedSessions(proxy({ store })), ['other-instance']);
    });

    test('eventLog given beside a Redis store is the one read', async () => {
      const given = memoryEventLog();
      await failOne(given, 'given');
      assert.deepEqual(await failedSessions(proxy({ store, eventLog: given })), ['given']);
    });
  });
});
