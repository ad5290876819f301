/**
 * The CSRF header (src/proxy/security/csrf-header.ts): a state-changing browser request without
 * `X-DH-Kit: 1` is refused; only the routes the platform calls are exempt.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorOf, proxySuite } from './proxy-harness.js';

const { makeProxy, headBody } = proxySuite();

describe('the CSRF header on state-changing browser requests', () => {
  test('state-changing requests without the X-DH-Kit header are refused (CSRF)', async () => {
    const p = makeProxy();
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      headers: { 'x-dh-kit': '0' },
      body: JSON.stringify(headBody()),
    });
    assert.equal(res.status, 403);
    assert.equal((await errorOf(res)).code, 'csrf_header_missing');
  });

  test('the CSRF exemption covers only the platform-called routes', async () => {
    const p = makeProxy();
    const res = await p.request('/dh/heads/tools/videos', {
      method: 'POST',
      admin: true,
      headers: { 'x-dh-kit': '0' },
      body: '{"text":"x"}',
    });
    assert.equal(res.status, 403);
  });
});
