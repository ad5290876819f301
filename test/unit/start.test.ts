/**
 * `npm start` as a newcomer runs it: no credentials, so the simulator; one port serving the
 * proxy, the demo and the bundle.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { parseConfig } from '../../src/proxy/config.js';

const bin = new URL('../../bin/dh-kit.js', import.meta.url).pathname;

test('dh-kit start with no credentials serves the proxy, the demo and the bundle against the simulator', { timeout: 120_000 }, async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DH_LOG: 'off' };
  for (const k of ['DH_EMAIL', 'DH_SECRET_KEY', 'DH_BASE_URL']) delete env[k];
  const child = spawn(process.execPath, [bin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const info = JSON.parse(line) as { url: string; mode: string; demoHeads: { chat: string; stream: string } };
    assert.equal(info.mode, 'simulator');
    assert.match(stderr, /running against the built-in SIMULATOR/);
    assert.deepEqual(await (await fetch(`${info.url}/dh/health`)).json(), { ok: true, mode: 'simulator', version: '0.1.0' });
    const demo = await fetch(`${info.url}/`);
    assert.equal(demo.status, 200);
    assert.match(await demo.text(), /<title>dh-kit demo<\/title>/);
    const bundle = await fetch(`${info.url}/dh-kit.bundle.js`);
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get('content-type') ?? '', /javascript/);
    // The demo heads are published: their summary and a launch URL are there.
    const head = await (await fetch(`${info.url}/dh/heads/${info.demoHeads.chat}`)).json();
    assert.equal(head.name, 'Ava');
    const launch = await (await fetch(`${info.url}/dh/heads/${info.demoHeads.stream}/launch?view=stream`)).json();
    const page = await fetch(new URL(launch.url, info.url));
    assert.equal(page.status, 200, 'the redirect lands on the simulator stream page');
    assert.doesNotMatch(await page.text(), /splitter-warning/, 'the streaming demo head has its splitter off');
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

test('configuration errors name the variable to fix', () => {
  assert.throws(() => parseConfig({ DH_EMAIL: 'a@b.c' }), /DH_SECRET_KEY is missing/);
  assert.throws(() => parseConfig({ DH_EMAIL: 'a@b.c', DH_SECRET_KEY: 'k' }), /DH_BASE_URL is required/);
  assert.throws(() => parseConfig({ DH_RATE_LIMIT: 'many' }), /DH_RATE_LIMIT must be a whole number/);
  assert.throws(() => parseConfig({ DH_SIGNING_SECRET: 'short' }), /at least 32 characters/);
  assert.throws(() => parseConfig({ DH_BASE_URL: 'ftp://x' }), /DH_BASE_URL must be an http\(s\) URL/);
  const c = parseConfig({ DH_ADMIN_TOKEN: '', DH_PUBLIC_HEADS: 'a, b', DH_RATE_LIMIT: '0' });
  assert.equal(c.mode, 'simulator');
  assert.equal(c.adminToken, undefined, 'an empty variable is unset');
  assert.deepEqual(c.publicHeads, ['a', 'b']);
  assert.equal(c.rateLimit, 0);
});
