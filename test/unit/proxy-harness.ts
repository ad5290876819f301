/**
 * The proxy in a test, with no server: `createProxy()` in front of an in-process simulator whose
 * fetch handler is the network, called through `app.request()` (Hono's way). Every answer a test
 * reads through `request()` is recorded for the suite's secret scan (./secret-scan.ts).
 *
 *   const sim = createSimulator({ talkDelayMs: 0 });
 *   const scan = watchSecrets(sim, [SIGNING, ADMIN]);
 *   const makeProxy = proxyHarness(sim, { signing: SIGNING, admin: ADMIN, scan });
 *   const p = makeProxy({ DH_RATE_LIMIT: '5' });
 *   await p.request('/dh/heads', { method: 'POST', admin: true, body: JSON.stringify(body) });
 *
 * A test file of the proxy's routes and guards starts with `proxySuite()`, which makes all of that
 * and heads through the proxy (`createHead`):
 *
 *   const { sim, makeProxy, createHead } = proxySuite();
 *   const head = await createHead(makeProxy(), { operationMode: 'ttt' });
 */
import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Hono } from 'hono';
import { PlatformClient, type PlatformClientOptions } from '../../src/platform/client.js';
import { createProxy, type LogLine, type ProxyOptions } from '../../src/proxy/app.js';
import { parseConfig, type ProxyConfig } from '../../src/proxy/config.js';
import { createSimulator, type Simulator } from '../../src/sim/index.js';
import { watchSecrets, type SecretScan } from './secret-scan.js';

/** The simulator's fetch handler as the network; it honours abort signals like a real fetch. */
export function simFetch(sim: Pick<Simulator, 'app'>): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      Promise.resolve(sim.app.fetch(request)).then(resolve, reject);
    });
  }) as typeof fetch;
}

/** The address of the tests' one client, unless a test names another. */
export const TEST_CLIENT = '192.0.2.10';

/** Hono's `c.env` as @hono/node-server passes it for a connection from `address` (what `serve()` gives). */
export const connection = (address = TEST_CLIENT) => ({
  incoming: { socket: { remoteAddress: address } },
});

/**
 * The app as if served by @hono/node-server: `request()` and `fetch()` without an env of their
 * own get a connection from `address`, so the proxy can tell its client (it refuses requests it
 * cannot place: client_unknown). A test of several clients passes `connection(other)` itself.
 */
export function servedFrom<T extends Hono>(app: T, address = TEST_CLIENT): T {
  const wrapped = Object.create(app) as T;
  wrapped.request = (input, init, env, ctx) =>
    app.request(input, init, env ?? connection(address), ctx);
  wrapped.fetch = (request, env, ctx) => app.fetch(request, env ?? connection(address), ctx);
  return wrapped;
}

/** Where the simulator is and how to log in to it: `config.platform` of a proxy. */
export function platformAccess(sim: Pick<Simulator, 'urls' | 'store'>) {
  const { baseUrl, chatUrl, streamUrl } = sim.urls;
  return {
    baseUrl,
    chatUrl,
    streamUrl,
    email: sim.store.options.email,
    secretKey: sim.store.options.secretKey,
  };
}

export type ProxyOverrides = Partial<ProxyOptions> & { client?: Partial<PlatformClientOptions> };

export function proxyHarness(
  sim: Pick<Simulator, 'app' | 'urls' | 'store'>,
  { signing, admin, scan }: { signing: string; admin: string; scan: SecretScan },
) {
  const network = simFetch(sim);
  const access = platformAccess(sim);
  return function makeProxy(env: Record<string, string> = {}, overrides: ProxyOverrides = {}) {
    const config: ProxyConfig = {
      ...parseConfig({
        DH_SIGNING_SECRET: signing,
        DH_ADMIN_TOKEN: admin,
        DH_PUBLIC_HEADS: '*',
        DH_RATE_LIMIT: '0',
        ...env,
      }),
      platform: access,
    };
    const client = new PlatformClient({
      ...access,
      fetch: network,
      retryBaseMs: 1,
      retryMaxMs: 5,
      ...overrides.client,
    });
    const logs: LogLine[] = [];
    const app = servedFrom(
      createProxy({
        config,
        platform: client,
        fetch: network,
        log: (l) => logs.push(l),
        warn: () => undefined,
        ...overrides,
      }),
    );
    /** A browser's request: `admin` adds the admin bearer; state-changing ones carry the CSRF header. */
    const request = async (path: string, init: RequestInit & { admin?: boolean } = {}) => {
      const headers = new Headers(init.headers);
      if (init.admin) headers.set('authorization', `Bearer ${admin}`);
      if (init.method && init.method !== 'GET' && !headers.has('x-dh-kit'))
        headers.set('x-dh-kit', '1');
      if (init.body && !headers.has('content-type'))
        headers.set('content-type', 'application/json');
      return scan.record(await app.request(path, { ...init, headers }));
    };
    return { app, request, logs, client };
  };
}

/** A proxy made by `proxyHarness`: its app, `request()` as a browser, its log lines, its client. */
export type TestProxy = ReturnType<ReturnType<typeof proxyHarness>>;

/** What a head made through the proxy answers (POST /dh/heads). */
export interface CreatedHead {
  id: string;
  publicId: string;
  name: string;
  mode: string;
  poster: string | null;
  streaming: boolean;
}

/**
 * The setup of a test file of the proxy: a simulator of its own (or `sim`), the secret scan of
 * every answer its proxies give (checked when the file's tests have run: no file can leave it
 * out), `makeProxy`, and heads made through the proxy as the back office makes them: `headBody` is
 * a valid POST /heads body (an English voice of a provider other than the streaming one), `extra`
 * changing its fields.
 */
export function proxySuite({
  signing = 'test-signing-secret-0123456789abcdef',
  admin = 'admin-token-0123456789',
  sim = createSimulator({ talkDelayMs: 0 }),
}: {
  signing?: string;
  admin?: string;
  sim?: Simulator;
} = {}) {
  const scan = watchSecrets(sim, [signing, admin]);
  const makeProxy = proxyHarness(sim, { signing, admin, scan });
  // At the file's end: secrets never reach a browser (the organisation key only in a 302).
  after(() => {
    assert.ok(scan.assertClean().recorded > 0, 'the answers were scanned for secrets');
  });
  /** An English (en-US) voice of a provider `provider` accepts. */
  const voiceOf = (provider: (p: string) => boolean) =>
    sim.store.voices.find((v) => provider(v.provider) && v.locale === 'en-US')!;
  const headBody = (extra: Record<string, unknown> = {}) => {
    const voice = voiceOf((p) => p !== 'elevenlabs');
    return {
      headVisualId: sim.store.faces[0]!.id,
      name: 'Proxy Head',
      language: 'en-US',
      operationMode: 'oc',
      ttsProvider: voice.provider,
      ttsVoice: voice.voiceId,
      greetings: 'Hello!',
      ...extra,
    };
  };
  const createHead = async (
    p: TestProxy,
    extra: Record<string, unknown> = {},
  ): Promise<CreatedHead> => {
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify(headBody(extra)),
    });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()) as CreatedHead;
  };
  return { sim, scan, makeProxy, voiceOf, headBody, createHead, signing, admin };
}

/** The proxy's error answer `{error: {code, message}}`, checked for its shape. */
export async function errorOf(res: Response) {
  const body = await res.json();
  assert.equal(typeof body.error?.code, 'string', 'errors have a code');
  assert.equal(typeof body.error?.message, 'string', 'errors have a message');
  return body.error as { code: string; message: string };
}
