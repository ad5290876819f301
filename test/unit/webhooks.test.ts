/** EV-8: webhook signature verification, every case the issue names. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signWebhookBody, verifyWebhookSignature } from '../../src/proxy/webhooks.js';

const GITHUB = {
  secret: "It's a Secret to Everybody",
  body: 'Hello, World!',
  header: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
};
const KEY = 'shared-key-0123456789abcdef';
const BODY = JSON.stringify({ timestamp: '2026-11-22T08:00:00.000Z', head_id: 'h1', session_id: 's1', public_head_id: 'p1', public_org_id: 'o1', event_type: 'start_conversation' });

describe('EV-8 verifyWebhookSignature', () => {
  test("verifies GitHub's published test vector", async () => {
    assert.equal(await verifyWebhookSignature(GITHUB.body, GITHUB.header, [GITHUB.secret]), true);
    assert.equal(await signWebhookBody(GITHUB.body, GITHUB.secret), GITHUB.header);
  });

  test('accepts a valid signature, with or without the sha256= prefix, in either case of hex', async () => {
    const header = await signWebhookBody(BODY, KEY);
    assert.equal(await verifyWebhookSignature(BODY, header, [KEY]), true);
    assert.equal(await verifyWebhookSignature(BODY, header.slice('sha256='.length), [KEY]), true);
    assert.equal(await verifyWebhookSignature(BODY, header.toUpperCase().replace('SHA256=', 'sha256='), [KEY]), true);
    assert.equal(await verifyWebhookSignature(new TextEncoder().encode(BODY), header, [KEY]), true, 'raw bytes too');
  });

  test('refuses a tampered body (even re-serialised JSON of the same object)', async () => {
    const header = await signWebhookBody(BODY, KEY);
    assert.equal(await verifyWebhookSignature(BODY.replace('start_conversation', 'end_conversation'), header, [KEY]), false);
    assert.equal(await verifyWebhookSignature(JSON.stringify(JSON.parse(BODY), null, 1), header, [KEY]), false);
  });

  test('refuses a wrong key, a missing header, a malformed header, a wrong length', async () => {
    const header = await signWebhookBody(BODY, KEY);
    assert.equal(await verifyWebhookSignature(BODY, header, ['another-key']), false);
    assert.equal(await verifyWebhookSignature(BODY, undefined, [KEY]), false);
    assert.equal(await verifyWebhookSignature(BODY, '', [KEY]), false);
    assert.equal(await verifyWebhookSignature(BODY, 'sha1=abcdef', [KEY]), false);
    assert.equal(await verifyWebhookSignature(BODY, 'sha256=zz' + header.slice(9), [KEY]), false);
    assert.equal(await verifyWebhookSignature(BODY, header.slice(0, -2), [KEY]), false, 'too short');
    assert.equal(await verifyWebhookSignature(BODY, header + '00', [KEY]), false, 'too long');
    assert.equal(await verifyWebhookSignature(BODY, header, []), false, 'no key');
  });

  test('key rotation: the old and the new key are both accepted', async () => {
    const oldHeader = await signWebhookBody(BODY, 'old-key-0123456789');
    const newHeader = await signWebhookBody(BODY, 'new-key-0123456789');
    const keys = ['old-key-0123456789', 'new-key-0123456789'];
    assert.equal(await verifyWebhookSignature(BODY, oldHeader, keys), true);
    assert.equal(await verifyWebhookSignature(BODY, newHeader, keys), true);
    assert.equal(await verifyWebhookSignature(BODY, oldHeader, ['new-key-0123456789']), false, 'once the old key is retired');
  });
});
