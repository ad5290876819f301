/**
 * The per-client rate limit of the browser routes (src/proxy/security/rate-limit.ts). Which client
 * a request counts for: client-identity.test.ts; the limit shared by instances: shared-store.test.ts;
 * the routes the platform calls: hooks.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clearOfMinuteEnd } from './minute.js';
import { errorOf, proxySuite } from './proxy-harness.js';

const { makeProxy } = proxySuite();

describe('the per-client rate limit', () => {
  test('the rate limit answers 429 with Retry-After per client', async () => {
    await clearOfMinuteEnd();
    const p = makeProxy(
      { DH_RATE_LIMIT: '5' },
      { clientKey: (c) => c.req.header('x-test-client') ?? 'a' },
    );
    for (let i = 0; i < 5; i++) assert.equal((await p.request('/dh/health')).status, 200);
    const limited = await p.request('/dh/health');
    assert.equal(limited.status, 429);
    assert.ok(
      Number(limited.headers.get('retry-after')) >= 1,
      'the client over its limit is told when to try again',
    );
    assert.equal((await errorOf(limited)).code, 'rate_limited');
    assert.equal(
      (await p.request('/dh/health', { headers: { 'x-test-client': 'b' } })).status,
      200,
      'another client is not limited',
    );
  });
});
