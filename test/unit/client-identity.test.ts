/**
 * Every client its own share, wherever the proxy is mounted: the README's recipes —
 * Hono on @hono/node-server, Express through getRequestListener, a Next.js route handler — each
 * with two clients, one over its limit; no shared bucket when the proxy cannot tell clients
 * apart; keys hashed (no store normalises two clients into one) and IPv6 counted by /64.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import express from 'express';
import { Hono } from 'hono';
import { getRequestListener, serve, type ServerType } from '@hono/node-server';
import { createProxy } from '../../src/proxy/app.js';
import {
  addressBucket,
  CLIENT_UNKNOWN_MESSAGE,
  hashedClient,
  type ClientKey,
} from '../../src/proxy/client-identity.js';
import { parseConfig } from '../../src/proxy/config.js';
import { memoryStore } from '../../src/proxy/shared-store.js';
import { createSimulator } from '../../src/sim/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import { connection, platformAccess, proxySuite, simFetch } from './proxy-harness.js';
import { clearOfMinuteEnd } from './minute.js';

const sim = createSimulator({ talkDelayMs: 0 });
const access = platformAccess(sim);
/** The tests' proxy served from one address (proxy-harness.ts), its answers scanned for secrets. */
const { makeProxy } = proxySuite({ sim });
const LIMIT = 3;

/** A proxy as a site makes it (`parseConfig(process.env)`), with the simulator for the platform. */
function siteProxy(
  env: Record<string, string> = {},
  warnings: string[] = [],
  clientKey?: ClientKey,
) {
  return createProxy({
    config: {
      ...parseConfig({
        DH_RATE_LIMIT: String(LIMIT),
        DH_SIGNING_SECRET: 'x'.repeat(32),
        DH_PUBLIC_HEADS: '*',
        ...env,
      }),
      platform: access,
    },
    platform: new PlatformClient({ ...access, fetch: simFetch(sim) }),
    log: () => undefined,
    warn: (m) => warnings.push(m),
    ...(clientKey ? { clientKey } : {}),
  });
}

/** GET `path` on a local server from the loopback address `from` (127.0.0.1, 127.0.0.2, …): a real socket. */
function getFrom(
  port: number,
  from: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, localAddress: from, headers, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Client A sends LIMIT + 1 requests (the last refused), then client B sends one (answered). */
async function twoClients(send: (client: 'a' | 'b') => Promise<number>) {
  await clearOfMinuteEnd();
  const a: number[] = [];
  for (let i = 0; i <= LIMIT; i++) a.push(await send('a'));
  const b = await send('b');
  return { a, b };
}

const expectShares = ({ a, b }: { a: number[]; b: number }, how: string) => {
  assert.deepEqual(a, [200, 200, 200, 429], `${how}: client A is limited at ${LIMIT} a minute`);
  assert.equal(b, 200, `${how}: client B still gets its answer after A went over its limit`);
};

describe('every client its own share, on every way of mounting the proxy', () => {
  const servers: ServerType[] = [];
  const listen = (server: ServerType) =>
    new Promise<number>((resolve) => {
      servers.push(server);
      if (server.listening) resolve((server.address() as AddressInfo).port);
      else server.once('listening', () => resolve((server.address() as AddressInfo).port));
    });
  after(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));
  test('Hono on @hono/node-server (app.route, as the README shows): two addresses, two shares', async () => {
    const app = new Hono();
    app.route('/', siteProxy());
    const port = await listen(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
    expectShares(
      await twoClients((c) => getFrom(port, c === 'a' ? '127.0.0.1' : '127.0.0.2', '/dh/health')),
      'Hono',
    );
  });

  test('Express through getRequestListener (the README recipe): two addresses, two shares; X-Forwarded-For ignored without DH_TRUST_PROXY', async () => {
    const proxy = getRequestListener(siteProxy().fetch);
    const app = express();
    app.use((req, res, next) =>
      req.path === '/dh' || req.path.startsWith('/dh/') ? proxy(req, res) : next(),
    );
    const server = app.listen(0, '127.0.0.1');
    const port = await listen(server);
    // Client A makes up a new X-Forwarded-For each time: without DH_TRUST_PROXY it changes nothing.
    let n = 0;
    const send = (c: 'a' | 'b') =>
      getFrom(port, c === 'a' ? '127.0.0.3' : '127.0.0.4', '/dh/health', {
        'x-forwarded-for': `198.51.100.${++n}`,
      });
    expectShares(await twoClients(send), 'Express');
  });

  test('a Next.js route handler (app.fetch(request), no connection): refused with client_unknown naming clientKey, DH_TRUST_PROXY and each framework’s own fix (Nuxt under nuxt dev, SvelteKit, React Router, Astro), never one shared bucket', async () => {
    const warnings: string[] = [];
    const app = siteProxy({}, warnings);
    // app/dh/[...path]/route.ts: export const GET = (request: Request) => app.fetch(request);
    const GET = (request: Request) => app.fetch(request);
    const res = await GET(new Request('https://shop.example/dh/health'));
    assert.equal(res.status, 500);
    const body = await res.json();
    assert.equal(body.error.code, 'client_unknown');
    assert.equal(body.error.message, CLIENT_UNKNOWN_MESSAGE);
    assert.match(body.error.message, /clientKey/);
    assert.match(body.error.message, /DH_TRUST_PROXY/);
    // Each framework whose route handlers get no connection, with its own fix (docs/frameworks.md).
    for (const fix of [
      /Nuxt: getRequestIP\(event\), with \{ xForwardedFor: true \} under nuxt dev/,
      /SvelteKit: event\.getClientAddress\(\)/,
      /React Router: [^;]*getLoadContext/,
      /Astro: clientAddress/,
      /Next\.js[^;]*DH_TRUST_PROXY=true/,
      /docs\/frameworks\.md/,
    ])
      assert.match(body.error.message, fix);
    assert.equal(
      (await GET(new Request('https://shop.example/dh/health'))).status,
      500,
      'every request, not only the first',
    );
    assert.deepEqual(
      warnings.filter((w) => w === CLIENT_UNKNOWN_MESSAGE),
      [CLIENT_UNKNOWN_MESSAGE],
      'said once in the log',
    );
    // The platform's own calls are refused the same way: a delivery the platform retries, not one counted with everyone's.
    const hook = await app.fetch(
      new Request('https://shop.example/dh/hooks/events', { method: 'POST', body: '{}' }),
    );
    assert.equal(hook.status, 500);
  });

  test('a Next.js route handler with DH_TRUST_PROXY (Vercel appends the client to X-Forwarded-For): two clients, two shares; a forged first entry is ignored', async () => {
    const app = siteProxy({ DH_TRUST_PROXY: 'true' });
    const GET = (request: Request) => app.fetch(request);
    let n = 0;
    const send = async (c: 'a' | 'b') => {
      // The client may send its own X-Forwarded-For; the platform's edge appends the address it saw.
      const forged = `10.0.0.${++n}`;
      const seen = c === 'a' ? '203.0.113.7' : '203.0.113.8';
      return (
        await GET(
          new Request('https://shop.example/dh/health', {
            headers: { 'x-forwarded-for': `${forged}, ${seen}` },
          }),
        )
      ).status;
    };
    expectShares(await twoClients(send), 'Next.js behind its edge');
  });

  test('a clientKey that returns addresses (CF-Connecting-IP on Workers) counts IPv6 by /64 too, and ports are no new clients', async () => {
    const app = siteProxy({}, [], (c) => c.req.header('cf-connecting-ip'));
    let n = 0;
    // Client A: a new address of its /64 each time; client B: another /64.
    const send = async (c: 'a' | 'b') =>
      (
        await app.request('/dh/health', {
          headers: { 'cf-connecting-ip': c === 'a' ? `2001:db8:7:7::${++n}` : '2001:db8:7:8::1' },
        })
      ).status;
    expectShares(await twoClients(send), 'IPv6 from clientKey');
    const trusted = siteProxy({ DH_TRUST_PROXY: 'true' });
    const fromPort = async (c: 'a' | 'b') =>
      (
        await trusted.fetch(
          new Request('https://shop.example/dh/health', {
            headers: {
              'x-forwarded-for': c === 'a' ? `198.51.100.9:${40000 + ++n}` : '198.51.100.10:40000',
            },
          }),
        )
      ).status;
    expectShares(await twoClients(fromPort), 'X-Forwarded-For with ports');
  });

  test('X-Forwarded-For keys the rate limit only with DH_TRUST_PROXY, and then its last entry', async () => {
    await clearOfMinuteEnd();
    const spoofable = makeProxy({ DH_RATE_LIMIT: '2' });
    for (const ip of ['1.1.1.1', '2.2.2.2'])
      assert.equal(
        (await spoofable.request('/dh/health', { headers: { 'x-forwarded-for': ip } })).status,
        200,
      );
    assert.equal(
      (await spoofable.request('/dh/health', { headers: { 'x-forwarded-for': '3.3.3.3' } })).status,
      429,
      'a changed header does not reset the limit',
    );
    const trusted = makeProxy({ DH_RATE_LIMIT: '1', DH_TRUST_PROXY: 'true' });
    assert.equal(
      (
        await trusted.request('/dh/health', {
          headers: { 'x-forwarded-for': 'forged, 10.0.0.1' },
        })
      ).status,
      200,
    );
    assert.equal(
      (await trusted.request('/dh/health', { headers: { 'x-forwarded-for': 'other, 10.0.0.1' } }))
        .status,
      429,
      'the forged first entry is ignored',
    );
    assert.equal(
      (await trusted.request('/dh/health', { headers: { 'x-forwarded-for': '10.0.0.2' } })).status,
      200,
    );
  });

  test('a site that knows its clients better passes clientKey (a signed-in user, say); undefined refuses the request', async () => {
    const app = siteProxy({}, [], (c) => c.req.header('x-user') || undefined);
    const send = async (c: 'a' | 'b') =>
      (await app.request('/dh/health', { headers: { 'x-user': c === 'a' ? 'ada' : 'grace' } }))
        .status;
    expectShares(await twoClients(send), 'clientKey');
    assert.equal(
      (await app.request('/dh/health')).status,
      500,
      'no key: refused, not counted with the others',
    );
  });
});

describe('client keys as the store sees them', () => {
  test('IPv6 addresses count by their /64; IPv4 and IPv4-mapped IPv6 as the IPv4 address; zones and brackets dropped', () => {
    assert.equal(addressBucket('203.0.113.7'), '203.0.113.7');
    assert.equal(addressBucket('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressBucket('::FFFF:203.0.113.7'), '203.0.113.7');
    assert.equal(addressBucket('2001:db8:1:2:3:4:5:6'), '2001:0db8:0001:0002::/64');
    assert.equal(
      addressBucket('2001:db8:1:2::9'),
      '2001:0db8:0001:0002::/64',
      'another address of the same /64',
    );
    assert.equal(addressBucket('[2001:DB8:1:2::9]'), '2001:0db8:0001:0002::/64');
    assert.equal(addressBucket('fe80::1%eth0'), 'fe80:0000:0000:0000::/64');
    assert.equal(addressBucket('::1'), '0000:0000:0000:0000::/64');
    assert.equal(addressBucket('64:ff9b::192.0.2.33'), '0064:ff9b:0000:0000::/64');
    assert.notEqual(
      addressBucket('2001:db8:1:2::9'),
      addressBucket('2001:db8:1:3::9'),
      'another /64 is another client',
    );
    assert.equal(
      addressBucket('203.0.113.7:5678'),
      '203.0.113.7',
      'a port some proxies append is dropped',
    );
    assert.equal(addressBucket('[2001:db8:1:2::9]:443'), '2001:0db8:0001:0002::/64');
    assert.equal(addressBucket('not an address'), 'not an address');
    assert.equal(addressBucket('1:2:3'), '1:2:3', 'not IPv6: kept as it is');
  });

  test('keys are hashed: the store sees hex only for a client, never its address (unstorage collapses "::")', async () => {
    const a = await hashedClient('ip:2001:0db8:0001:0002::/64');
    assert.notEqual(a, await hashedClient('ip:2001:0db8:0001:0002:/64'));
    assert.equal(
      await hashedClient('ip:2001:0db8:0001:0002::/64'),
      a,
      'the same client, the same key',
    );
    // What the rate limit writes to the store, recorded: every counter key names a hash, not the address.
    const store = memoryStore();
    const keys: string[] = [];
    const increment = store.increment.bind(store);
    store.increment = (key, ttl, by) => (keys.push(key), increment(key, ttl, by));
    const app = createProxy({
      config: {
        ...parseConfig({ DH_RATE_LIMIT: String(LIMIT), DH_SIGNING_SECRET: 'x'.repeat(32) }),
        platform: access,
      },
      platform: new PlatformClient({ ...access, fetch: simFetch(sim) }),
      log: () => undefined,
      warn: () => undefined,
      store,
    });
    assert.equal((await app.request('/dh/health', {}, connection('2001:db8:5:6::7'))).status, 200);
    const counters = keys.filter((k) => k.startsWith('rl:'));
    assert.equal(counters.length, 1, keys.join(', '));
    assert.match(
      counters[0]!,
      /^rl:browser:[0-9a-f]{32}:\d+$/,
      'a hash between the limit and the minute',
    );
  });

  test('two IPv6 clients in different /64s, one over its limit: the other keeps its share; the same /64 shares one', async () => {
    await clearOfMinuteEnd();
    const app = siteProxy();
    const from = async (address: string) =>
      (await app.request('/dh/health', {}, connection(address))).status;
    const a: number[] = [];
    for (let i = 0; i <= LIMIT; i++) a.push(await from(`2001:db8:0:1::${i + 1}`));
    assert.deepEqual(a, [200, 200, 200, 429], 'four addresses of one /64 are one client');
    assert.equal(await from('2001:db8:0:2::1'), 200, 'a neighbouring /64 is another client');
  });
});
