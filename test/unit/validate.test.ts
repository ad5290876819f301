/**
 * Input at the edge (src/proxy/validate.ts): a body that is not JSON, or not sent as JSON, and a
 * bad path, query or body, each refused with a 4xx whose code says which, never a 500.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorOf, proxySuite } from './proxy-harness.js';

const { makeProxy, headBody } = proxySuite();

describe('input at the edge: path, query and body', () => {
  test('bad JSON gets 400, not 500', async () => {
    const p = makeProxy();
    const res = await p.request('/dh/heads', { method: 'POST', admin: true, body: '{"name":' });
    assert.equal(res.status, 400);
    assert.equal((await errorOf(res)).code, 'invalid_json');
  });

  test('a browser body that is not sent as JSON gets 415 saying what to send (not a {} that blames the fields)', async () => {
    const p = makeProxy();
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(headBody()),
    });
    assert.equal(res.status, 415);
    const err = await errorOf(res);
    assert.equal(err.code, 'unsupported_media_type');
    assert.match(err.message, /Content-Type: application\/json/);
    const charset = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(headBody()),
    });
    assert.equal(charset.status, 201, 'a charset parameter is fine');
  });

  test('a route checks its path, then its query, then its body, each with a code that names it', async () => {
    const p = makeProxy();
    const badId = await p.request('/dh/heads/a.b/videos', {
      method: 'POST',
      admin: true,
      body: '{}',
    });
    assert.equal((await errorOf(badId)).code, 'invalid_head_id');
    const badBody = await p.request('/dh/heads/abc/videos', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({ text: '' }),
    });
    assert.equal(badBody.status, 400);
    assert.match((await errorOf(badBody)).message, /^text: /);
    const badQuery = await p.request('/dh/faces?take=0');
    assert.equal(badQuery.status, 400);
    assert.match((await errorOf(badQuery)).message, /^take: /);
  });
});
