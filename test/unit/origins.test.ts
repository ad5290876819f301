/**
 * Allowed page origins at run time (GET/POST/DELETE /dh/origins, proxy/page-origins.ts): an admin
 * adds the origin of the page where the embed code is pasted, and that page's requests get CORS at
 * once, with no restart; bad values are refused saying why; on two instances sharing a Redis the
 * change reaches both.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { ORIGINS_FRESH_MS, pageOrigins } from '../../src/proxy/page-origins.js';
import { redisStore, type RedisStore } from '../../src/proxy/redis-store.js';
import { memoryStore } from '../../src/proxy/shared-store.js';
import type { KeyValueStore } from '../../src/proxy/store.js';
import { createSimulator } from '../../src/sim/index.js';
import { errorOf, platformAccess, proxyHarness, servedFrom, simFetch } from './proxy-harness.js';
import { NO_REDIS, startRedis, type RunningRedis } from './redis-server.js';
import { watchSecrets } from './secret-scan.js';

const sim = createSimulator({ talkDelayMs: 0 });
const SIGNING = 'origins-signing-secret-0123456789abcdef';
const ADMIN = 'origins-admin-token-0123456789';
const scan = watchSecrets(sim, [SIGNING, ADMIN]);
const makeProxy = proxyHarness(sim, { signing: SIGNING, admin: ADMIN, scan });

const PASTED = 'http://127.0.0.1:9911';
const json = JSON.stringify;

/** A page of `origin` asking for the face list, as a browser does across origins. */
const fromPage = (origin: string) => ({ headers: { origin } });

describe('allowed page origins at run time', () => {
  test('GET /dh/origins lists the fixed (DH_ALLOWED_ORIGINS) and the added origins', async () => {
    const p = makeProxy({ DH_ALLOWED_ORIGINS: 'https://shop.example' });
    const res = await p.request('/dh/origins', { admin: true });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await res.json(), { static: ['https://shop.example'], added: [] });
  });

  test('an added origin gets CORS at once, with no restart; removed, it is refused again', async () => {
    const p = makeProxy({ DH_ALLOWED_ORIGINS: 'https://shop.example' });
    const before = await p.request('/dh/faces', fromPage(PASTED));
    assert.equal(before.headers.get('access-control-allow-origin'), null);

    const added = await p.request('/dh/origins', {
      method: 'POST',
      admin: true,
      body: json({ origin: PASTED }),
    });
    assert.equal(added.status, 201);
    assert.deepEqual(await added.json(), { static: ['https://shop.example'], added: [PASTED] });
    const now = await p.request('/dh/faces', fromPage(PASTED));
    assert.equal(now.headers.get('access-control-allow-origin'), PASTED);
    // Its preflight too (a POST with the CSRF header from that page).
    const preflight = await p.request('/dh/heads', {
      method: 'OPTIONS',
      headers: {
        origin: PASTED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-dh-kit',
      },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), PASTED);

    // Adding it again changes nothing (200, not 201).
    const again = await p.request('/dh/origins', {
      method: 'POST',
      admin: true,
      body: json({ origin: PASTED }),
    });
    assert.equal(again.status, 200);

    const removed = await p.request(`/dh/origins?origin=${encodeURIComponent(PASTED)}`, {
      method: 'DELETE',
      admin: true,
    });
    assert.equal(removed.status, 204);
    const after = await p.request('/dh/faces', fromPage(PASTED));
    assert.equal(after.headers.get('access-control-allow-origin'), null);
    // The fixed one is untouched, and another origin never got CORS.
    const shop = await p.request('/dh/faces', fromPage('https://shop.example'));
    assert.equal(shop.headers.get('access-control-allow-origin'), 'https://shop.example');
    const other = await p.request('/dh/faces', fromPage('https://evil.example'));
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });

  test('a proxy with no DH_ALLOWED_ORIGINS serves an origin added at run time', async () => {
    const p = makeProxy();
    await p.request('/dh/origins', { method: 'POST', admin: true, body: json({ origin: PASTED }) });
    const res = await p.request('/dh/faces', fromPage(PASTED));
    assert.equal(res.headers.get('access-control-allow-origin'), PASTED);
  });

  test('a value that is not a bare origin is refused with 400 saying why', async () => {
    const p = makeProxy();
    for (const [value, why] of [
      ['https://shop.example/', /write https:\/\/shop\.example/],
      ['https://shop.example/cms/page', /write https:\/\/shop\.example/],
      ['*', /"\*" is not allowed/],
      ['null', /not an origin such as https:\/\/shop\.example/],
      ['ftp://shop.example', /not an origin such as/],
      ['shop.example', /not an origin such as/],
    ] as const) {
      const res = await p.request('/dh/origins', {
        method: 'POST',
        admin: true,
        body: json({ origin: value }),
      });
      assert.equal(res.status, 400, value);
      const error = await errorOf(res);
      assert.equal(error.code, 'invalid_origin', value);
      assert.match(error.message, why, value);
    }
    const missing = await p.request('/dh/origins', { method: 'POST', admin: true, body: '{}' });
    assert.equal(missing.status, 400);
    const list = await (await p.request('/dh/origins', { admin: true })).json();
    assert.deepEqual(list.added, []);
  });

  test('DELETE: an origin not added is 404; a DH_ALLOWED_ORIGINS one is 409 naming the variable', async () => {
    const p = makeProxy({ DH_ALLOWED_ORIGINS: 'https://shop.example' });
    const missing = await p.request(`/dh/origins?origin=${encodeURIComponent(PASTED)}`, {
      method: 'DELETE',
      admin: true,
    });
    assert.equal(missing.status, 404);
    assert.equal((await errorOf(missing)).code, 'origin_not_added');
    const fixed = await p.request('/dh/origins?origin=https%3A%2F%2Fshop.example', {
      method: 'DELETE',
      admin: true,
    });
    assert.equal(fixed.status, 409);
    assert.match((await errorOf(fixed)).message, /DH_ALLOWED_ORIGINS/);
    const bad = await p.request('/dh/origins?origin=nope', { method: 'DELETE', admin: true });
    assert.equal(bad.status, 400);
  });

  test('the embed refusal page may be framed by an added origin (frame-ancestors)', async () => {
    const p = makeProxy();
    await p.request('/dh/origins', { method: 'POST', admin: true, body: json({ origin: PASTED }) });
    const res = await p.request('/dh/embed/a1b2c3d4?view=chat&exp=1&sig=x', {
      headers: { accept: 'text/html' },
    });
    assert.equal(res.status, 403);
    assert.match(
      res.headers.get('content-security-policy') ?? '',
      /frame-ancestors 'self' http:\/\/127\.0\.0\.1:9911/,
    );
  });

  test('an instance reads the added list from the store at most once a second', async () => {
    let clock = 1_000_000;
    const store = memoryStore(() => clock);
    let reads = 0;
    const counted: KeyValueStore = {
      get: (key) => {
        reads++;
        return store.get(key);
      },
      set: (key, value, ttl) => store.set(key, value, ttl),
      add: (key, value, ttl) => store.add(key, value, ttl),
      increment: (key, ttl, by) => store.increment(key, ttl, by),
    };
    const mine = pageOrigins([], counted, () => clock);
    const other = pageOrigins([], store, () => clock);
    assert.equal(await mine.allows(PASTED), false);
    await other.add(PASTED);
    reads = 0;
    // Within the second, from what it read last; after it, from the store.
    assert.equal(await mine.allows(PASTED), false);
    assert.equal(await mine.allows('https://b.example'), false);
    assert.equal(reads, 0);
    clock += ORIGINS_FRESH_MS;
    assert.equal(await mine.allows(PASTED), true);
    assert.equal(reads, 1);
  });
});

describe('allowed page origins on two instances sharing one Redis', { skip: NO_REDIS }, () => {
  let redis: RunningRedis;
  const stores: RedisStore[] = [];
  before(async () => {
    redis = await startRedis();
  });
  after(async () => {
    for (const s of stores) await s.close().catch(() => undefined);
    await redis.dispose();
  });

  function instance() {
    const store = redisStore(redis.url, { commandTimeoutMs: 500, warn: () => undefined });
    stores.push(store);
    const config = {
      ...parseConfig({
        DH_SIGNING_SECRET: SIGNING,
        DH_ADMIN_TOKEN: ADMIN,
        DH_PUBLIC_HEADS: '*',
        DH_RATE_LIMIT: '0',
        DH_STORE: redis.url,
      }),
      platform: platformAccess(sim),
    };
    return servedFrom(
      createProxy({
        config,
        platform: new PlatformClient({ ...platformAccess(sim), fetch: simFetch(sim) }),
        fetch: simFetch(sim),
        store,
        log: () => undefined,
        warn: () => undefined,
      }),
    );
  }

  test('an origin added on one instance is allowed on the other within a second; removed, refused', async () => {
    const a = instance();
    const b = instance();
    const admin = {
      authorization: `Bearer ${ADMIN}`,
      'x-dh-kit': '1',
      'content-type': 'application/json',
    };
    const corsOn = async (app: typeof a) =>
      (await app.request('/dh/faces', fromPage(PASTED))).headers.get('access-control-allow-origin');
    assert.equal(await corsOn(b), null);
    const added = await a.request('/dh/origins', {
      method: 'POST',
      headers: admin,
      body: json({ origin: PASTED }),
    });
    assert.equal(added.status, 201);
    const listed = await (await b.request('/dh/origins', { headers: admin })).json();
    assert.deepEqual(listed.added, [PASTED]);
    await new Promise((r) => setTimeout(r, ORIGINS_FRESH_MS + 50));
    assert.equal(await corsOn(b), PASTED);
    const removed = await b.request(`/dh/origins?origin=${encodeURIComponent(PASTED)}`, {
      method: 'DELETE',
      headers: admin,
    });
    assert.equal(removed.status, 204);
    await new Promise((r) => setTimeout(r, ORIGINS_FRESH_MS + 50));
    assert.equal(await corsOn(a), null);
  });
});
