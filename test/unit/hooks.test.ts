/** POST /dh/hooks/events: the webhook receiver (EV-7, EV-8, EV-10). */
import { setTimeout as later } from 'node:timers/promises';
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import type { WebhookEvent } from '../../src/platform/schemas.js';
import { PLATFORM_RATE_LIMIT, createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import type { Deps, Platform } from '../../src/proxy/deps.js';
import type { EventHandler } from '../../src/proxy/event-consumer.js';
import { memoryEventLog, type EventLog } from '../../src/proxy/event-log.js';
import { STREAM_BATCH } from '../../src/proxy/routes/events.js';
import { StoreUnavailable, type KeyValueStore } from '../../src/proxy/store.js';
import { memoryStore } from '../../src/proxy/shared-store.js';
import { signWebhookBody } from '../../src/proxy/webhook-signature.js';
import { createSimulator } from '../../src/sim/index.js';
import { watchSecrets } from './secret-scan.js';
import { connection, simFetch as simNetwork, servedFrom } from './proxy-harness.js';
import {
  KEY_LOOKUPS_PER_SOURCE,
  knownHead,
  rememberHead,
  sharedKeysKey,
} from '../../src/proxy/webhook-keys.js';
import { clearOfMinuteEnd } from './minute.js';
import { readStream } from './event-stream.js';
import { sessionEvent } from './session-event.js';

const sim = createSimulator({ talkDelayMs: 0 });
/** The event stream is browser-facing (a back office): its answers are scanned for secrets at the end. */
const scan = watchSecrets(sim, ['admin-token-0123456789', 'x'.repeat(32)]);
const simFetch = simNetwork(sim);
const access = {
  baseUrl: sim.urls.baseUrl,
  chatUrl: sim.urls.chatUrl,
  streamUrl: sim.urls.streamUrl,
  email: sim.store.options.email,
  secretKey: sim.store.options.secretKey,
};
const client = new PlatformClient({ ...access, fetch: simFetch });

interface SetupOptions {
  env?: Record<string, string>;
  platform?: Platform;
  store?: KeyValueStore;
  onEvent?: EventHandler;
  clientKey?: () => string;
  now?: () => number;
}

function proxyFor(o: SetupOptions, events: WebhookEvent[], warnings: string[]) {
  return servedFrom(
    createProxy({
      config: {
        ...parseConfig({
          DH_ADMIN_TOKEN: 'admin-token-0123456789',
          DH_RATE_LIMIT: '0',
          DH_SIGNING_SECRET: 'x'.repeat(32),
          ...o.env,
        }),
        platform: access,
      },
      platform: o.platform ?? client,
      log: () => undefined,
      warn: (m) => warnings.push(m),
      onEvent: o.onEvent ?? ((e) => void events.push(e)),
      ...(o.store ? { store: o.store } : {}),
      ...(o.clientKey ? { clientKey: o.clientKey } : {}),
      ...(o.now ? { now: o.now } : {}),
    }),
  );
}

async function setup(o: SetupOptions = {}) {
  const events: WebhookEvent[] = [];
  const warnings: string[] = [];
  const app = proxyFor(o, events, warnings);
  const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
  const head = await client.createHead({
    headVisualId: sim.store.faces[0]!.id,
    name: 'Hook',
    language: 'en-US',
    operationMode: 'oc',
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
  });
  await client.createWebhook({
    headId: head.id,
    webhookUrl: 'https://example.com/dh/hooks/events',
    startConversation: true,
  });
  const [config] = await client.listWebhooks(head.id);
  // Deliveries are stamped now: further than 5 minutes from the proxy's clock they are refused.
  const stamped = new Date((o.now ?? Date.now)()).toISOString();
  const event = (session = 'session-1', headId = head.id) =>
    JSON.stringify({
      timestamp: stamped,
      head_id: headId,
      session_id: session,
      public_head_id: 'h-public',
      public_org_id: 'org-demo',
      event_type: 'start_conversation',
    });
  const body = event();
  const deliver = async (raw: string | Uint8Array<ArrayBuffer>, signature?: string, to = app) =>
    to.request('/dh/hooks/events', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-signature-256': signature }),
      },
      body: raw,
    });
  /** A delivery of `event(session)` signed with `key` (the head's by default). */
  const signed = async (session: string, key = config!.sharedKey, to = app) =>
    deliver(event(session), await signWebhookBody(event(session), key), to);
  const admin = (path: string, init: RequestInit = {}) =>
    app.request(`/dh${path}`, {
      ...init,
      headers: {
        authorization: 'Bearer admin-token-0123456789',
        'x-dh-kit': '1',
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  return {
    app,
    events,
    warnings,
    key: config!.sharedKey,
    webhookId: config!.id,
    body,
    event,
    deliver,
    signed,
    admin,
    headId: head.id,
    more: () => proxyFor(o, events, warnings),
  };
}

/** The simulator's client, counting each call the proxy makes; `override` replaces a method. */
function counted(override: Partial<Record<keyof Platform, (...args: never[]) => unknown>> = {}) {
  const calls: Partial<Record<keyof Platform, number>> = {};
  const platform = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls[prop as keyof Platform] = (calls[prop as keyof Platform] ?? 0) + 1;
        const replaced = override[prop as keyof Platform] as
          | ((...a: unknown[]) => unknown)
          | undefined;
        return replaced
          ? replaced(...args)
          : (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Platform;
  return { platform, calls };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until onEvent has been called `count` times (it is fed from the event log a moment after
 * the answer), then a little longer, so that a call too many would show.
 */
async function handled(events: unknown[], count: number) {
  for (let i = 0; i < 1000 && events.length < count; i++) await sleep(20);
  await sleep(100);
}

/**
 * The admin's event stream of a proxy, read until a pattern shows (each wait with a deadline:
 * event-stream.ts); close() records what it got for the scan.
 */
async function openEventStream(app: {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}) {
  const res = await app.request('/dh/events/stream', {
    headers: { authorization: 'Bearer admin-token-0123456789' },
  });
  const stream = readStream(res);
  return {
    res,
    text: () => stream.text(),
    readUntil: (pattern: RegExp) => stream.until(pattern, String(pattern)),
    async close() {
      scan.recordText(res.status, res.headers, stream.text());
      await stream.cancel();
    },
  };
}
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)),
  );

describe('webhook receiver', () => {
  after(() => {
    assert.ok(scan.assertClean().recorded >= 2, 'the event stream answers were recorded');
  });

  test('EV-7 EV-8 a signed delivery is verified, acknowledged and handed to onEvent once', async () => {
    const s = await setup();
    const res = await s.deliver(s.body, await signWebhookBody(s.body, s.key));
    assert.equal(res.status, 202);
    await handled(s.events, 1);
    assert.equal(s.events.length, 1);
    assert.equal(s.events[0]!.event_type, 'start_conversation');
    assert.equal(s.events[0]!.session_id, 'session-1');
  });

  test('EV-10 a retried delivery (the same bytes) is acknowledged but handled once', async () => {
    const s = await setup();
    const signature = await signWebhookBody(s.body, s.key);
    for (let i = 0; i < 3; i++)
      assert.ok(
        (await s.deliver(s.body, signature)).ok,
        `delivery ${i + 1} of the same bytes is acknowledged`,
      );
    await handled(s.events, 1);
    assert.equal(s.events.length, 1);
  });

  test('EV-8 a bad, missing or other-key signature is a 401; nothing is handled', async () => {
    const s = await setup();
    assert.equal(
      (await s.deliver(s.body, await signWebhookBody(s.body, 'not-the-key'))).status,
      401,
    );
    assert.equal((await s.deliver(s.body)).status, 401);
    const tampered = s.body.replace('start_conversation', 'end_conversation');
    assert.equal((await s.deliver(tampered, await signWebhookBody(s.body, s.key))).status, 401);
    assert.equal(s.events.length, 0);
  });

  test('malformed deliveries get 4xx, never 500: an unusable signature header is a 401 before anything else', async () => {
    const { platform, calls } = counted();
    const s = await setup({ platform });
    const looked = calls.listWebhooks ?? 0;
    for (const header of [
      undefined,
      '',
      'sha256=00',
      `sha256=${'g'.repeat(64)}`,
      `md5=${'a'.repeat(32)}`,
      'x'.repeat(5000),
    ]) {
      const res = await s.deliver(s.body, header);
      assert.equal(res.status, 401, String(header));
      assert.equal((await res.json()).error.code, 'bad_signature');
    }
    assert.equal(calls.listWebhooks ?? 0, looked, 'no key look-up for an unusable header');
    const aSignature = await signWebhookBody('{}', 'a-guess');
    assert.equal((await s.deliver('{not json', aSignature)).status, 400);
    assert.equal((await s.deliver('{}', aSignature)).status, 400);
    assert.equal((await s.deliver('null', aSignature)).status, 400);
    for (const head of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const raw = s.event('proto', head);
      const res = await s.deliver(raw, await signWebhookBody(raw, 'a-guess'));
      assert.ok([400, 401].includes(res.status), `${head}: ${res.status}`);
    }
    assert.equal(s.events.length, 0);
  });

  test('GET /dh/events/stream (admin) sends each verified event once, in the order received', async () => {
    const s = await setup();
    assert.equal(
      (await scan.record(await s.app.request('/dh/events/stream'))).status,
      401,
      'admin only',
    );
    const stream = await openEventStream(s.app);
    assert.equal(stream.res.status, 200);
    assert.match(stream.res.headers.get('content-type') ?? '', /text\/event-stream/);
    await stream.readUntil(/event: ready/);
    const second = s.body.replace('start_conversation', 'end_conversation');
    for (const raw of [s.body, s.body, second])
      await s.deliver(raw, await signWebhookBody(raw, s.key));
    await stream.readUntil(/event: end_conversation/);
    const types = [...stream.text().matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    assert.deepEqual(
      types,
      ['ready', 'live', 'start_conversation', 'end_conversation'],
      'the retried delivery is not sent twice',
    );
    await stream.close();
  });

  test('keys given in DH_WEBHOOK_KEYS verify deliveries, with several keys for one head (rotation)', async () => {
    const s = await setup();
    const events: WebhookEvent[] = [];
    const app = servedFrom(
      createProxy({
        config: {
          ...parseConfig({
            DH_RATE_LIMIT: '0',
            DH_SIGNING_SECRET: 'x'.repeat(32),
            DH_WEBHOOK_KEYS: `${s.headId}:old-key-123,${s.headId}:new-key-456`,
          }),
          platform: access,
        },
        platform: client,
        log: () => undefined,
        warn: () => undefined,
        onEvent: (e) => void events.push(e),
      }),
    );
    const post = async (raw: string, key: string) =>
      app.request('/dh/hooks/events', {
        method: 'POST',
        headers: { 'x-signature-256': await signWebhookBody(raw, key) },
        body: raw,
      });
    assert.equal((await post(s.body, 'old-key-123')).status, 202);
    const other = s.body.replace('session-1', 'session-2');
    assert.equal((await post(other, 'new-key-456')).status, 202);
    assert.equal(
      (await post(s.body.replace('session-1', 'session-3'), s.key)).status,
      401,
      "configured keys replace the platform's",
    );
    assert.throws(() => parseConfig({ DH_WEBHOOK_KEYS: 'no-colon' }), /headId:sharedKey/);
    await handled(events, 2);
    assert.equal(events.length, 2);
  });

  test('a failing onEvent is logged for the site owner and does not change the answer', async () => {
    const s = await setup();
    const app = servedFrom(
      createProxy({
        config: {
          ...parseConfig({ DH_RATE_LIMIT: '0', DH_SIGNING_SECRET: 'x'.repeat(32) }),
          platform: access,
        },
        platform: client,
        log: () => undefined,
        warn: (m) => s.warnings.push(m),
        onEvent: () => {
          throw new Error('handler broke');
        },
      }),
    );
    const res = await app.request('/dh/hooks/events', {
      method: 'POST',
      headers: { 'x-signature-256': await signWebhookBody(s.body, s.key) },
      body: s.body,
    });
    assert.equal(res.status, 202);
    for (let i = 0; i < 500 && !s.warnings.some((w) => /handler broke/.test(w)); i++)
      await sleep(20);
    assert.match(
      s.warnings.join('\n'),
      /onEvent failed for start_conversation session-1 .*attempt 1\); retried in 1 s: handler broke/,
    );
  });

  test('EV-8 the signature is checked on the raw bytes: a BOM-prefixed body verifies; invalid UTF-8 verifies, then is a 400', async () => {
    const s = await setup();
    const withBom = bytes([0xef, 0xbb, 0xbf], s.body);
    assert.equal(
      (await s.deliver(withBom, await signWebhookBody(withBom, s.key))).status,
      202,
      'the BOM is part of what was signed',
    );
    // A byte that is not UTF-8 inside the session id: decoding first would have changed the bytes.
    const [before, after] = s.event('session-2').split('session-2');
    const invalid = bytes(`${before}session-`, [0xff], `2${after}`);
    const res = await s.deliver(invalid, await signWebhookBody(invalid, s.key));
    assert.equal(res.status, 400, 'verified, then refused as not UTF-8 JSON (not 401)');
    assert.equal((await res.json()).error.code, 'invalid_json');
    assert.equal(
      (await s.deliver(invalid, await signWebhookBody(invalid, 'not-the-key'))).status,
      401,
      'the signature still decides first',
    );
    const garbage = bytes([0xff, 0xfe, 0x00, 0x7b]);
    assert.equal(
      (await s.deliver(garbage, await signWebhookBody(garbage, s.key))).status,
      400,
      'bytes that are no JSON at all: 400, never 500',
    );
    await handled(s.events, 1);
    assert.deepEqual(
      s.events.map((e) => e.session_id),
      ['session-1'],
    );
  });

  test('answers 202 before onEvent settles: a handler that never does still gets its answer', async () => {
    let calls = 0;
    const s = await setup({ onEvent: () => (calls++, new Promise<void>(() => undefined)) });
    const started = performance.now();
    // The handler never settles: an answer at all proves it was not awaited (5 s: room for a slow machine).
    const res = await Promise.race([s.signed('session-1'), later(5000, undefined, { ref: false })]);
    assert.ok(res, `no answer within 5 s (${Math.round(performance.now() - started)} ms)`);
    assert.equal(res.status, 202);
    for (let i = 0; i < 500 && calls < 1; i++) await sleep(20);
    assert.equal(calls, 1, 'and the handler was called');
  });

  test('a key lookup the platform does not answer within 2 s is a 503 (the platform retries), not a 15 s wait', {
    timeout: 30_000,
  }, async () => {
    const { platform, calls } = counted({ listWebhooks: () => new Promise(() => undefined) });
    const s = await setup({ platform });
    const started = performance.now();
    const res = await s.signed('session-1');
    const ms = performance.now() - started;
    assert.equal(res.status, 503);
    assert.equal((await res.json()).error.code, 'keys_unavailable');
    assert.ok(ms >= 1900 && ms < 10_000, `answered after ${Math.round(ms)} ms`);
    assert.equal(calls.listWebhooks, 1);
    assert.match(s.warnings.join('\n'), /could not be read from the platform/);
    assert.equal(s.events.length, 0);
  });

  test('forged deliveries naming unknown heads: "no keys" is remembered 30 s and concurrent ones share one lookup', async () => {
    let clock = Date.parse('2026-11-22T08:00:00Z');
    // A platform that takes 50 ms, so the concurrent deliveries below overlap its answer.
    const { platform, calls } = counted({
      listWebhooks: (head: string) => sleep(50).then(() => client.listWebhooks(head)),
    });
    const s = await setup({ platform, now: () => clock });
    const forged = async (head: string) => {
      const raw = s.event('forged', head);
      return (await s.deliver(raw, await signWebhookBody(raw, 'a-guess'))).status;
    };
    assert.equal(await forged('no-such-head-1'), 401);
    assert.equal(calls.listWebhooks, 1);
    for (let i = 0; i < 3; i++) assert.equal(await forged('no-such-head-1'), 401);
    assert.equal(calls.listWebhooks, 1, 'the same unknown head again: no platform call');
    assert.deepEqual(
      await Promise.all([1, 2, 3, 4, 5].map(() => forged('no-such-head-2'))),
      [401, 401, 401, 401, 401],
    );
    assert.equal(calls.listWebhooks, 2, 'five at once: one lookup');
    clock += 31_000;
    assert.equal(await forged('no-such-head-1'), 401);
    assert.equal(calls.listWebhooks, 3, 'only briefly: after 30 s the platform is asked again');
  });

  test("a webhook re-created elsewhere: its new key verifies after one re-read of the platform's keys, at most once per head per 30 s", async () => {
    const { platform, calls } = counted();
    const s = await setup({ platform });
    assert.equal((await s.signed('session-1')).status, 202);
    assert.equal(calls.listWebhooks, 1, 'the keys are read once and cached');
    // Deleted and created again with the CLI or the platform's console: a new key.
    await client.deleteWebhook(s.webhookId);
    await client.createWebhook({
      headId: s.headId,
      webhookUrl: 'https://example.com/dh/hooks/events',
      startConversation: true,
    });
    const [fresh] = await client.listWebhooks(s.headId);
    assert.equal(
      (await s.signed('session-2', fresh!.sharedKey)).status,
      202,
      'not a 401 until the cache expires',
    );
    assert.equal(calls.listWebhooks, 2);
    assert.equal((await s.signed('session-3', 'forged-key')).status, 401);
    assert.equal(
      (await s.signed('session-4', s.key)).status,
      401,
      'the deleted key no longer verifies',
    );
    assert.equal(calls.listWebhooks, 2, 'no second re-read within 30 s');
    await handled(s.events, 2);
    assert.deepEqual(
      s.events.map((e) => e.session_id),
      ['session-1', 'session-2'],
    );
  });

  test("DELETE /dh/webhooks/:id: the deleted webhook's remembered key stops verifying at once", async () => {
    const s = await setup();
    const created = await s.admin('/webhooks', {
      method: 'POST',
      body: JSON.stringify({
        headId: s.headId,
        webhookUrl: 'https://example.com/dh/hooks/events',
        endConversation: true,
      }),
    });
    assert.equal(created.status, 201);
    const id = (await created.json()).id as number;
    const key = sim.store.webhooks.get(id)!.sharedKey;
    assert.equal(
      (await s.signed('session-1', key)).status,
      202,
      'the key the admin route remembered',
    );
    assert.equal((await s.admin(`/webhooks/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await s.signed('session-2', key)).status, 401);
    assert.equal(
      (await s.signed('session-3')).status,
      202,
      "the head's other webhook still verifies",
    );
  });
});

describe('de-duplication store', () => {
  test("the default memory store's add is one step: of concurrent adds of one key exactly one wins", async () => {
    const store = memoryStore();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.add('event:x', String(i), 60_000)),
    );
    assert.equal(results.filter(Boolean).length, 1);
    assert.equal(await store.increment('n', 60_000), 1);
    assert.deepEqual(
      await Promise.all([store.increment('n', 60_000), store.increment('n', 60_000)]),
      [2, 3],
    );
  });

  test("EV-10 two proxies sharing one KeyValueStore of the site's own handle a delivery once", async () => {
    /** A store like a site's Redis: every call takes a while; add is atomic on the server side. */
    class SlowSharedStore implements KeyValueStore {
      readonly map = new Map<string, string>();
      private async tick() {
        await sleep(Math.random() * 5);
      }
      async get(key: string) {
        await this.tick();
        return this.map.get(key);
      }
      async set(key: string, value: string) {
        await this.tick();
        this.map.set(key, value);
      }
      async add(key: string, value: string) {
        await this.tick();
        if (this.map.has(key)) return false;
        this.map.set(key, value);
        return true;
      }
      async increment(key: string, _ttl: number, by = 1) {
        await this.tick();
        const next = Number(this.map.get(key) ?? 0) + by;
        this.map.set(key, String(next));
        return next;
      }
    }
    const store = new SlowSharedStore();
    const s = await setup({ store });
    const other = s.more();
    const signature = await signWebhookBody(s.body, s.key);
    const answers = await Promise.all(
      [s.app, other, s.app, other].map((to) => s.deliver(s.body, signature, to)),
    );
    assert.ok(
      answers.every((r) => r.ok),
      answers.map((r) => r.status).join(),
    );
    await handled(s.events, 1);
    await sleep(200);
    assert.equal(s.events.length, 1, 'one onEvent call for four deliveries to two instances');
    assert.equal([...store.map.keys()].filter((k) => k.startsWith('event:')).length, 1);
  });
});

describe('rate limit', () => {
  test('the per-client limit spares the routes the platform calls (hooks, plugin, tools); their body limit stays', async () => {
    await clearOfMinuteEnd();
    const callback = 'c'.repeat(40);
    const s = await setup({
      env: { DH_RATE_LIMIT: '2', DH_CALLBACK_SECRET: callback },
      clientKey: () => '203.0.113.7',
    });
    for (let i = 0; i < 5; i++)
      assert.equal((await s.signed(`session-${i}`)).status, 202, `delivery ${i + 1}`);
    const plugin = () =>
      s.app.request(`/dh/plugin/${callback}/conversation/u1/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ type: 'text', payload: { type: 'text', message: 'hi' } }]),
      });
    for (let i = 0; i < 5; i++) assert.equal((await plugin()).status, 200, `plugin call ${i + 1}`);
    // The spec does not show the content type of the platform's calls: JSON is read whatever it says.
    const untyped = await s.app.request(`/dh/plugin/${callback}/conversation/u1/message`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify([{ type: 'text', payload: { type: 'text', message: 'plain' } }]),
    });
    assert.equal(untyped.status, 200);
    assert.match(JSON.stringify(await untyped.json()), /plain/);
    for (let i = 0; i < 3; i++)
      assert.equal(
        (
          await s.app.request(`/dh/tools/${callback}/nope`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
        404,
        'tools: no 429',
      );
    const health = [];
    for (let i = 0; i < 3; i++) health.push((await s.app.request('/dh/health')).status);
    assert.deepEqual(health, [200, 200, 429], 'a browser route from the same address is limited');
    const big = JSON.stringify({ ...JSON.parse(s.body), pad: 'x'.repeat(70 * 1024) });
    assert.equal((await s.deliver(big, await signWebhookBody(big, s.key))).status, 413);
  });

  test('a flood of deliveries from one address is answered 429 after PLATFORM_RATE_LIMIT a minute, before any key look-up', async () => {
    await clearOfMinuteEnd();
    const { platform, calls } = counted();
    let address = '198.51.100.23';
    const s = await setup({ platform, clientKey: () => address });
    const looked = calls.listWebhooks ?? 0;
    // Unsigned and unreadable deliveries are refused at once, and each counts against the limit.
    const statuses = new Map<number, number>();
    for (let i = 0; i < PLATFORM_RATE_LIMIT; i++) {
      const status = (
        await s.deliver(
          i % 2 ? s.body : '{not json',
          i % 2 ? undefined : `sha256=${'ab'.repeat(32)}`,
        )
      ).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    assert.deepEqual([...statuses].sort(), [
      [400, PLATFORM_RATE_LIMIT / 2],
      [401, PLATFORM_RATE_LIMIT / 2],
    ]);
    // Then a well-signed delivery of a real head, whose keys the proxy would read from the platform.
    const limited = await s.signed('over-the-limit');
    assert.equal(limited.status, 429);
    assert.equal((await limited.json()).error.code, 'rate_limited');
    assert.ok(
      Number(limited.headers.get('retry-after')) >= 1,
      'the platform is told when to send it again',
    );
    assert.equal((calls.listWebhooks ?? 0) - looked, 0, 'no key look-up reached the platform');
    await handled(s.events, 0);
    assert.equal(s.events.length, 0);
    // Per address: the platform's other addresses still deliver.
    address = '198.51.100.24';
    assert.equal((await s.signed('another-address')).status, 202);
    assert.equal((calls.listWebhooks ?? 0) - looked, 1);
  });
});

describe('the event receiver: unknown deliveries kept, writes before acknowledgements, slow and returning subscribers', () => {
  /** `event(session)` with some fields replaced, signed with the head's key. */
  const variant = async (
    s: Awaited<ReturnType<typeof setup>>,
    change: Record<string, unknown>,
    session: string,
  ) => {
    const raw = JSON.stringify({ ...JSON.parse(s.event(session)), ...change });
    return s.deliver(raw, await signWebhookBody(raw, s.key));
  };

  test('EV-7 a verified delivery the spec does not describe is accepted and passed on with every field: an unknown event_type, numeric ids, epoch or offset-less timestamps', async () => {
    const now = Date.now();
    const s = await setup({ now: () => now });
    const variants: Record<string, unknown>[] = [
      { event_type: 'handoff_requested', extra: { nested: [1, 2] } },
      { public_org_id: 42, public_head_id: 7, session_id: 123456 },
      { timestamp: Math.floor(now / 1000) },
      { timestamp: now },
      { timestamp: String(Math.floor(now / 1000)) },
      { timestamp: new Date(now).toISOString().replace('Z', '') },
      { timestamp: new Date(now).toISOString().replace('Z', '+00:00') },
      { timestamp: new Date(now).toUTCString() },
    ];
    for (const [i, change] of variants.entries()) {
      const res = await variant(s, change, `variant-${i}`);
      assert.equal(res.status, 202, `${JSON.stringify(change)}: ${await res.clone().text()}`);
    }
    await handled(s.events, variants.length);
    assert.equal(s.events.length, variants.length, 'every verified delivery reached onEvent');
    assert.equal(s.events[0]!.event_type, 'handoff_requested');
    assert.deepEqual(
      (s.events[0] as unknown as { extra: unknown }).extra,
      { nested: [1, 2] },
      'unknown fields are kept',
    );
    assert.equal(s.events[1]!.public_org_id, '42');
    assert.equal(s.events[1]!.session_id, '123456');
    assert.equal(
      Date.parse(s.events[2]!.timestamp),
      Math.floor(now / 1000) * 1000,
      'epoch seconds become ISO',
    );
    assert.equal(
      s.events[7]!.timestamp,
      new Date(now).toUTCString(),
      'a timestamp in another readable format is passed on as it came',
    );
  });

  /** A proxy on `log`, for the stream tests; `watched` counts what the stream reads of it. */
  function streamProxy(log: EventLog) {
    return servedFrom(
      createProxy({
        config: {
          ...parseConfig({
            DH_ADMIN_TOKEN: 'admin-token-0123456789',
            DH_RATE_LIMIT: '0',
            DH_SIGNING_SECRET: 'x'.repeat(32),
          }),
          platform: access,
        },
        platform: client,
        log: () => undefined,
        warn: () => undefined,
        events: log,
      }),
    );
  }
  const anEvent = (session: string) =>
    sessionEvent(session, 'start_conversation', { timestamp: new Date().toISOString() });

  test('a subscriber that stops reading holds at most one batch: the stream reads the log only as fast as it writes', async () => {
    const log = memoryEventLog();
    let read = 0;
    const counted: EventLog = {
      ...log,
      read: async (after, limit) => {
        const got = await log.read(after, limit);
        read += got.length;
        return got;
      },
    };
    const app = streamProxy(counted);
    const res = await app.request('/dh/events/stream', {
      headers: { authorization: 'Bearer admin-token-0123456789' },
    });
    const stream = readStream(res);
    await stream.until(/event: ready/, 'the ready event');
    // The subscriber reads nothing more while 1,500 events arrive.
    for (let i = 0; i < 1500; i++) await log.append(`k${i}`, anEvent(`s${i}`));
    await sleep(300);
    assert.ok(
      read <= 2 * STREAM_BATCH,
      `${read} events read from the log for it, at most ${2 * STREAM_BATCH}`,
    );
    // When it reads again, it gets every event, in order, from the log.
    const text = await stream.until(
      (t) => (t.match(/^event: start_conversation$/gm)?.length ?? 0) >= 1500,
      'the 1,500 events',
      10_000,
    );
    const sessions = [...text.matchAll(/"session_id":"(s\d+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      sessions,
      Array.from({ length: 1500 }, (_, i) => `s${i}`),
      'each event once, in the order written',
    );
    await stream.cancel();
  });

  test('an event is written before it is acknowledged: when the log cannot be written the answer is 503 (the platform sends it again), and the retry is handled once', async () => {
    const s = await setup();
    const log = memoryEventLog();
    let down = true;
    const flaky: EventLog = {
      ...log,
      append: async (key, event) =>
        down
          ? Promise.reject(new StoreUnavailable(new Error('connection refused')))
          : log.append(key, event),
    };
    const handledHere: WebhookEvent[] = [];
    const app = servedFrom(
      createProxy({
        config: {
          ...parseConfig({ DH_RATE_LIMIT: '0', DH_SIGNING_SECRET: 'x'.repeat(32) }),
          platform: access,
        },
        platform: client,
        log: () => undefined,
        warn: () => undefined,
        events: flaky,
        onEvent: (e) => void handledHere.push(e),
      }),
    );
    const signature = await signWebhookBody(s.body, s.key);
    const refused = await s.deliver(s.body, signature, app);
    assert.equal(refused.status, 503, 'not written, so not acknowledged');
    assert.equal((await refused.json()).error.code, 'store_unavailable');
    assert.ok(
      Number(refused.headers.get('retry-after')) >= 1,
      'the platform is told when to come back',
    );
    down = false;
    assert.equal(
      (await s.deliver(s.body, signature, app)).status,
      202,
      "the platform's retry is accepted",
    );
    await handled(handledHere, 1);
    assert.deepEqual(
      handledHere.map((e) => e.session_id),
      ['session-1'],
      'and handled once',
    );
  });

  test('on a serverless runtime the request waits (waitUntil) until onEvent has the event: nothing runs after the answer unless told to', async () => {
    const s = await setup();
    const handledHere: string[] = [];
    const app = createProxy({
      config: {
        ...parseConfig({ DH_RATE_LIMIT: '0', DH_SIGNING_SECRET: 'x'.repeat(32) }),
        platform: access,
      },
      platform: client,
      log: () => undefined,
      warn: () => undefined,
      clientKey: () => '203.0.113.9',
      onEvent: async (e) => {
        await sleep(50);
        handledHere.push(e.session_id);
      },
    });
    const waits: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (p: Promise<unknown>) => void waits.push(p),
      passThroughOnException: () => undefined,
      props: {},
    };
    const request = new Request('http://site.test/dh/hooks/events', {
      method: 'POST',
      headers: { 'x-signature-256': await signWebhookBody(s.body, s.key) },
      body: s.body,
    });
    const res = await app.fetch(request, {}, ctx);
    assert.equal(res.status, 202);
    assert.equal(waits.length, 1, 'the runtime is asked to wait');
    await Promise.all(waits);
    assert.deepEqual(handledHere, ['session-1'], 'onEvent had the event when the wait ended');
  });

  test('Last-Event-ID: a subscriber that reconnects gets the events it missed, once each; ?history=N starts a new one with the latest N', async () => {
    const log = memoryEventLog();
    const app = streamProxy(log);
    const open = (headers: Record<string, string> = {}, query = '') =>
      app.request(`/dh/events/stream${query}`, {
        headers: { authorization: 'Bearer admin-token-0123456789', ...headers },
      });
    const readUntil = async (res: Response, count: number, also = /^/) => {
      const stream = readStream(res);
      const text = await stream.until(
        (t) => (t.match(/^event: start_conversation$/gm)?.length ?? 0) >= count && also.test(t),
        `${count} events`,
      );
      await sleep(100);
      await stream.cancel();
      return {
        text,
        sessions: [...text.matchAll(/"session_id":"([^"]+)"/g)].map((m) => m[1]),
        ids: [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]!),
      };
    };
    // Connected (its answer has started) before the events arrive.
    const first = await open();
    await log.append('a', anEvent('one'));
    await log.append('b', anEvent('two'));
    const seen = await readUntil(first, 2);
    assert.deepEqual(seen.sessions, ['one', 'two']);
    assert.match(seen.text, /^retry: 3000$/m, 'the stream asks for a reconnection after 3 s');
    // Away (a laptop asleep): two more events arrive.
    await log.append('c', anEvent('three'));
    await log.append('d', anEvent('four'));
    const resumed = await readUntil(await open({ 'last-event-id': seen.ids.at(-1)! }), 2);
    assert.deepEqual(resumed.sessions, ['three', 'four'], 'exactly the missed events, once each');
    const history = await readUntil(await open({}, '?history=3'), 3, /event: live/);
    assert.deepEqual(history.sessions, ['two', 'three', 'four'], 'the newest three first');
    assert.match(
      history.text,
      /"session_id":"four"[\s\S]*\nevent: live\n/,
      'then the mark: what follows arrives live',
    );
    const fresh = await open();
    await log.append('e', anEvent('five'));
    assert.deepEqual(
      (await readUntil(fresh, 1)).sessions,
      ['five'],
      'a new subscriber without history starts now',
    );
    assert.equal((await open({}, '?history=500')).status, 400, 'history is at most 100');
  });

  test('a malformed Last-Event-ID is ignored: the stream starts now and still sends new events', async () => {
    const log = memoryEventLog();
    await log.append('old', anEvent('before'));
    const app = streamProxy(log);
    const res = await app.request('/dh/events/stream', {
      headers: { authorization: 'Bearer admin-token-0123456789', 'last-event-id': 'not-an-id' },
    });
    assert.equal(res.status, 200);
    const stream = readStream(res);
    try {
      await stream.until(/^event: live$/m, 'live mark');
      await log.append('new', anEvent('after'));
      await stream.until(/"session_id":"after"/, 'new event');
    } finally {
      await stream.cancel();
    }
    assert.doesNotMatch(
      stream.text(),
      /"session_id":"before"/,
      'it starts now: nothing is replayed',
    );
  });

  test('an event type the stream does not know is sent as "other", never as a line of its own', async () => {
    const s = await setup();
    const stream = await openEventStream(s.app);
    await stream.readUntil(/event: ready/);
    assert.equal(
      (await variant(s, { event_type: 'new\nevent: end_conversation' }, 'x')).status,
      202,
    );
    await stream.readUntil(/event: other/);
    assert.doesNotMatch(stream.text(), /^event: end_conversation$/m);
    assert.match(stream.text(), /"event_type":"new\\nevent: end_conversation"/);
    await stream.close();
  });

  test('EV-10 deliveries more than 5 minutes from now (a replay, a far-future stamp) or whose time cannot be read are refused with 401 and the reason in the log', async () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const s = await setup({ now: () => now });
    for (const [i, at] of [
      now - 6 * 60_000,
      now + 6 * 60_000,
      Date.parse('2001-01-01T00:00:00Z'),
      Date.parse('2099-01-01T00:00:00Z'),
    ].entries()) {
      const res = await variant(s, { timestamp: new Date(at).toISOString() }, `stale-${i}`);
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error.code, 'stale_delivery');
    }
    assert.match(s.warnings.join('\n'), /more than 5 minutes from now/);
    // A time that cannot be read cannot be checked against the window: refused like a stale one
    // (a replay would otherwise only have to garble its timestamp).
    for (const [i, timestamp] of [
      'last tuesday',
      'sometime',
      '2026-13-45T99:00:00Z',
      Number.MAX_VALUE,
    ].entries()) {
      const res = await variant(s, { timestamp }, `unreadable-${i}`);
      assert.equal(res.status, 401, `${String(timestamp)}: refused`);
      const { error } = await res.json();
      assert.equal(error.code, 'stale_delivery', String(timestamp));
      assert.match(error.message, /cannot be read/);
    }
    assert.match(s.warnings.join('\n'), /timestamp "last tuesday" cannot be read/);
    assert.equal(
      (await variant(s, { timestamp: new Date(now - 4 * 60_000).toISOString() }, 'late-but-fine'))
        .status,
      202,
    );
    await handled(s.events, 1);
    assert.deepEqual(
      s.events.map((e) => e.session_id),
      ['late-but-fine'],
    );
  });

  test('EV-10 a refused timestamp is written into the log with its control characters escaped (Date.parse reads "(…)" as a comment)', async () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const s = await setup({ now: () => now });
    // Readable (a day old), so refused as stale: its newline, ESC[2J, OSC title and bidi override
    // would otherwise reach the server's log raw, a fake `[dh-kit]` line among them.
    const timestamp = 'Nov 23 2026 (\n[dh-kit] fake\u001b[2J\u001b]0;t\u0007\u202e)';
    const res = await variant(s, { timestamp }, 'hostile-stamp');
    assert.equal(res.status, 401);
    const line = s.warnings.find((w) => /more than 5 minutes from now/.test(w));
    assert.ok(line, `the refusal is in the log: ${JSON.stringify(s.warnings)}`);
    assert.ok(
      !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/.test(line),
      `escaped: ${JSON.stringify(line)}`,
    );
    assert.match(line, /\(\\n\[dh-kit\] fake\\x1b\[2J\\x1b\]0;t\\x07\\u202e\)/);
  });

  test("EV-10 the de-duplication record outlives the replay window: in the event log, and in a store of the site's own that instances share", async () => {
    // The log of one process remembers a delivery's key for 24 hours.
    let clock = Date.parse('2026-11-24T10:00:00Z');
    const log = memoryEventLog({ now: () => clock });
    assert.ok(await log.append('same-bytes', anEvent('s1')), 'written once');
    clock += 6 * 60_000;
    assert.equal(
      await log.append('same-bytes', anEvent('s1')),
      undefined,
      'a repeat after the 5-minute replay window is still a repeat',
    );
    clock += 24 * 3600e3;
    assert.ok(await log.append('same-bytes', anEvent('s1')), 'after 24 hours the key is forgotten');
    // A store the site's instances share (not the process's own memory): the record goes there too.
    const ttls: number[] = [];
    const shared = new Map<string, string>();
    const store: KeyValueStore = {
      get: async (key) => shared.get(key),
      set: async (key, value) => void shared.set(key, value),
      add: async (key, value, ttl) => {
        if (key.startsWith('event:')) ttls.push(ttl);
        if (shared.has(key)) return false;
        shared.set(key, value);
        return true;
      },
      increment: async (key, _ttl, by = 1) => {
        const next = Number(shared.get(key) ?? 0) + by;
        shared.set(key, String(next));
        return next;
      },
    };
    const s = await setup({ store });
    assert.equal((await s.deliver(s.body, await signWebhookBody(s.body, s.key))).status, 202);
    assert.equal(ttls.length, 1, 'one de-duplication record in the shared store');
    assert.ok(ttls[0]! > 5 * 60_000, `kept ${ttls[0]} ms`);
  });

  test('EV-8 a base64 or base64url digest (with or without sha256=) verifies; a base64 digest of another key does not', async () => {
    const s = await setup();
    const hexDigest = (await signWebhookBody(s.body, s.key)).replace(/^sha256=/, '');
    const raw = Buffer.from(hexDigest, 'hex');
    const forms = [
      raw.toString('base64'),
      `sha256=${raw.toString('base64')}`,
      raw.toString('base64url'),
      raw.toString('base64').replace(/=$/, ''),
    ];
    for (const [i, form] of forms.entries()) {
      const body = s.event(`b64-${i}`);
      const digest = Buffer.from(
        (await signWebhookBody(body, s.key)).replace(/^sha256=/, ''),
        'hex',
      );
      const header = form
        .replace(
          raw.toString('base64').replace(/=$/, ''),
          digest.toString('base64').replace(/=$/, ''),
        )
        .replace(raw.toString('base64url'), digest.toString('base64url'));
      assert.equal((await s.deliver(body, header)).status, 202, header);
    }
    const other = Buffer.from(
      (await signWebhookBody(s.body, 'not-the-key')).replace(/^sha256=/, ''),
      'hex',
    ).toString('base64');
    assert.equal((await s.deliver(s.event('b64-x'), other)).status, 401);
  });

  test("EV-8 a flood of forged deliveries naming made-up heads spends its own sender's look-up budget, never the platform's: a real delivery after it is accepted", async () => {
    await clearOfMinuteEnd();
    let clock = Date.parse('2026-11-24T10:00:00Z');
    const { platform, calls } = counted();
    const s = await setup({ platform, now: () => clock });
    const from = (address: string, raw: string, signature: string) =>
      s.app.request(
        '/dh/hooks/events',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature-256': signature },
          body: raw,
        },
        connection(address),
      );
    const before = calls.listWebhooks ?? 0;
    const statuses = new Map<number, number>();
    // 400 deliveries from one sender, each naming a new head, with any 64-hex signature.
    for (let i = 0; i < 400; i++) {
      const raw = s.event('forged', `made-up-head-${i}`);
      const status = (await from('203.0.113.66', raw, `sha256=${(i % 16).toString(16).repeat(64)}`))
        .status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    assert.equal(
      (calls.listWebhooks ?? 0) - before,
      KEY_LOOKUPS_PER_SOURCE,
      `${(calls.listWebhooks ?? 0) - before} look-ups for 400 forged deliveries`,
    );
    assert.deepEqual(
      [...statuses].sort(),
      [
        [401, 10],
        [429, 390],
      ],
      'over its budget: 429 (a real platform would retry), never a look-up',
    );
    // Right after, the platform's own delivery for a real head (never seen by this proxy): accepted.
    const raw = s.event('real-after-flood');
    const real = await from('198.51.100.1', raw, await signWebhookBody(raw, s.key));
    assert.equal(real.status, 202, 'a real delivery is never refused because of another sender');
    // A minute later the flooding sender has a budget again.
    clock += 61_000;
    const after = calls.listWebhooks ?? 0;
    const again = s.event('forged', 'made-up-head-again');
    assert.equal((await from('203.0.113.66', again, `sha256=${'a'.repeat(64)}`)).status, 401);
    assert.equal((calls.listWebhooks ?? 0) - after, 1, 'a minute later the sender has room again');
  });

  test("EV-8 a head whose delivery verified once is known: its next look-up costs no sender's budget", async () => {
    await clearOfMinuteEnd();
    const store = memoryStore();
    const { platform, calls } = counted();
    const s = await setup({ platform, store });
    const from = (address: string, raw: string, signature: string) =>
      s.app.request(
        '/dh/hooks/events',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature-256': signature },
          body: raw,
        },
        connection(address),
      );
    // The platform delivers for the head once: verified, so the head is known from now on.
    const first = s.event('first');
    assert.equal(
      (await from('198.51.100.1', first, await signWebhookBody(first, s.key))).status,
      202,
    );
    // A sender spends its budget on made-up heads…
    for (let i = 0; i <= KEY_LOOKUPS_PER_SOURCE; i++)
      await from('203.0.113.70', s.event('x', `invented-${i}`), `sha256=${'b'.repeat(64)}`);
    assert.equal(
      (await from('203.0.113.70', s.event('x', 'invented-last'), `sha256=${'b'.repeat(64)}`))
        .status,
      429,
    );
    // …and the known head's cached keys are gone (unreadable: as good as expired): its look-up from that same sender is still made.
    await store.set(sharedKeysKey(s.headId), 'expired', 60_000);
    const lookups = calls.listWebhooks ?? 0;
    const later = s.event('later');
    assert.equal(
      (await from('203.0.113.70', later, await signWebhookBody(later, s.key))).status,
      202,
      'a known head is looked up whatever the sender spent',
    );
    assert.equal((calls.listWebhooks ?? 0) - lookups, 1);
  });

  test('EV-8 heads listed in DH_PUBLIC_HEADS or DH_WEBHOOK_KEYS are known without a delivery; others are not until one verifies', async () => {
    const config = parseConfig({
      DH_PUBLIC_HEADS: 'listed-head',
      DH_WEBHOOK_KEYS: 'keyed-head:key-0123456789abcdef',
    });
    const store = memoryStore();
    const deps = { config, store } as unknown as Deps;
    assert.equal(await knownHead(deps, 'listed-head'), true);
    assert.equal(await knownHead(deps, 'keyed-head'), true);
    assert.equal(await knownHead(deps, 'other-head'), false);
    await rememberHead(store, 'other-head');
    assert.equal(await knownHead(deps, 'other-head'), true);
    assert.equal(
      await knownHead(
        { config: parseConfig({ DH_PUBLIC_HEADS: '*' }), store } as unknown as Deps,
        'any-head',
      ),
      false,
      '"*" lists no head',
    );
  });

  test('head ids named like Object.prototype members never 500, in deliveries and in DH_WEBHOOK_KEYS', async () => {
    const s = await setup({
      env: { DH_WEBHOOK_KEYS: '__proto__:proto-key-1234,constructor:ctor-key-1234' },
    });
    for (const [head, key] of [
      ['__proto__', 'proto-key-1234'],
      ['constructor', 'ctor-key-1234'],
      ['toString', 'a-guess'],
      ['valueOf', 'a-guess'],
    ] as const) {
      const raw = s.event(`proto-${head}`, head);
      const res = await s.deliver(raw, await signWebhookBody(raw, key));
      assert.equal(res.status, key === 'a-guess' ? 401 : 202, head);
    }
    assert.throws(
      () => parseConfig({ DH_WEBHOOK_KEYS: 'bad head:key' }),
      /head id is letters, digits/,
    );
  });
});
