/**
 * Several instances sharing state through a real Redis, each with its own connection to it, as
 * two machines behind a load balancer would: the same webhook delivery sent to both is handled
 * once; one login for both; the rate limit and the daily video cap count across both; when Redis
 * stops, nothing crashes: reads go on (limited per instance), writes and deliveries get a 503 the
 * caller retries; a tally changed from both counts each thing once. Shared by shared-store.test.ts
 * (a single Redis) and redis-cluster.test.ts (a Redis Cluster); the tally's contract by the
 * conversation insights' tests too (the memory store).
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { redisStore, type RedisStore } from '../../src/proxy/redis-store.js';
import type { KeyValueStore, TallyChange } from '../../src/proxy/store.js';
import { signWebhookBody } from '../../src/proxy/webhook-signature.js';
import { createSimulator } from '../../src/sim/index.js';
import { clearOfMinuteEnd } from './minute.js';
import { platformAccess, servedFrom, simFetch } from './proxy-harness.js';
import type { RunningRedis } from './redis-server.js';

const ADMIN = 'admin-token-0123456789';

/**
 * A tally's contract (tally.ts), the same on every store and from any number of its users at once
 * (`stores`, each with its own connection): adds and maxima, a change marked `once` counted once,
 * a ranked field among at most `limit` of its kind (the lowest gives its place and its count), a
 * read that writes nothing.
 */
export async function tallyContract(...stores: KeyValueStore[]) {
  const at = (i: number) => stores[i % stores.length]!;
  const tally = (change: Omit<TallyChange, 'ttlMs'>, key = 'tally-contract', i = 0) =>
    at(i).tally!(key, { ttlMs: 60_000, ...change });
  assert.deepEqual(await tally({ add: { a: 2, b: 1 }, max: { peak: 3 }, read: true }), {
    applied: true,
    fields: { a: 2, b: 1, peak: 3 },
  });
  assert.equal(
    (await tally({ once: 'x', onceMs: 60_000, add: { a: 1 } }, undefined, 1)).applied,
    true,
  );
  assert.equal(
    (await tally({ once: 'x', onceMs: 60_000, add: { a: 5 }, max: { peak: 9 } })).applied,
    false,
    'a change marked as one seen already does nothing',
  );
  assert.deepEqual((await tally({ max: { peak: 2 }, read: true }, undefined, 1)).fields, {
    a: 3,
    b: 1,
    peak: 3,
  });
  const ask = (field: string) => tally({ ranked: { field, prefix: 'q:', limit: 2 } });
  for (const field of ['q:often', 'q:often', 'q:often', 'q:once', 'q:new']) await ask(field);
  assert.deepEqual(
    (await tally({ read: true })).fields,
    { a: 3, b: 1, peak: 3, 'q:often': 3, 'q:new': 2 },
    'two of a kind at most: the new one took the place of the lowest, from its count',
  );
  assert.deepEqual(
    await tally({ read: true }, 'tally-never-written'),
    { applied: true, fields: {} },
    'a read writes nothing',
  );
  // Own properties, as a question's text would make them (JSON.parse makes "__proto__" one).
  await tally({ add: JSON.parse('{"constructor": 1, "__proto__": 2}') }, 'tally-names');
  assert.deepEqual(
    Object.entries((await tally({ read: true }, 'tally-names')).fields).sort(),
    [
      ['__proto__', 2],
      ['constructor', 1],
    ],
    "fields named like Object's are fields",
  );
  const applied = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      tally({ once: `m${i % 8}`, onceMs: 60_000, add: { n: 1 } }, 'tally-parallel', i),
    ),
  );
  assert.equal(applied.filter((r) => r.applied).length, 8, 'changes at once: each mark once');
  assert.deepEqual((await tally({ read: true }, 'tally-parallel')).fields, { n: 8 });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The tests on `redis()` (a single Redis or a cluster); the last one stops it and starts it again
 * (restart(): an empty Redis, or a cluster that kept its data).
 */
export function sharedStoreContract(
  name: string,
  redis: () => RunningRedis,
  skip: string | false = false,
) {
  describe(`two proxy instances sharing one Redis (DH_STORE): ${name}`, { skip }, () => {
    const sim = createSimulator({ talkDelayMs: 0 });
    const network = simFetch(sim);
    const client = new PlatformClient({ ...platformAccess(sim), fetch: network });
    const stores: RedisStore[] = [];

    // Each test's instances go with it: their onEvent consumers share one group on this Redis.
    afterEach(async () => {
      for (const s of stores.splice(0)) await s.close().catch(() => undefined);
    });

    /** One instance: its own Redis connection and platform client, the shared simulator. */
    function instance(env: Record<string, string> = {}, shareToken = false) {
      const warnings: string[] = [];
      const store = redisStore(redis().url, {
        cluster: redis().cluster,
        commandTimeoutMs: 500,
        warn: (m) => warnings.push(m),
      });
      stores.push(store);
      const events: string[] = [];
      const config = {
        ...parseConfig({
          DH_SIGNING_SECRET: 'x'.repeat(32),
          DH_ADMIN_TOKEN: ADMIN,
          DH_PUBLIC_HEADS: '*',
          DH_RATE_LIMIT: '0',
          ...redis().env,
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

    test("a tally is changed in one script from both instances: the tally's contract", () =>
      tallyContract(instance().store, instance().store));

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
      await redis().stop();
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
      await redis().restart();
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
}
