/**
 * The routes the platform calls for a site's plugin and tools: only at addresses
 * holding DH_CALLBACK_SECRET, with their own rate limit, the secret never logged; tool calls in
 * any of the likely envelopes (PLUG-2, TOOL-2).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { PLATFORM_RATE_LIMIT, createProxy, type LogLine } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { createSimulator } from '../../src/sim/index.js';
import { platformAccess, simFetch, servedFrom } from './proxy-harness.js';
import { PlatformClient } from '../../src/platform/client.js';
import { clearOfMinuteEnd } from './minute.js';

const sim = createSimulator({ talkDelayMs: 0 });
const access = platformAccess(sim);
const client = new PlatformClient({ ...access, fetch: simFetch(sim) });
const SECRET = 'callback-secret-0123456789-abcdefghij';
const ADMIN = 'admin-token-0123456789';
const bin = fileURLToPath(new URL('../../bin/dh-kit.js', import.meta.url));

function proxy(env: Record<string, string> = {}, o: { clientKey?: () => string } = {}) {
  const logs: LogLine[] = [];
  const warnings: string[] = [];
  const calls: Record<string, unknown>[] = [];
  const app = servedFrom(
    createProxy({
      config: {
        ...parseConfig({
          DH_ADMIN_TOKEN: ADMIN,
          DH_RATE_LIMIT: '0',
          DH_SIGNING_SECRET: 'x'.repeat(32),
          DH_CALLBACK_SECRET: SECRET,
          ...env,
        }),
        platform: access,
      },
      platform: client,
      log: (l) => logs.push(l),
      warn: (m) => warnings.push(m),
      tools: { weather: (params) => (calls.push(params), `Sunny in ${String(params.city)}`) },
      ...(o.clientKey ? { clientKey: o.clientKey } : {}),
    }),
  );
  // As the platform calls: no CSRF header, no origin, any content type.
  const post = (
    path: string,
    body: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) =>
    app.request(`/dh${path}`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { app, logs, warnings, calls, post };
}

const message = (options?: unknown) => [
  {
    type: 'text',
    payload: { type: 'text', message: 'Hi', ...(options === undefined ? {} : { options }) },
  },
];

describe('plugin and tool addresses hold the callback secret', () => {
  test('PLUG-1 the plugin and the tools answer at {prefix}/plugin/{secret}/… and {prefix}/tools/{secret}/{name}; the old addresses and a wrong secret are 404s', async () => {
    const p = proxy();
    assert.equal(
      (await p.post(`/plugin/${SECRET}/conversation/u1/message`, message())).status,
      200,
    );
    assert.equal((await p.post(`/tools/${SECRET}/weather`, { city: 'Oslo' })).status, 200);
    for (const path of [
      '/plugin/conversation/u1/message',
      `/plugin/${SECRET.slice(0, -1)}x/conversation/u1/message`,
      `/plugin/${SECRET}x/conversation/u1/message`,
      '/tools/weather',
      `/tools/wrong-secret/weather`,
      '/tools/x/y/z',
      '/plugin/',
    ]) {
      const res = await p.post(path, message(), {});
      assert.equal(res.status, 404, path);
      const body = await res.json();
      assert.equal(body.error.code, 'not_found');
      assert.doesNotMatch(
        JSON.stringify(body),
        new RegExp(SECRET.slice(0, 12)),
        'a 404 never repeats a secret-like segment',
      );
    }
    // A cross-site form posts urlencoded without the CSRF header: still only a 404 without the secret.
    assert.equal(
      (
        await p.post('/tools/weather', 'city=Oslo', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
      404,
    );
    assert.equal(p.calls.length, 1, 'only the call with the secret reached the tool');
  });

  test('without DH_CALLBACK_SECRET the routes are off: 404 at every address, and start-up says so', async () => {
    const p = proxy({ DH_CALLBACK_SECRET: '' });
    assert.equal((await p.post('/plugin/conversation/u1/message', message())).status, 404);
    assert.equal(
      (await p.post(`/plugin/${SECRET}/conversation/u1/message`, message())).status,
      404,
    );
    assert.equal((await p.post(`/tools/${SECRET}/weather`, { city: 'Oslo' })).status, 404);
    assert.match(
      p.warnings.join('\n'),
      /DH_CALLBACK_SECRET is not set: the plugin and tool routes are off/,
    );
    assert.equal(p.calls.length, 0);
  });

  test('against the platform, a proxy without DH_CALLBACK_SECRET warns that the plugin and tool routes are off, even with no plugin or tools given', async () => {
    const warnings: string[] = [];
    const config = parseConfig({
      DH_EMAIL: access.email,
      DH_SECRET_KEY: access.secretKey,
      DH_BASE_URL: access.baseUrl,
      DH_SIGNING_SECRET: 'x'.repeat(32),
      DH_RATE_LIMIT: '0',
    });
    assert.equal(config.mode, 'platform');
    const app = servedFrom(
      createProxy({
        config,
        platform: client,
        log: () => undefined,
        warn: (m) => warnings.push(m),
      }),
    );
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(
      warnings[0]!,
      /^DH_CALLBACK_SECRET is not set: the plugin and tool routes are off/,
    );
    for (const path of [
      `/dh/plugin/${SECRET}/conversation/u1/message`,
      '/dh/plugin/conversation/u1/message',
      `/dh/tools/${SECRET}/weather`,
      '/dh/tools/weather',
    ]) {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message()),
      });
      assert.equal(res.status, 404, path);
      assert.equal((await res.json()).error.code, 'not_found');
    }
    // The simulator with nothing to serve there: nothing to warn about.
    const quiet: string[] = [];
    servedFrom(
      createProxy({
        config: { ...parseConfig({ DH_RATE_LIMIT: '0' }), platform: access },
        platform: client,
        log: () => undefined,
        warn: (m) => quiet.push(m),
      }),
    );
    assert.deepEqual(
      quiet.filter((m) => m.includes('DH_CALLBACK_SECRET')),
      [],
    );
  });

  test('the secret never appears in a log line', async () => {
    const p = proxy();
    await p.post(`/plugin/${SECRET}/conversation/u1/message`, message());
    await p.post(`/tools/${SECRET}/weather`, { city: 'Oslo' });
    await p.post(`/tools/${SECRET}/nope`, {});
    // Misplaced by a misconfigured platform: still never repeated, in the log or the 404.
    const misplaced = await p.post(`/tools/weather/${SECRET}`, {});
    assert.equal(misplaced.status, 404);
    assert.doesNotMatch(await misplaced.text(), new RegExp(SECRET));
    const text = JSON.stringify(p.logs) + p.warnings.join('\n');
    assert.equal(p.logs.length, 4);
    assert.doesNotMatch(text, new RegExp(SECRET));
    assert.deepEqual(
      p.logs.map((l) => l.path),
      [
        '/dh/plugin/…/conversation/u1/message',
        '/dh/tools/…/weather',
        '/dh/tools/…/nope',
        '/dh/tools/…/…',
      ],
    );
  });

  test('the platform routes have their own rate limit per address', async () => {
    await clearOfMinuteEnd();
    const p = proxy({}, { clientKey: () => '198.51.100.9' });
    const statuses: number[] = [];
    for (let i = 0; i < PLATFORM_RATE_LIMIT + 2; i++)
      statuses.push((await p.post('/tools/guess/weather', {})).status);
    assert.equal(statuses.filter((s) => s === 404).length, PLATFORM_RATE_LIMIT);
    assert.deepEqual(statuses.slice(-2), [429, 429], 'guessing the secret is limited too');
    assert.equal(
      (await p.post(`/tools/${SECRET}/weather`, { city: 'Oslo' })).status,
      429,
      'the same address, the right secret: still limited this minute',
    );
  });

  test('GET /dh/callbacks (admin) gives the addresses to register; null without the secret', async () => {
    const p = proxy();
    assert.equal((await p.app.request('/dh/callbacks')).status, 401);
    const res = await p.app.request('/dh/callbacks', {
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await res.json(), {
      plugin: `/dh/plugin/${SECRET}`,
      tools: `/dh/tools/${SECRET}`,
    });
    const off = proxy({ DH_CALLBACK_SECRET: '' });
    assert.deepEqual(
      await (
        await off.app.request('/dh/callbacks', { headers: { authorization: `Bearer ${ADMIN}` } })
      ).json(),
      { plugin: null, tools: null },
    );
  });

  test('dh-kit callbacks prints the addresses under --base; without the secret it says what to set (exit 2)', () => {
    const env = { ...process.env, DH_CALLBACK_SECRET: SECRET, DH_EMAIL: '', DH_SECRET_KEY: '' };
    const ok = spawnSync(
      process.execPath,
      [bin, 'callbacks', '--base', 'https://shop.example/dh', '--json'],
      { env, encoding: 'utf8' },
    );
    assert.equal(ok.status, 0, ok.stderr);
    assert.deepEqual(JSON.parse(ok.stdout), {
      plugin: `https://shop.example/dh/plugin/${SECRET}`,
      tools: `https://shop.example/dh/tools/${SECRET}`,
    });
    const none = spawnSync(process.execPath, [bin, 'callbacks'], {
      env: { ...env, DH_CALLBACK_SECRET: '' },
      encoding: 'utf8',
    });
    assert.equal(none.status, 2);
    assert.match(none.stderr, /DH_CALLBACK_SECRET is not set/);
  });
});

describe("tolerant readers of the platform's calls", () => {
  test('TOOL-2 a tool call is read flat or in the common envelopes; the handler always gets an object', async () => {
    const p = proxy();
    const bodies: unknown[] = [
      { city: 'Oslo' },
      { parameters: { city: 'Oslo' } },
      { arguments: { city: 'Oslo' } },
      { name: 'weather', parameters: { city: 'Oslo' } },
      { name: 'weather', arguments: '{"city":"Oslo"}' },
      { tool: 'weather', id: 'call_1', type: 'function', arguments: { city: 'Oslo' } },
    ];
    for (const body of bodies) {
      const res = await p.post(`/tools/${SECRET}/weather`, body);
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.deepEqual(await res.json(), { message: 'Sunny in Oslo' });
    }
    assert.deepEqual(
      p.calls,
      bodies.map(() => ({ city: 'Oslo' })),
    );
    // A flat call whose parameters merely include a "name": flat, kept whole.
    await p.post(`/tools/${SECRET}/weather`, { name: 'Ana', city: 'Lima' });
    assert.deepEqual(p.calls.at(-1), { name: 'Ana', city: 'Lima' });
    // An envelope without parameters: an empty object, never undefined.
    await p.post(`/tools/${SECRET}/weather`, { name: 'weather', parameters: null });
    assert.deepEqual(p.calls.at(-1), {});
    for (const bad of [
      { parameters: 5 },
      { arguments: '{not json' },
      { arguments: '[1]' },
      ['Oslo'],
      'null',
    ]) {
      const res = await p.post(`/tools/${SECRET}/weather`, bad);
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.equal((await res.json()).error.code, 'invalid_tool_call');
    }
  });

  test('TOOL-2 a name an object inherits (constructor, __proto__, toString, hasOwnProperty) is an unknown tool: 404 unknown_tool', async () => {
    const p = proxy();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await p.post(`/tools/${SECRET}/${name}`, { city: 'Oslo' });
      assert.equal(res.status, 404, name);
      assert.equal((await res.json()).error.code, 'unknown_tool', name);
    }
    assert.deepEqual(p.calls, [], 'no tool ran');
  });

  test('TOOL-2 arguments as a JSON string nesting objects more than 64 deep are refused (400 invalid_tool_call); 64 deep are read', async () => {
    const p = proxy();
    // Objects, not arrays: a string of arguments that parses to an object passes every other check.
    const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const tooDeep = await p.post(`/tools/${SECRET}/weather`, {
      name: 'weather',
      arguments: nested(65),
    });
    assert.equal(tooDeep.status, 400);
    assert.equal((await tooDeep.json()).error.code, 'invalid_tool_call');
    assert.deepEqual(p.calls, [], 'the tool did not run');
    const fine = await p.post(`/tools/${SECRET}/weather`, {
      name: 'weather',
      arguments: nested(64),
    });
    assert.equal(fine.status, 200);
    assert.equal(p.calls.length, 1, '64 levels reach the tool');
  });

  test('bodies nested 30,000 deep are a 400 json_too_deep, never a 500: plugin options, tool arguments', async () => {
    const p = proxy();
    // Arrays: one byte a level, so 30,000 levels fit the 64 kB body limit.
    const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    const plugin = await p.post(
      `/plugin/${SECRET}/conversation/u1/message`,
      `[{"type":"text","payload":{"type":"text","message":"Hi","options":${deep(30_000)}}}]`,
    );
    assert.equal(plugin.status, 400);
    assert.equal((await plugin.json()).error.code, 'json_too_deep');
    const tool = await p.post(`/tools/${SECRET}/weather`, `{"parameters":${deep(30_000)}}`);
    assert.equal(tool.status, 400);
    assert.equal((await tool.json()).error.code, 'json_too_deep');
    // Arguments as a JSON string nested that deep: not parameters (a 400 of its own kind), still no 500.
    const inString = await p.post(`/tools/${SECRET}/weather`, { arguments: deep(30_000) });
    assert.ok(inString.status >= 400 && inString.status < 500, `${inString.status}`);
    // 64 levels are fine (deeper than any real message).
    const fine = await p.post(
      `/tools/${SECRET}/weather`,
      `{"parameters":{"city":"Oslo","x":${deep(60)}}}`,
    );
    assert.equal(fine.status, 200);
  });

  test('PLUG-2 a plugin message with options null (or missing) is read as no options', async () => {
    const p = proxy();
    for (const options of [null, undefined, {}]) {
      const res = await p.post(`/plugin/${SECRET}/conversation/u1/message`, message(options));
      assert.equal(res.status, 200, String(options));
      assert.deepEqual(await res.json(), [
        { type: 'text', payload: { type: 'text', message: 'You said: "Hi"' } },
      ]);
    }
  });
});
