/** POST /dh/hooks/events: the webhook receiver (EV-7, EV-8, EV-10). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import type { WebhookEvent } from '../../src/platform/schemas.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { signWebhookBody } from '../../src/proxy/webhooks.js';
import { createSimulator } from '../../src/sim/index.js';

const sim = createSimulator({ talkDelayMs: 0 });
const simFetch = ((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(sim.app.fetch(new Request(input, init)))) as typeof fetch;
const access = { baseUrl: sim.urls.baseUrl, chatUrl: sim.urls.chatUrl, streamUrl: sim.urls.streamUrl, email: sim.store.options.email, secretKey: sim.store.options.secretKey };
const client = new PlatformClient({ ...access, fetch: simFetch });

async function setup() {
  const events: WebhookEvent[] = [];
  const warnings: string[] = [];
  const app = createProxy({
    config: { ...parseConfig({ DH_ADMIN_TOKEN: 'admin-token-0123456789', DH_RATE_LIMIT: '0', DH_SIGNING_SECRET: 'x'.repeat(32) }), platform: access },
    platform: client,
    log: () => undefined,
    warn: (m) => warnings.push(m),
    onEvent: (e) => void events.push(e),
  });
  const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
  const head = await client.createHead({ headVisualId: sim.store.faces[0]!.id, name: 'Hook', language: 'en-US', operationMode: 'oc', ttsProvider: voice.provider, ttsVoice: voice.voiceId });
  await client.createWebhook({ headId: head.id, webhookUrl: 'https://example.com/dh/hooks/events', startConversation: true });
  const [config] = await client.listWebhooks(head.id);
  const body = JSON.stringify({
    timestamp: '2026-11-22T08:00:00.000Z',
    head_id: head.id,
    session_id: 'session-1',
    public_head_id: 'h-public',
    public_org_id: 'org-demo',
    event_type: 'start_conversation',
  });
  const deliver = async (raw: string, signature?: string) =>
    app.request('/dh/hooks/events', { method: 'POST', headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-signature-256': signature }) }, body: raw });
  return { app, events, warnings, key: config!.sharedKey, body, deliver, headId: head.id };
}

describe('webhook receiver', () => {
  test('EV-7 EV-8 a signed delivery is verified, acknowledged and handed to onEvent once', async () => {
    const s = await setup();
    const res = await s.deliver(s.body, await signWebhookBody(s.body, s.key));
    assert.equal(res.status, 202);
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(s.events.length, 1);
    assert.equal(s.events[0]!.event_type, 'start_conversation');
    assert.equal(s.events[0]!.session_id, 'session-1');
  });

  test('EV-10 a retried delivery (the same bytes) is acknowledged but handled once', async () => {
    const s = await setup();
    const signature = await signWebhookBody(s.body, s.key);
    for (let i = 0; i < 3; i++) assert.ok((await s.deliver(s.body, signature)).ok);
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(s.events.length, 1);
  });

  test('EV-8 a bad, missing or other-key signature is a 401; nothing is handled', async () => {
    const s = await setup();
    assert.equal((await s.deliver(s.body, await signWebhookBody(s.body, 'not-the-key'))).status, 401);
    assert.equal((await s.deliver(s.body)).status, 401);
    const tampered = s.body.replace('start_conversation', 'end_conversation');
    assert.equal((await s.deliver(tampered, await signWebhookBody(s.body, s.key))).status, 401);
    assert.equal(s.events.length, 0);
  });

  test('malformed deliveries get 400, never 500', async () => {
    const s = await setup();
    assert.equal((await s.deliver('{not json', 'sha256=00')).status, 400);
    assert.equal((await s.deliver('{}', 'sha256=00')).status, 400);
    const wrongType = JSON.stringify({ ...JSON.parse(s.body), event_type: 'party' });
    assert.equal((await s.deliver(wrongType, await signWebhookBody(wrongType, s.key))).status, 400);
  });

  test('GET /dh/events/stream (admin) sends each verified event once, in the order received', async () => {
    const s = await setup();
    assert.equal((await s.app.request('/dh/events/stream')).status, 401, 'admin only');
    const res = await s.app.request('/dh/events/stream', { headers: { authorization: 'Bearer admin-token-0123456789' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) text += decoder.decode((await reader.read()).value);
    };
    await readUntil(/event: ready/);
    const second = s.body.replace('start_conversation', 'end_conversation').replace('08:00:00', '08:05:00');
    for (const raw of [s.body, s.body, second]) await s.deliver(raw, await signWebhookBody(raw, s.key));
    await readUntil(/event: end_conversation/);
    const types = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    assert.deepEqual(types, ['ready', 'start_conversation', 'end_conversation'], 'the retried delivery is not sent twice');
    await reader.cancel();
  });

  test('keys given in DH_WEBHOOK_KEYS verify deliveries, with several keys for one head (rotation)', async () => {
    const s = await setup();
    const events: WebhookEvent[] = [];
    const app = createProxy({
      config: { ...parseConfig({ DH_RATE_LIMIT: '0', DH_SIGNING_SECRET: 'x'.repeat(32), DH_WEBHOOK_KEYS: `${s.headId}:old-key-123,${s.headId}:new-key-456` }), platform: access },
      platform: client,
      log: () => undefined,
      warn: () => undefined,
      onEvent: (e) => void events.push(e),
    });
    const post = async (raw: string, key: string) =>
      app.request('/dh/hooks/events', { method: 'POST', headers: { 'x-signature-256': await signWebhookBody(raw, key) }, body: raw });
    assert.equal((await post(s.body, 'old-key-123')).status, 202);
    const other = s.body.replace('session-1', 'session-2');
    assert.equal((await post(other, 'new-key-456')).status, 202);
    assert.equal((await post(s.body.replace('session-1', 'session-3'), s.key)).status, 401, 'configured keys replace the platform\'s');
    assert.throws(() => parseConfig({ DH_WEBHOOK_KEYS: 'no-colon' }), /headId:sharedKey/);
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(events.length, 2);
  });

  test('a failing onEvent is logged for the site owner and does not change the answer', async () => {
    const s = await setup();
    const app = createProxy({
      config: { ...parseConfig({ DH_RATE_LIMIT: '0', DH_SIGNING_SECRET: 'x'.repeat(32) }), platform: access },
      platform: client,
      log: () => undefined,
      warn: (m) => s.warnings.push(m),
      onEvent: () => {
        throw new Error('handler broke');
      },
    });
    const res = await app.request('/dh/hooks/events', { method: 'POST', headers: { 'x-signature-256': await signWebhookBody(s.body, s.key) }, body: s.body });
    assert.equal(res.status, 202);
    await new Promise((r) => setTimeout(r, 0));
    assert.match(s.warnings.join('\n'), /handler broke/);
  });
});
