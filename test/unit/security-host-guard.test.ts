/**
 * The Host guard of a proxy whose admin routes are open without a token (src/proxy/security/
 * host-guard.ts, `openAdmin`: `dh-kit start` in simulator mode): a page of another site whose
 * name resolves to 127.0.0.1 (DNS rebinding) sends its own name in Host and is refused, before any
 * route or platform call; loopback names and the allowed origins' hosts pass; with an admin token
 * the proxy answers every Host (a deployment behind any name).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isLoopbackHost } from '../../src/proxy/security/host-guard.js';
import { errorOf, proxySuite, type TestProxy } from './proxy-harness.js';

const { sim, makeProxy, createHead } = proxySuite({
  signing: 'host-guard-signing-secret-0123456789',
  admin: 'host-guard-admin-token-0123',
});

const CALLBACK_SECRET = 'host-guard-callback-secret-0123456789ab';
/** An open proxy, as `dh-kit start` makes it in simulator mode: no DH_ADMIN_TOKEN, admin open. */
const openProxy = (env: Record<string, string> = {}) =>
  makeProxy(
    { DH_ADMIN_TOKEN: '', DH_CALLBACK_SECRET: CALLBACK_SECRET, ...env },
    { openAdmin: true },
  );

const HEAD = 'a1b2c3d4-0000-4000-8000-000000000001';
/** The routes a rebinding page read or changed (issue's list), each with a body that would be valid. */
const ROUTES: { method: string; path: string; body?: string }[] = [
  { method: 'GET', path: '/dh/callbacks' },
  { method: 'GET', path: '/dh/events/failed' },
  { method: 'PUT', path: `/dh/heads/${HEAD}/events`, body: JSON.stringify({ enabled: true }) },
  { method: 'GET', path: '/dh/events/stream' },
  { method: 'GET', path: `/dh/webhooks?headId=${HEAD}` },
];

const FOREIGN_HOSTS = [
  'rebind-attacker.test:18787',
  'rebind-attacker.test',
  'attacker.example:8787',
  '127.0.0.1.nip.io:8787',
  'localhost.attacker.example:8787',
  '10.0.0.5:8787',
  '[::2]:8787',
  '127.0.0.256:8787',
  '0.0.0.0:8787',
];
const LOOPBACK_HOSTS = [
  '127.0.0.1:8787',
  'localhost:8787',
  '[::1]:8787',
  'LOCALHOST:8787',
  'demo.localhost:8787',
  '127.1.2.3',
];

/** Asks a route with a Host; the body of an event stream is cancelled (it never ends). */
async function ask(p: TestProxy, route: (typeof ROUTES)[number], host?: string) {
  const res = await p.app.request(route.path, {
    method: route.method,
    headers: {
      ...(host === undefined ? {} : { host }),
      'x-dh-kit': '1',
      ...(route.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(route.body ? { body: route.body } : {}),
  });
  return res;
}

async function settle(res: Response) {
  if (res.headers.get('content-type')?.includes('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
}

describe('the Host guard of open admin routes (DNS rebinding)', () => {
  test('isLoopbackHost: localhost, 127.0.0.0/8 and [::1], any port; nothing else', () => {
    for (const host of LOOPBACK_HOSTS) assert.ok(isLoopbackHost(host), `${host} is this machine`);
    for (const host of FOREIGN_HOSTS)
      assert.ok(!isLoopbackHost(host), `${host} is not this machine`);
  });

  test('an open proxy refuses a foreign Host with 421 host_not_allowed on the admin routes, before any platform call', async () => {
    const p = openProxy();
    const before = sim.store.requests.length;
    for (const host of FOREIGN_HOSTS) {
      for (const route of ROUTES) {
        const res = await ask(p, route, host);
        const what = `${route.method} ${route.path} with Host ${host}`;
        assert.equal(res.status, 421, what);
        assert.equal(res.headers.get('cache-control'), 'no-store', what);
        const error = await errorOf(res);
        assert.equal(error.code, 'host_not_allowed', what);
        assert.match(error.message, /DH_ADMIN_TOKEN/, what);
        assert.ok(!error.message.includes(host), `the Host is not echoed: ${what}`);
      }
    }
    // The public routes and the pages too: the whole proxy answers only this machine.
    const health = await p.app.request('/dh/health', { headers: { host: FOREIGN_HOSTS[0]! } });
    assert.equal(health.status, 421, 'GET /dh/health with a foreign Host');
    assert.equal(sim.store.requests.length, before, 'the platform was not asked anything');
    assert.ok(
      p.logs.some((line) => line.status === 421 && line.path === '/dh/callbacks'),
      'a refusal is in the request log',
    );
  });

  test('an open proxy answers loopback Hosts (127.0.0.1:port, localhost:port, [::1]:port) and a request without one', async () => {
    const p = openProxy();
    const head = await createHead(p);
    const routes = ROUTES.map((r) => ({ ...r, path: r.path.replace(HEAD, head.id) }));
    for (const host of [...LOOPBACK_HOSTS, undefined]) {
      for (const route of routes) {
        const res = await ask(p, route, host);
        const what = `${route.method} ${route.path} with Host ${host}`;
        assert.equal(res.status, 200, what);
        await settle(res);
      }
    }
    const callbacks = await (
      await p.app.request('/dh/callbacks', { headers: { host: '127.0.0.1:8787' } })
    ).json();
    assert.ok(
      JSON.stringify(callbacks).includes(CALLBACK_SECRET),
      'loopback reads the callback addresses',
    );
  });

  test("an open proxy answers an allowed origin's host (DH_ALLOWED_ORIGINS), not another port of it", async () => {
    const p = openProxy({ DH_ALLOWED_ORIGINS: 'http://devbox.test:8787' });
    const route = ROUTES[0]!;
    const listed = await ask(p, route, 'devbox.test:8787');
    assert.equal(listed.status, 200, 'the listed origin');
    await settle(listed);
    const other = await ask(p, route, 'devbox.test:9999');
    assert.equal(other.status, 421, 'another port of the listed name');
    assert.equal((await errorOf(other)).code, 'host_not_allowed');
  });

  test('with DH_ADMIN_TOKEN the proxy answers any Host: the public routes, and the admin routes with the token', async () => {
    const p = makeProxy({ DH_CALLBACK_SECRET: CALLBACK_SECRET });
    const head = await createHead(p);
    for (const host of ['rebind-attacker.test:18787', 'avatars.shop.example']) {
      const health = await p.app.request('/dh/health', { headers: { host } });
      assert.equal(health.status, 200, `GET /dh/health with Host ${host}`);
      await settle(health);
      const faces = await p.app.request('/dh/faces', { headers: { host } });
      assert.equal(faces.status, 200, `GET /dh/faces with Host ${host}`);
      await settle(faces);
      const published = await p.app.request(`/dh/heads/${head.id}`, { headers: { host } });
      assert.equal(published.status, 200, `GET /dh/heads/<id> with Host ${host}`);
      await settle(published);
      // The admin routes still need the token, whatever the Host.
      const noToken = await p.app.request('/dh/callbacks', { headers: { host } });
      assert.equal(noToken.status, 401, `GET /dh/callbacks without the token, Host ${host}`);
      assert.equal((await errorOf(noToken)).code, 'admin_required');
      const withToken = await p.request('/dh/callbacks', { admin: true, headers: { host } });
      assert.equal(withToken.status, 200, `GET /dh/callbacks with the token, Host ${host}`);
      await settle(withToken);
    }
  });
});
