/**
 * Every admin route refuses before it does anything: one table of every route behind
 * `requireAdmin`, each asked with no token, with a wrong token of the right length, and on a proxy
 * with no DH_ADMIN_TOKEN — and a check, by asking every route the app has, that the table lists
 * every such route, so a new admin route cannot be left out of it (nor an old one lose its guard
 * unnoticed). And the guard itself (src/proxy/security/admin-guard.ts): the admin token, a proxy
 * with none, and a site's own authorize hook.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ApiError } from '../../src/api/answers.js';
import { errorOf, proxySuite } from './proxy-harness.js';

const {
  sim,
  makeProxy,
  headBody,
  admin: ADMIN,
} = proxySuite({
  signing: 'admin-routes-signing-secret-0123456789',
  admin: 'admin-token-0123456789',
});

const HEAD = 'a1b2c3d4-0000-4000-8000-000000000001';
const json = JSON.stringify;
/** Every route behind requireAdmin, with a body that would be valid: only the guard may refuse it. */
const ADMIN_ROUTES: { method: string; path: string; body?: string }[] = [
  {
    method: 'POST',
    path: '/dh/heads',
    body: json({
      name: 'Ada',
      headVisualId: 'f',
      ttsProvider: 'p',
      ttsVoice: 'v',
      language: 'en-US',
      operationMode: 'oc',
    }),
  },
  { method: 'PUT', path: `/dh/heads/${HEAD}/splitter`, body: json({ splitter: false }) },
  { method: 'PUT', path: `/dh/heads/${HEAD}/tools`, body: json({ tools: [] }) },
  { method: 'GET', path: '/dh/callbacks' },
  { method: 'PUT', path: `/dh/heads/${HEAD}/events`, body: json({ start: true }) },
  { method: 'GET', path: '/dh/events/stream' },
  { method: 'GET', path: '/dh/events/failed' },
  { method: 'POST', path: `/dh/events/failed/${HEAD}/retry` },
  { method: 'POST', path: `/dh/heads/${HEAD}/videos`, body: json({ text: 'Hello' }) },
  { method: 'GET', path: `/dh/heads/${HEAD}/videos` },
  { method: 'GET', path: `/dh/heads/${HEAD}/videos/t1/download` },
  { method: 'GET', path: `/dh/heads/${HEAD}/budget` },
  { method: 'PUT', path: `/dh/heads/${HEAD}/budget`, body: json({ launchesPerVisitorPerDay: 3 }) },
  { method: 'GET', path: `/dh/webhooks?headId=${HEAD}` },
  {
    method: 'POST',
    path: '/dh/webhooks',
    body: json({ headId: HEAD, url: 'https://shop.example/dh/hooks/events' }),
  },
  { method: 'GET', path: '/dh/webhooks/w1' },
  {
    method: 'PATCH',
    path: '/dh/webhooks/w1',
    body: json({ url: 'https://shop.example/dh/hooks/events' }),
  },
  { method: 'DELETE', path: '/dh/webhooks/w1' },
  { method: 'GET', path: '/dh/heads' },
  { method: 'GET', path: '/dh/origins' },
  { method: 'GET', path: '/dh/insights' },
  { method: 'POST', path: '/dh/origins', body: json({ origin: 'https://shop.example' }) },
  { method: 'DELETE', path: '/dh/origins?origin=https%3A%2F%2Fshop.example' },
];

describe('admin routes', () => {
  test('the table lists every route that refuses a request without the admin token: every route the app has, asked', async () => {
    // Every method and path the app routes (Hono's own list), each param filled with an id that
    // passes every id check, asked once with no token: the guarded ones answer admin_required.
    const { app, request } = makeProxy({ DH_CALLBACK_SECRET: 'c'.repeat(40) });
    const templates = [
      ...new Set(
        app.routes
          .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    assert.ok(templates.length > 25, `${templates.length} routes found`);
    const guarded: string[] = [];
    for (const template of templates) {
      const [method, path] = template.split(' ') as [string, string];
      const res = await request(path.replace(/:\w+/g, 'x1'), { method });
      const body = (await res.json().catch(() => undefined)) as ApiError | undefined;
      if (body?.error?.code === 'admin_required') guarded.push(template);
    }
    const templateOf = (method: string, path: string) =>
      templates.find((t) => {
        const [m, p] = t.split(' ') as [string, string];
        return m === method && new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`).test(path);
      }) ?? `${method} ${path} (no such route)`;
    const listed = ADMIN_ROUTES.map((r) => templateOf(r.method, r.path.split('?')[0]!));
    assert.deepEqual(
      [...listed].sort(),
      [...guarded].sort(),
      'every guarded route is in ADMIN_ROUTES (and nothing else)',
    );
  });

  for (const route of ADMIN_ROUTES) {
    test(`${route.method} ${route.path.split('?')[0]}: no token 401, a wrong token 401, no DH_ADMIN_TOKEN 403 — before any platform call`, async () => {
      const open = makeProxy();
      const closed = makeProxy({ DH_ADMIN_TOKEN: '' });
      const before = sim.store.requests.length;
      const ask = (p: typeof open, authorization?: string) =>
        p.request(route.path, {
          method: route.method,
          ...(route.body ? { body: route.body } : {}),
          headers: authorization ? { authorization } : {},
        });
      const none = await ask(open);
      assert.equal(none.status, 401, 'no token');
      assert.equal((await errorOf(none)).code, 'admin_required');
      // The right length, one character off (the last): a comparison of the first bytes only would let it in.
      const wrong = await ask(
        open,
        `Bearer ${ADMIN.slice(0, -1)}${ADMIN.endsWith('9') ? '8' : '9'}`,
      );
      assert.equal(wrong.status, 401, 'a wrong token');
      assert.equal((await errorOf(wrong)).code, 'admin_required');
      const noAdmin = await ask(closed, `Bearer ${ADMIN}`);
      assert.equal(noAdmin.status, 403, 'no DH_ADMIN_TOKEN: closed, whatever is sent');
      assert.equal((await errorOf(noAdmin)).code, 'admin_closed');
      assert.equal(sim.store.requests.length, before, 'the platform was not asked anything');
      // And with the token the guard lets it through (whatever the route then answers). Not through
      // the secret scan, which reads the whole answer: the event stream's never ends.
      const admitted = await open.app.request(route.path, {
        method: route.method,
        headers: {
          authorization: `Bearer ${ADMIN}`,
          'x-dh-kit': '1',
          ...(route.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(route.body ? { body: route.body } : {}),
      });
      assert.ok(
        ![401, 403].includes(admitted.status),
        `the admin token is let in: ${admitted.status}`,
      );
      await admitted.body?.cancel();
    });
  }

  test('below /heads/:id the id is checked first, for anyone: a malformed id is a 400 before the admin guard (the id rule is public), and the platform is not asked', async () => {
    const { request } = makeProxy();
    const before = sim.store.requests.length;
    for (const [method, path] of [
      ['PUT', '/dh/heads/bad.id/splitter'],
      ['GET', '/dh/heads/bad.id/videos'],
      ['GET', '/dh/heads/bad.id'],
    ] as const) {
      const res = await request(path, { method });
      assert.equal(res.status, 400, `${method} ${path}`);
      assert.equal((await errorOf(res)).code, 'invalid_head_id');
    }
    assert.equal(sim.store.requests.length, before, 'the platform was not asked anything');
  });
});

describe("the admin guard: the admin token, or the site's own authorize hook", () => {
  const p = makeProxy();

  test('admin routes need the admin token; with none configured they are closed', async () => {
    const anonymous = await p.request('/dh/heads', {
      method: 'POST',
      body: JSON.stringify(headBody()),
    });
    assert.equal(anonymous.status, 401);
    assert.equal((await errorOf(anonymous)).code, 'admin_required');
    const wrong = await p.request('/dh/heads', {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
      body: JSON.stringify(headBody()),
    });
    assert.equal(wrong.status, 401);
    const closed = makeProxy({ DH_ADMIN_TOKEN: '' });
    const res = await closed.request('/dh/heads', {
      method: 'POST',
      body: JSON.stringify(headBody()),
    });
    assert.equal(res.status, 403);
    assert.match((await errorOf(res)).message, /DH_ADMIN_TOKEN/);
  });

  test('an authorize hook decides instead of the token', async () => {
    const actions: string[] = [];
    const hooked = makeProxy(
      {},
      {
        authorize: (req, action) => (actions.push(action), req.headers.get('x-session') === 'ok'),
      },
    );
    assert.equal(
      (await hooked.request('/dh/heads', { method: 'POST', body: JSON.stringify(headBody()) }))
        .status,
      401,
    );
    assert.equal(
      (
        await hooked.request('/dh/heads', {
          method: 'POST',
          headers: { 'x-session': 'ok' },
          body: JSON.stringify(headBody()),
        })
      ).status,
      201,
    );
    assert.deepEqual(actions, ['heads:create', 'heads:create']);
  });

  test('with a site\'s own authorize hook, a refusal is a 401, not "set DH_ADMIN_TOKEN"', async () => {
    const p = makeProxy({ DH_ADMIN_TOKEN: '' }, { authorize: () => false });
    const res = await p.request('/dh/heads', {
      method: 'POST',
      body: JSON.stringify(headBody()),
    });
    assert.equal(res.status, 401);
    assert.doesNotMatch((await errorOf(res)).message, /DH_ADMIN_TOKEN is/);
  });
});
