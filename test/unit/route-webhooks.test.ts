/**
 * `/webhooks`, the webhook configurations for the back office (src/proxy/routes/webhooks.ts): the
 * shared key stays on the server, and ids are checked. Through `app.request()` against the
 * simulator in-process; every answer is scanned for secrets at the end, the shared key among them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorOf, proxySuite } from './proxy-harness.js';

const { makeProxy, createHead } = proxySuite();

describe('the webhook configurations: /webhooks', () => {
  const p = makeProxy();

  test('webhook configuration CRUD never shows the shared key', async () => {
    const head = await createHead(p);
    const created = await p.request('/dh/webhooks', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({
        headId: head.id,
        webhookUrl: 'https://example.com/hook',
        startConversation: true,
      }),
    });
    assert.equal(created.status, 201);
    const hook = await created.json();
    assert.equal(hook.sharedKey, undefined);
    assert.equal(hook.sharedKeySet, true);
    assert.equal(hook.startConversation, true);
    const list = await (await p.request(`/dh/webhooks?headId=${head.id}`, { admin: true })).json();
    assert.equal(list.items.length, 1);
    const patched = await (
      await p.request(`/dh/webhooks/${hook.id}`, {
        method: 'PATCH',
        admin: true,
        body: JSON.stringify({ endConversation: true }),
      })
    ).json();
    assert.equal(patched.endConversation, true);
    assert.equal(
      (await p.request(`/dh/webhooks/${hook.id}`, { method: 'DELETE', admin: true })).status,
      204,
    );
    assert.equal((await p.request(`/dh/webhooks/${hook.id}`, { admin: true })).status, 404);
    const http = await p.request('/dh/webhooks', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({ headId: head.id, webhookUrl: 'http://example.com/hook' }),
    });
    assert.equal(http.status, 400);
    assert.match((await errorOf(http)).message, /https/);
    assert.equal((await p.request('/dh/webhooks/abc', { admin: true })).status, 400);
  });

  test('webhook ids are plain positive numbers', async () => {
    const p = makeProxy();
    for (const id of ['0x10', '1e2', '0', '-1', '%205'])
      assert.equal((await p.request(`/dh/webhooks/${id}`, { admin: true })).status, 400, id);
  });
});
