/**
 * createProxy's event log, seen through the admin route that reads it (`GET /dh/events/failed`):
 * the one given as `eventLog`, else the store's own (a Redis Stream for `redisStore()`). Shared by
 * proxy-event-log.test.ts (a single Redis) and redis-cluster.test.ts (a Redis Cluster).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Cluster, Redis } from 'ioredis';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { memoryEventLog, type EventLog } from '../../src/proxy/event-log.js';
import { redisEventLog } from '../../src/proxy/redis-event-log.js';
import { redisStore, type RedisStore } from '../../src/proxy/redis-store.js';
import type { KeyValueStore } from '../../src/proxy/store.js';
import type { RunningRedis } from './redis-server.js';
import { sessionEvent } from './session-event.js';

const ADMIN = 'admin-token-0123456789';

export function proxy(options: { eventLog?: EventLog; events?: EventLog; store?: KeyValueStore }) {
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
export async function failedSessions(app: ReturnType<typeof createProxy>): Promise<string[]> {
  const res = await app.request('/dh/events/failed', {
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  assert.equal(res.status, 200, 'the admin route answers');
  const { items } = (await res.json()) as { items: { event: { session_id: string } }[] };
  return items.map((i) => i.event.session_id);
}

/** Writes an event to `log` and gives up on it at once: it is in the log's failed list. */
export async function failOne(log: EventLog, session: string) {
  await log.append(`key-${session}`, sessionEvent(session));
  const [taken] = await log.take('test', 1);
  assert.ok(taken, `the event of ${session} is taken`);
  await log.failed(taken, 'the CRM answered 500', undefined);
}

/** With a store on `redis()` (a single Redis or a cluster): the proxy reads the store's log. */
export function storeEventLogContract(
  name: string,
  redis: () => RunningRedis,
  skip: string | false = false,
) {
  describe(`createProxy's event log with a Redis store (${name})`, { skip }, () => {
    let store: RedisStore;
    let client: Redis | Cluster;
    before(() => {
      const { url, cluster } = redis();
      store = redisStore(url, { base: 'site', cluster, warn: () => undefined });
      client = redis().connect();
    });
    after(async () => {
      client.disconnect();
      await store.close();
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
}
