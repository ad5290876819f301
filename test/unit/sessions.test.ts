/**
 * The simulator's conversation sessions and their events (EV-2 … EV-10), end to end over real
 * sockets: a page session over a WebSocket, and a webhook receiver on loopback.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import { PlatformClient } from '../../src/platform/client.js';
import { FLOW_API_KEY_FIELD, FLOW_MODE } from '../../src/platform/modes.js';
import { verifyWebhookSignature } from '../../src/proxy/webhook-signature.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';

let sim: RunningSimulator;
let client: PlatformClient;
let receiver: Server;
let receiverUrl: string;
/** What the receiver got, in order; and how it should answer the next deliveries. */
const received: {
  event: Record<string, string>;
  valid: boolean;
  path: string;
  body: string;
  signature?: string;
}[] = [];
const answers: number[] = [];
let delayMs = 0;
const keys: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a condition (20 s at most: room for a slow machine; a condition that holds returns at once). */
const waitFor = async (check: () => boolean, what: string, ms = 20_000) => {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await sleep(10);
  }
};

/**
 * Runs `test` with short idle times (a warning after 150 ms, the end after 300 ms; the simulator
 * reads them at each message), and puts the long ones back after it.
 */
async function shortIdle(test: () => Promise<void>): Promise<void> {
  const { inactivityMs, timeoutMs } = sim.store.options;
  Object.assign(sim.store.options, { inactivityMs: 150, timeoutMs: 300 });
  try {
    await test();
  } finally {
    Object.assign(sim.store.options, { inactivityMs, timeoutMs });
  }
}

async function head(
  mode: 'oc' | 'ttt' | 'doc_qa' | typeof FLOW_MODE = 'oc',
  events = true,
  flags = {
    startConversation: true,
    endConversation: true,
    timeoutConversation: true,
    inactivityWarning: true,
  },
) {
  const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
  const created = await client.createHead({
    headVisualId: sim.store.faces[0]!.id,
    name: 'Eve',
    language: 'en-US',
    operationMode: mode,
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    ...(mode === FLOW_MODE ? { [FLOW_API_KEY_FIELD]: 'vf-key-123' } : {}),
  } as Parameters<PlatformClient['createHead']>[0]);
  await client.createWebhook({
    headId: created.id,
    webhookUrl: receiverUrl,
    ...flags,
  } as Parameters<PlatformClient['createWebhook']>[0]);
  keys.push(...(await client.listWebhooks(created.id)).map((w) => w.sharedKey));
  if (events) await client.setEventsEnabled(created.id, true);
  return client.getHead(created.id);
}

/** Opens the page session of a head and collects what the page is told. */
async function session(publicUrl: string) {
  const url = new URL(publicUrl);
  url.protocol = 'ws:';
  url.pathname += '/session';
  const ws = new WebSocket(url);
  const messages: { type: string; text?: string; message?: string; sessionId?: string }[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  await waitFor(() => messages.some((m) => m.type === 'session'), 'the session id');
  const say = async (text: string) => {
    const before = messages.filter((m) => m.type === 'reply').length;
    ws.send(JSON.stringify({ type: 'message', text }));
    await waitFor(() => messages.filter((m) => m.type === 'reply').length > before, 'a reply');
    return messages.filter((m) => m.type === 'reply').at(-1)!.text!;
  };
  return { ws, messages, say, id: messages.find((m) => m.type === 'session')!.sessionId! };
}

const typesOf = (sessionId: string) =>
  received.filter((r) => r.event.session_id === sessionId).map((r) => r.event.event_type);

describe('simulator sessions and events', () => {
  before(async () => {
    receiver = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      if (delayMs) await sleep(delayMs);
      const status = answers.shift() ?? 204;
      const signature = req.headers['x-signature-256'];
      const sig = typeof signature === 'string' ? signature : undefined;
      if (status < 300)
        received.push({
          event: JSON.parse(body),
          valid: await verifyWebhookSignature(body, sig, keys),
          path: req.url ?? '',
          body,
          signature: sig,
        });
      res.writeHead(status).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    // Long idle times: a test that is not about them is never overtaken by a warning however slow
    // the machine; the tests about them shorten them for their own sessions (shortIdle).
    // And the platform's own delivery time limit (5 s): a delivery this busy machine answers late is
    // not retried into a duplicate; the time-out test shortens it for itself.
    sim = await startSimulator({
      allowInsecureWebhooks: true,
      inactivityMs: 60_000,
      timeoutMs: 120_000,
      deliveryRetryBaseMs: 10,
    });
    client = new PlatformClient({
      baseUrl: sim.info.baseUrl,
      email: sim.info.email,
      secretKey: sim.info.secretKey,
      allowLoopbackWebhooks: true,
    });
  });
  after(async () => {
    await sim.close();
    await new Promise((r) => receiver.close(r));
  });

  test('a page session answers over its WebSocket, by mode; a wrong api_key is refused', async () => {
    const oc = await head('oc', false);
    const s = await session(oc.publicUrl);
    assert.match(await s.say('Hello'), /^Hello, I am Eve\b/);
    s.ws.close();
    const ttt = await head('ttt', false);
    const t = await session(ttt.publicUrl);
    assert.equal(await t.say('Repeat after me.'), 'Repeat after me.');
    t.ws.close();
    // doc_qa and the flow mode: a clear canned answer that names the mode.
    for (const mode of ['doc_qa', FLOW_MODE] as const) {
      const d = await session((await head(mode, false)).publicUrl);
      const answer = await d.say('What are your opening hours?');
      assert.ok(answer.startsWith(`(${mode}) `), `${mode} names its mode: ${answer}`);
      assert.match(answer, /What are your opening hours\?/, 'and says what it was asked');
      d.ws.close();
    }
    const bad = new WebSocket(
      oc.publicUrl
        .replace(/^http/, 'ws')
        .replace('?', '/session?')
        .replace(/api_key=[^&]+/, 'api_key=wrong'),
    );
    const status = await new Promise<number>((r) =>
      bad.on('unexpected-response', (_req, res) => r(res.statusCode ?? 0)),
    );
    assert.equal(status, 401);
  });

  test('EV-2 EV-3 EV-7 EV-8 start_conversation on the first message, end_conversation when the socket closes; signed payloads', async () => {
    const h = await head();
    const s = await session(h.publicUrl);
    await s.say('Hello');
    await s.say('Second message');
    await waitFor(() => typesOf(s.id).length === 1, 'start_conversation');
    s.ws.close();
    await waitFor(() => typesOf(s.id).length === 2, 'end_conversation');
    assert.deepEqual(typesOf(s.id), ['start_conversation', 'end_conversation']);
    for (const r of received.filter((x) => x.event.session_id === s.id)) {
      assert.ok(r.valid, 'x-signature-256 verifies with the shared key');
      assert.deepEqual(Object.keys(r.event).sort(), [
        'event_type',
        'head_id',
        'public_head_id',
        'public_org_id',
        'session_id',
        'timestamp',
      ]);
      assert.equal(r.event.head_id, h.id);
      assert.equal(r.event.public_head_id, h.publicId);
      assert.ok(
        !Number.isNaN(Date.parse(r.event.timestamp ?? '')),
        `the ${r.event.event_type} event's timestamp is a date`,
      );
    }
  });

  test("EV-8 each webhook's deliveries are signed with its own shared key, not another webhook's of the head", async () => {
    const h = await head('oc', true);
    // A second webhook of the same head, at another path: another shared key.
    await client.createWebhook({
      headId: h.id!,
      webhookUrl: `${receiverUrl}/second`,
      startConversation: true,
    });
    const configs = await client.listWebhooks(h.id!);
    const keyOf = (path: string) =>
      configs.find((c) => new URL(c.webhookUrl).pathname === path)!.sharedKey;
    assert.notEqual(keyOf('/hooks'), keyOf('/hooks/second'));
    const s = await session(h.publicUrl);
    await s.say('Hello');
    await waitFor(
      () =>
        received.filter(
          (r) => r.event.session_id === s.id && r.event.event_type === 'start_conversation',
        ).length === 2,
      'a delivery to each webhook',
    );
    s.ws.close();
    const starts = received.filter(
      (r) => r.event.session_id === s.id && r.event.event_type === 'start_conversation',
    );
    assert.deepEqual(starts.map((r) => r.path).sort(), ['/hooks', '/hooks/second']);
    for (const r of starts) {
      const own = keyOf(r.path);
      const other = keyOf(r.path === '/hooks' ? '/hooks/second' : '/hooks');
      assert.ok(
        await verifyWebhookSignature(r.body, r.signature, [own]),
        `${r.path}: signed with its own key`,
      );
      assert.ok(
        !(await verifyWebhookSignature(r.body, r.signature, [other])),
        `${r.path}: not with the other webhook's key`,
      );
    }
  });

  test('EV-4 EV-5 EV-10 inactivity: a warning (and the page popup), then timeout_conversation followed by end_conversation, in order', async () => {
    const h = await head();
    await shortIdle(async () => {
      const s = await session(h.publicUrl);
      await s.say('Hello');
      await waitFor(() => typesOf(s.id).length >= 4, 'four events');
      assert.deepEqual(typesOf(s.id), [
        'start_conversation',
        'inactivity_warning',
        'timeout_conversation',
        'end_conversation',
      ]);
      assert.ok(
        s.messages.some((m) => m.type === 'inactivity_warning'),
        'the page was told to show the warning',
      );
      assert.ok(
        s.messages.some((m) => m.type === 'timeout'),
        'the page was told the conversation timed out',
      );
    });
  });

  test('EV-6 nothing is sent while enableEvents is false, nor for a flag that is off; a session without messages has no events', async () => {
    const off = await head('oc', false);
    const a = await session(off.publicUrl);
    await a.say('Hello');
    a.ws.close();
    const onlyEnd = await head('oc', true, {
      startConversation: false,
      endConversation: true,
      timeoutConversation: false,
      inactivityWarning: false,
    });
    const b = await session(onlyEnd.publicUrl);
    await b.say('Hello');
    b.ws.close();
    const quiet = await head();
    const c = await session(quiet.publicUrl);
    c.ws.close();
    await waitFor(() => typesOf(b.id).length === 1, 'end_conversation of b');
    await sleep(100);
    assert.deepEqual(typesOf(a.id), []);
    assert.deepEqual(typesOf(b.id), ['end_conversation']);
    assert.deepEqual(typesOf(c.id), []);
  });

  test('EV-9 an error status or a time-out is retried with backoff, up to 3 times, each attempt recorded', async () => {
    const h = await head();
    answers.push(500, 503);
    const s = await session(h.publicUrl);
    await s.say('Hello');
    await waitFor(
      () => typesOf(s.id).includes('start_conversation'),
      'the delivery after two failures',
    );
    const attempts = () =>
      sim.store.deliveries.filter(
        (d) => d.sessionId === s.id && d.eventType === 'start_conversation',
      );
    // Each attempt is recorded once its answer is in, a moment after the receiver has the event.
    await waitFor(
      () => attempts().length === 3 && attempts()[2]!.status !== undefined,
      'the third attempt recorded',
    );
    assert.deepEqual(
      attempts().map((d) => [d.attempt, d.status]),
      [
        [1, 500],
        [2, 503],
        [3, 204],
      ],
    );
    // A receiver too slow for the time limit (200 ms): every attempt times out, 1 + 3 in all.
    const base = 60;
    const ends = () =>
      sim.store.deliveries.filter(
        (d) => d.sessionId === s.id && d.eventType === 'end_conversation',
      );
    sim.store.options.deliveryRetryBaseMs = base;
    sim.store.options.deliveryTimeoutMs = 200;
    delayMs = 400;
    try {
      s.ws.close();
      await waitFor(() => ends().length === 4, 'four timed-out attempts');
      // A fourth retry would come after 8 × base: well past it, there is still none.
      await sleep(200 + 8 * base + 150);
      assert.equal(ends().length, 4, 'no more than 3 retries');
    } finally {
      delayMs = 0;
      sim.store.options.deliveryRetryBaseMs = 10;
      sim.store.options.deliveryTimeoutMs = 5000;
    }
    assert.ok(
      ends().every((d) => d.error === 'timeout'),
      'each attempt ended at the delivery timeout',
    );
    assert.deepEqual(
      ends().map((d) => d.attempt),
      [1, 2, 3, 4],
    );
    // The pause before each retry (the gap between attempts less the 200 ms time limit) doubles.
    const starts = ends().map((d) => Date.parse(d.at));
    const pauses = starts.slice(1).map((t, i) => t - starts[i]! - 200);
    // Lower bounds only (a timer may fire late on a busy machine, never early): a constant pause
    // would fail the second and third.
    for (const [i, p] of pauses.entries())
      assert.ok(p >= base * 2 ** i - 5, `pause ${i + 1} is ${p} ms, at least ${base * 2 ** i}`);
  });

  test("EV-10 a session's events stay in order when an earlier one waits for a retry past the later ones", async () => {
    const h = await head();
    // start_conversation fails once and is retried after 400 ms: by then inactivity_warning (150 ms),
    // timeout_conversation and end_conversation (300 ms) have occurred; they must wait their turn.
    sim.store.options.deliveryRetryBaseMs = 400;
    answers.push(500);
    await shortIdle(async () => {
      const s = await session(h.publicUrl);
      await s.say('Hello');
      const attemptsOf = () =>
        sim.store.deliveries.filter(
          (d) => d.sessionId === s.id && (d.status ?? d.error) !== undefined,
        );
      // Each attempt is recorded once its answer is in: wait for the fifth, not only the fourth event.
      await waitFor(
        () => typesOf(s.id).length >= 4 && attemptsOf().length >= 5,
        'four events, five answered attempts',
      );
      assert.deepEqual(typesOf(s.id), [
        'start_conversation',
        'inactivity_warning',
        'timeout_conversation',
        'end_conversation',
      ]);
      const attempts = attemptsOf();
      assert.deepEqual(
        attempts.map((d) => [d.eventType, d.attempt, d.status ?? d.error]),
        [
          ['start_conversation', 1, 500],
          ['start_conversation', 2, 204],
          ['inactivity_warning', 1, 204],
          ['timeout_conversation', 1, 204],
          ['end_conversation', 1, 204],
        ],
      );
    }).finally(() => (sim.store.options.deliveryRetryBaseMs = 10));
  });
});
