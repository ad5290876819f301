/** The body limit of every route (src/proxy/security/body-limit.ts): over 64 kB is a 413. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorOf, proxySuite } from './proxy-harness.js';

const { makeProxy, headBody } = proxySuite();

describe('the body limit', () => {
  test('a body over 64 kB gets 413', async () => {
    const p = makeProxy();
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify(headBody({ name: 'x'.repeat(70 * 1024) })),
    });
    assert.equal(res.status, 413);
    assert.equal((await errorOf(res)).code, 'body_too_large');
  });
});
