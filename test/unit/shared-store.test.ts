/**
 * Several instances sharing state through a real Redis (shared-store-contract.ts): Debian's
 * redis-server, started here on a free loopback port, and two proxies that each have their own
 * connection to it. Then a store that fails (reads limited in memory, writes 503), and the store
 * on unstorage's memory driver.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { memoryStore } from '../../src/proxy/shared-store.js';
import { StoreUnavailable, type KeyValueStore } from '../../src/proxy/store.js';
import { createSimulator } from '../../src/sim/index.js';
import { clearOfMinuteEnd } from './minute.js';
import { platformAccess, servedFrom, simFetch } from './proxy-harness.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';
import { sharedStoreContract } from './shared-store-contract.js';

const ADMIN = 'admin-token-0123456789';

let redis: RunningRedis | undefined;
before(async () => {
  if (!NO_REDIS) redis = await startRedis();
});
after(async () => {
  await redis?.dispose();
});
sharedStoreContract('a single Redis', () => redis!, NO_REDIS);

describe('a store that fails', () => {
  test("reads are then limited in the instance's memory (still limited); writes and the platform's calls get 503 store_unavailable", async () => {
    await clearOfMinuteEnd();
    /** A shared store whose server is gone: every call fails as the Redis store's do. */
    class DownStore implements KeyValueStore {
      calls = 0;
      #fail(): never {
        this.calls++;
        throw new StoreUnavailable(new Error('connect ECONNREFUSED'));
      }
      async get(): Promise<string | undefined> {
        return this.#fail();
      }
      async set(): Promise<void> {
        this.#fail();
      }
      async add(): Promise<boolean> {
        return this.#fail();
      }
      async increment(): Promise<number> {
        return this.#fail();
      }
    }
    const sim = createSimulator({ talkDelayMs: 0 });
    const store = new DownStore();
    const app = servedFrom(
      createProxy({
        config: {
          ...parseConfig({
            DH_SIGNING_SECRET: 'x'.repeat(32),
            DH_ADMIN_TOKEN: ADMIN,
            DH_RATE_LIMIT: '3',
          }),
          platform: platformAccess(sim),
        },
        platform: new PlatformClient({ ...platformAccess(sim), fetch: simFetch(sim) }),
        store,
        log: () => undefined,
        warn: () => undefined,
      }),
    );
    const reads = [];
    for (let i = 0; i < 4; i++) reads.push((await app.request('/dh/health')).status);
    assert.deepEqual(
      reads,
      [200, 200, 200, 429],
      'three a minute, counted in memory while the store is away',
    );
    assert.ok(store.calls >= 4, 'the shared store was tried first');
    const write = await app.request('/dh/webhooks', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN}`,
        'x-dh-kit': '1',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    assert.equal(write.status, 503);
    assert.equal(write.headers.get('retry-after'), '5');
    assert.equal(
      ((await write.json()) as { error: { code: string } }).error.code,
      'store_unavailable',
    );
    const delivery = await app.request('/dh/hooks/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-256': 'a'.repeat(64) },
      body: '{"head_id":"h1"}',
    });
    assert.equal(delivery.status, 503, 'the platform retries it later');
  });
});

describe('the store on unstorage without Redis (memory driver)', () => {
  test('values expire; of concurrent adds of one key exactly one wins; increments are counted one at a time', async () => {
    let now = 1_000;
    const store = memoryStore(() => now);
    await store.set('a', 'x', 100);
    assert.equal(await store.get('a'), 'x');
    now += 100;
    assert.equal(await store.get('a'), undefined, 'expired');
    const adds = await Promise.all(Array.from({ length: 20 }, () => store.add('once', '1', 1000)));
    assert.equal(adds.filter(Boolean).length, 1);
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('n', 1000)));
    assert.deepEqual(
      [...counts].sort((x, y) => x - y),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    now += 1000;
    assert.equal(await store.increment('n', 1000), 1, 'a new window after the first one expired');
  });
});
