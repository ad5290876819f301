/**
 * Several instances sharing state through a real Redis: Debian's redis-server, started
 * here on a free loopback port, and two proxies that each have their own connection to it, as two
 * machines behind a load balancer would. The same webhook delivery sent to both is handled once;
 * the rate limit and the daily video cap count across both; when Redis stops, nothing crashes:
 * reads go on (limited per instance), writes and deliveries get a 503 the caller retries.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { redisStore, type RedisStore } from '../../src/proxy/redis-store.js';
import { memoryStore } from '../../src/proxy/shared-store.js';
import { StoreUnavailable, type KeyValueStore } from '../../src/proxy/store.js';
import { signWebhookBody } from '../../src/proxy/webhook-signature.js';
import { createSimulator } from '../../src/sim/index.js';
import { platformAccess, simFetch, servedFrom } from './proxy-harness.js';
import { clearOfMinuteEnd } from './minute.js';

const ADMIN = 'admin-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('two proxy instances sharing one Redis (DH_STORE)', { skip: NO_REDIS }, () => {
  const sim = createSimulator({ talkDelayMs: 0 });
  const network = simFetch(sim);
  const client = new PlatformClient({ ...platformAccess(sim), fetch: network });
  let redis: RunningRedis;
  let url: string;
  const stores: RedisStore[] = [];

  before(async () => {
    redis = await startRedis();
    url = redis.url;
  });
  // Each test's instances go with it: their onEvent consumers share one group on this Redis.
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
  });
  after(async () => {
    await redis.dispose();
  });

  /** One instance: its own Redis connection and platform client, the shared simulator. */
  function instance(env: Record<string, string> = {}, shareToken = false) {
    const warnings: string[] = [];
    const store = redisStore(url, { commandTimeoutMs: 500, warn: (m) => warnings.push(m) });
    stores.push(store);
    const events: string[] = [];
    const config = {
      ...parseConfig({
        DH_SIGNING_SECRET: 'x'.repeat(32),
        DH_ADMIN_TOKEN: ADMIN,
        DH_PUBLIC_HEADS: '*',
        DH_RATE_LIMIT: '0',
        DH_STORE: url,
        ...env,
      }),
      platform: platformAccess(sim),
    };
    const app = servedFrom(
      createProxy({
        config,
        // As createProxy makes it with DH_STORE: the token through the store.
        platform: new PlatformClient({
          ...platformAccess(sim),
          fetch: network,
          ...(shareToken ? { tokenStore: store } : {}),
        }),
        fetch: network,
        store,
        log: () => undefined,
        warn: (m) => warnings.push(m),
        onEvent: (e) => void events.push(e.session_id),
      }),
    );
    return { app, store, events, warnings };
  }

  async function head() {
    const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
    return client.createHead({
      headVisualId: sim.store.faces[0]!.id,
      name: 'Shared',
      language: 'en-US',
      operationMode: 'oc',
      ttsProvider: voice.provider,
      ttsVoice: voice.voiceId,
    });
  }

  test('AUTH-5 200 concurrent cold requests spread over both instances make one /auth/token', async () => {
    const logins = () => sim.store.requests.filter((r) => r.path === '/auth/token').length;
    const before = logins();
    const a = instance({}, true);
    const b = instance({}, true);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? b : a).app.request(`/dh/faces?take=${(i % 7) + 1}`),
      ),
    );
    assert.ok(
      answers.every((r) => r.status === 200),
      answers.map((r) => r.status).join(),
    );
    assert.equal(logins() - before, 1, 'one login for both instances');
    // A third instance started later takes the token and the catalogue from the store.
    const catalogueCalls = () =>
      sim.store.requests.filter((r) => r.path === '/head_visual/face/all').length;
    const pages = catalogueCalls();
    const c = instance({}, true);
    const third = await c.app.request('/dh/faces?take=3');
    assert.equal(third.status, 200);
    assert.equal(((await third.json()) as { total: number }).total, sim.store.faces.length);
    assert.equal(logins() - before, 1);
    assert.equal(catalogueCalls() - pages, 0, 'the faces came from the store, not the platform');
  });

  test("the same webhook delivery sent to both instances (a load balancer's retry) is handled exactly once", async () => {
    const a = instance();
    const b = instance();
    const { id } = await head();
    await client.createWebhook({
      headId: id,
      webhookUrl: 'https://example.com/dh/hooks/events',
      startConversation: true,
    });
    const [hook] = await client.listWebhooks(id);
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      head_id: id,
      session_id: 'shared-1',
      public_head_id: 'p',
      public_org_id: 'o',
      event_type: 'start_conversation',
    });
    const signature = await signWebhookBody(body, hook!.sharedKey);
    const deliver = (to: typeof a) =>
      to.app.request('/dh/hooks/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature-256': signature },
        body,
      });
    const answers = await Promise.all([a, b, a, b, b, a].map(deliver));
    assert.deepEqual(
      answers.map((r) => r.status).sort(),
      [200, 200, 200, 200, 200, 202],
      'one accepted, the others acknowledged as duplicates',
    );
    // onEvent is fed from the log (shared: one Redis Stream, one consumer group) a moment later.
    for (let i = 0; i < 500 && a.events.length + b.events.length === 0; i++) await sleep(20);
    await sleep(500);
    assert.deepEqual(
      [...a.events, ...b.events],
      ['shared-1'],
      'one onEvent call across the two instances',
    );
  });

  test("the rate limit counts a client's requests on both instances together", async () => {
    await clearOfMinuteEnd();
    const env = { DH_RATE_LIMIT: '6' };
    const a = instance(env);
    const b = instance(env);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await (i % 2 ? b : a).app.request('/dh/health')).status);
    assert.deepEqual(
      statuses,
      [200, 200, 200, 200, 200, 200, 429, 429],
      'six a minute, whichever instance answers',
    );
  });

  test('the daily text-to-video cap counts across both instances', async () => {
    await clearOfMinuteEnd();
    const env = { DH_VIDEO_DAILY_CAP: '2' };
    const a = instance(env);
    const b = instance(env);
    const { id } = await head();
    const make = (to: typeof a, text: string) =>
      to.app.request(`/dh/heads/${id}/videos`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ADMIN}`,
          'x-dh-kit': '1',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ text }),
      });
    assert.equal((await make(a, 'One.')).status, 202);
    assert.equal((await make(b, 'Two.')).status, 202);
    const third = await make(a, 'Three.');
    assert.equal(third.status, 429);
    assert.equal(
      ((await third.json()) as { error: { code: string } }).error.code,
      'video_cap_reached',
    );
  });

  test('a launch link signed by one instance opens on the other (one DH_SIGNING_SECRET)', async () => {
    const a = instance();
    const b = instance();
    const { id } = await head();
    const launch = (await (await a.app.request(`/dh/heads/${id}/launch?view=chat`)).json()) as {
      url: string;
    };
    const opened = await b.app.request(
      new URL(launch.url, 'http://site.test').pathname +
        new URL(launch.url, 'http://site.test').search,
    );
    assert.equal(opened.status, 302, 'the other instance redirects to the chat page');
  });

  test('Redis stops: nothing crashes; reads go on, limited per instance; writes and deliveries get 503 with Retry-After; one log line each way', async () => {
    const a = instance({ DH_RATE_LIMIT: '100' });
    const { id } = await head();
    assert.equal((await a.app.request('/dh/faces?take=3')).status, 200);
    const { warnings } = a;
    await redis.stop();
    await sleep(100);
    const faces = await a.app.request('/dh/faces?take=3');
    assert.equal(faces.status, 200, 'the catalogue still answers');
    // An instance that starts while Redis is away asks the platform and keeps the catalogue itself.
    const fresh = instance({ DH_RATE_LIMIT: '100' });
    const freshFaces = await fresh.app.request('/dh/faces?take=3');
    assert.equal(freshFaces.status, 200, 'a new instance serves the catalogue from the platform');
    const created = await a.app.request(`/dh/heads/${id}/videos`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN}`,
        'x-dh-kit': '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text: 'Hi.' }),
    });
    assert.equal(created.status, 503);
    assert.equal(created.headers.get('retry-after'), '5');
    assert.equal(
      ((await created.json()) as { error: { code: string } }).error.code,
      'store_unavailable',
    );
    const delivery = await a.app.request('/dh/hooks/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-256': 'a'.repeat(64) },
      body: JSON.stringify({ head_id: id }),
    });
    assert.ok(
      [401, 503].includes(delivery.status),
      `a delivery is refused, never a 5xx other than 503 (${delivery.status})`,
    );
    assert.equal(
      warnings.filter(
        (w) => /is not answering/.test(w) && /shared store/.test(w) && /127\.0\.0\.1/.test(w),
      ).length,
      1,
      warnings.join('\n'),
    );
    // Back: the same port, a new (empty) Redis; the instance reconnects by itself.
    await redis.restart();
    for (let i = 0; i < 200 && !warnings.some((w) => /answers again/.test(w)); i++)
      await sleep(100);
    assert.ok(
      warnings.some((w) => /answers again/.test(w)),
      'said when it is back',
    );
    const again = await a.app.request(`/dh/heads/${id}/videos`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN}`,
        'x-dh-kit': '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text: 'Back.' }),
    });
    assert.equal(again.status, 202);
  });
});

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
