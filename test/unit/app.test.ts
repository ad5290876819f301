/**
 * The proxy app as a whole (src/proxy/app.ts, `createProxy`): the health route, a 404 for an
 * unknown route, and the request log. Its parts have files of their own: route-*.test.ts for the
 * routes, security-*.test.ts for the guards.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PACKAGE_VERSION } from './package-version.js';
import { errorOf, proxySuite } from './proxy-harness.js';

const { makeProxy, createHead } = proxySuite();

describe('the proxy app: health, unknown routes, the request log', () => {
  test('GET /health tells the mode and version', async () => {
    const p = makeProxy();
    const body = await (await p.request('/dh/health')).json();
    assert.deepEqual(body, { ok: true, mode: 'simulator', version: PACKAGE_VERSION });
  });

  test('an unknown route under the prefix is a 404 in the error shape', async () => {
    const res = await makeProxy().request('/dh/nope');
    assert.equal(res.status, 404);
    assert.equal((await errorOf(res)).code, 'not_found');
  });

  test('logs are one structured line per request, with no query string', async () => {
    const p = makeProxy();
    const head = await createHead(p);
    const { url } = await (await p.request(`/dh/heads/${head.id}/launch`)).json();
    await p.request(url);
    assert.ok(p.logs.length >= 3, `each request was logged (${p.logs.length} lines)`);
    for (const line of p.logs) {
      assert.deepEqual(Object.keys(line).sort(), ['at', 'method', 'ms', 'path', 'status']);
      assert.doesNotMatch(line.path, /\?|sig=|api_key/);
    }
  });
});
