/**
 * Session events as the platform sends them, for the tests of what the proxy makes of them (the
 * session budgets, the conversation insights): the simulator on a port, its page sessions over its
 * WebSocket, and its signed deliveries over HTTP to proxies on ports. Time moves on the proxies'
 * clock and the simulator's together (`move`), never by waiting.
 *
 *   startSessions({ inactivityMs: 600_000 });   // the file's simulator (before/after hooks)
 *   const p = await proxy();                      // a proxy against it, on the shared clock
 *   const head = await newHead();
 *   await deliver(head, 'session-1', 'start_conversation');
 *
 * `sim` and `client` are live bindings: read them inside tests and hooks.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before } from 'node:test';
import type { Context } from 'hono';
import WebSocket from 'ws';
import { PlatformClient } from '../../src/platform/client.js';
import type { EventType } from '../../src/platform/modes.js';
import { parseConfig } from '../../src/proxy/config.js';
import { startProxyServer } from '../../src/proxy/node.js';
import { redisStore, type RedisStore } from '../../src/proxy/redis-store.js';
import { emitEvent } from '../../src/sim/events.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { startRedis, type RunningRedis } from './redis-server.js';

export const ADMIN = 'admin-token-0123456789';
const HOUR = 3600e3;

export let sim: RunningSimulator;
export let client: PlatformClient;
/** Added to the wall clock, on the proxies' clock and the simulator's alike. */
let shift = 0;
export const now = () => Date.now() + shift;
export const move = (ms: number) => {
  shift += ms;
  sim.store.clockOffsetMs = shift;
};
/** Moves the clock on to the next day (UTC) at `hour`: a test's day does not end under it. */
export const nextDayAt = (hour: number) => {
  const t = now();
  move(
    Date.UTC(
      new Date(t).getUTCFullYear(),
      new Date(t).getUTCMonth(),
      new Date(t).getUTCDate() + 1,
      hour,
    ) - t,
  );
};
/** Today (UTC, on the shared clock), `YYYY-MM-DD`. */
export const today = () => new Date(now()).toISOString().slice(0, 10);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a condition, 5 s at most. */
export async function until(check: () => boolean, what: string) {
  for (const end = Date.now() + 5000; !check(); await sleep(5))
    if (Date.now() > end) assert.fail(`not within 5 s: ${what}`);
}

/** The file's simulator, started before its tests and closed after them. */
export function startSessions(options: Parameters<typeof startSimulator>[0] = {}) {
  before(async () => {
    sim = await startSimulator({ allowInsecureWebhooks: true, talkDelayMs: 0, ...options });
    client = new PlatformClient({
      baseUrl: sim.info.baseUrl,
      email: sim.info.email,
      secretKey: sim.info.secretKey,
      allowLoopbackWebhooks: true,
    });
  });
  after(() => sim.close());
}

/** A proxy on a port against the simulator; `x-test-client` names the visitor (default "a"). */
export async function proxy(
  extra: Partial<Parameters<typeof startProxyServer>[0]> = {},
  env: Record<string, string> = {},
) {
  const warnings: string[] = [];
  const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
  const server = await startProxyServer({
    config: {
      ...parseConfig({
        DH_ADMIN_TOKEN: ADMIN,
        DH_SIGNING_SECRET: 'b'.repeat(32),
        DH_PUBLIC_HEADS: '*',
        DH_RATE_LIMIT: '0',
        PORT: '0',
        ...env,
      }),
      platform: { baseUrl, chatUrl, streamUrl, email, secretKey },
    },
    port: 0,
    platform: new PlatformClient({ baseUrl, email, secretKey, allowLoopbackWebhooks: true }),
    now,
    clientKey: (c: Context) => c.req.header('x-test-client') ?? 'a',
    log: () => undefined,
    warn: (m) => warnings.push(m),
    ...extra,
  });
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/dh${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${ADMIN}`,
        'x-dh-kit': '1',
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  return {
    server,
    warnings,
    call,
    budget: (head: string, body: unknown) =>
      call(`/heads/${head}/budget`, { method: 'PUT', body: JSON.stringify(body) }),
    launch: (head: string, visitor = 'a') =>
      fetch(`${server.url}/dh/heads/${head}/launch`, { headers: { 'x-test-client': visitor } }),
    /** The embed redirect of a launch link, as the frame navigates to it. */
    embed: (url: string, visitor = 'a') =>
      fetch(`${server.url}${url}`, {
        headers: { 'x-test-client': visitor, accept: 'text/html' },
        redirect: 'manual',
      }),
  };
}
export type SessionProxy = Awaited<ReturnType<typeof proxy>>;

/** A head in the simulator (mode oc unless `extra` says otherwise). */
export async function newHead(extra: Record<string, unknown> = {}): Promise<string> {
  const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
  const { id } = await client.createHead({
    headVisualId: sim.store.faces[0]!.id,
    name: 'Ava',
    language: 'en-US',
    operationMode: 'oc',
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    ...extra,
  } as Parameters<PlatformClient['createHead']>[0]);
  return id!;
}

/** Points every session event of the head at these proxies (one webhook each), delivery on. */
export async function sendEventsTo(head: string, ...to: SessionProxy[]) {
  for (const p of to)
    await client.createWebhook({
      headId: head,
      webhookUrl: `${p.server.url}/dh/hooks/events`,
      startConversation: true,
      endConversation: true,
      timeoutConversation: true,
      inactivityWarning: true,
    });
  await client.setEventsEnabled(head, true);
}

/** One session event, sent by the simulator to the head's webhooks (signed), and received. */
export async function deliver(head: string, session: string, type: EventType) {
  await emitEvent(sim.context, sim.store.heads.get(head)!, session, type);
  const last = sim.store.deliveries
    .filter((d) => d.sessionId === session && d.eventType === type)
    .at(-1);
  assert.ok(last && last.status! < 300, `${type} of ${session} was received (${last?.status})`);
}

/** A page session of the head over the simulator's WebSocket: talking starts it, closing ends it. */
export async function pageSession(head: string) {
  const url = new URL((await client.getHead(head)).publicUrl);
  url.protocol = 'ws:';
  url.pathname += '/session';
  const ws = new WebSocket(url);
  const messages: { type: string; sessionId?: string }[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await once(ws, 'open');
  await until(() => messages.some((m) => m.type === 'session'), 'the session id');
  const id = messages.find((m) => m.type === 'session')!.sessionId!;
  const received = (type: string) =>
    until(
      () =>
        sim.store.deliveries.some(
          (d) => d.sessionId === id && d.eventType === type && d.status! < 300,
        ),
      `${type} received`,
    );
  const replies = () => messages.filter((m) => m.type === 'reply' || m.type === 'error').length;
  return {
    id,
    talk: async (text = 'Hello') => {
      const answered = replies();
      ws.send(JSON.stringify({ type: 'message', text }));
      await received('start_conversation');
      await until(() => replies() > answered, 'the reply');
    },
    close: async () => {
      ws.close();
      await received('end_conversation');
    },
  };
}

export const DAY = 24 * HOUR;

/**
 * Two proxies sharing one Redis, each with a store of its own, started before the calling suite's
 * tests and closed after them (`a`, `b`, the Redis and the stores, read inside a test).
 */
export function twoProxiesOnRedis() {
  const two = { stores: [] as RedisStore[] } as {
    redis: RunningRedis;
    stores: RedisStore[];
    a: SessionProxy;
    b: SessionProxy;
  };
  before(async () => {
    two.redis = await startRedis();
    const shared = () => {
      const store = redisStore(two.redis.url, { warn: () => undefined });
      two.stores.push(store);
      return store;
    };
    two.a = await proxy({ store: shared() });
    two.b = await proxy({ store: shared() });
  });
  after(async () => {
    await two.a?.server.close(100);
    await two.b?.server.close(100);
    for (const store of two.stores) await store.close();
    await two.redis?.dispose();
  });
  return two;
}
