/**
 * The simulator: a local Digital Human Platform on one loopback port.
 *
 *   /api     `{base_url}`: every endpoint of the spec, plus `/api/_sim/…` introspection for tests
 *   /chat    `{chat_url}`: the chat page of every head, `/chat/<org>/<head>?api_key=…`
 *   /stream  `{stream_url}`: the stream page, same form
 *   /media   thumbnails, idle clips and produced videos
 *
 * `createSimulator()` gives the web-standard fetch handler (for `app.request()` in tests);
 * `startSimulator()` listens on a port and tells its addresses and credentials.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { SimHttpError, apiRoutes } from './api.js';
import { platformError, simUrls, type SimContext, type SimUrls } from './context.js';
import { faultMiddleware } from './faults.js';
import { introspectionRoutes } from './introspect.js';
import { mediaRoutes } from './media.js';
import { resolveSimOptions, type SimOptions } from './options.js';
import { pageRoutes } from './pages.js';
import { loadSimData, saveSimData } from './data-file.js';
import { SimStore } from './store.js';
import { attachSessions } from './sessions.js';
import type { Server } from 'node:http';

export type { SimOptions } from './options.js';
export type { SimUrls } from './context.js';
export { SimStore } from './store.js';

export interface Simulator {
  /** The fetch handler of the whole simulator. */
  app: Hono;
  store: SimStore;
  urls: SimUrls;
  /** Moves every absolute URL the simulator hands out (publicUrl, media) to this origin. */
  setOrigin(origin: string): void;
  /** The state and options the routes share (for the session server). */
  readonly context: SimContext;
  /**
   * Keeps the heads, videos and webhooks in `file` (data-file.ts): reads it now and writes it after
   * every change through the API. Returns how many heads came back, and `save` for a change made
   * on the store directly.
   */
  persist(file: string, warn?: (line: string) => void): { heads: number; save(): void };
}

const DEFAULT_ORIGIN = 'http://127.0.0.1:8790';

export function createSimulator(options: SimOptions = {}, origin = DEFAULT_ORIGIN): Simulator {
  const resolved = resolveSimOptions(options);
  const store = new SimStore(resolved);
  const ctx: SimContext = { store, options: resolved, urls: simUrls(origin) };
  store.setMediaBase(ctx.urls.mediaUrl);

  const api = new Hono();
  /** Writes the state to its file after a change (persist), or nothing. */
  let saveState: (() => void) | undefined;
  // Every change comes through the API with a method other than GET: the state is written after it.
  api.use('*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') saveState?.();
  });
  // The request log records what arrived and how it was answered; never a header's value.
  api.use('*', async (c, next) => {
    await next();
    const path = c.req.path.replace(/^\/api/, '') || '/';
    if (path.startsWith('/_sim')) return;
    let body: unknown;
    if (path !== '/auth/token' && c.req.header('content-type')?.includes('json')) {
      body = await c.req.json().catch(() => undefined);
    }
    store.requests.push({
      at: new Date(store.now()).toISOString(),
      method: c.req.method,
      path,
      query: c.req.query(),
      status: c.res.status,
      authorization: c.req.header('authorization') !== undefined,
      accept: c.req.header('accept') ?? null,
      contentType: c.req.header('content-type') ?? null,
      body,
    });
  });
  api.use('*', faultMiddleware(store, '/api'));
  api.route('/_sim', introspectionRoutes(ctx));
  api.route('/', apiRoutes(ctx));

  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof SimHttpError) return platformError(c, err.status, err.message);
    console.error('[sim] unexpected error', err);
    return platformError(c, 500, 'Internal server error');
  });
  // Hono answers unmatched paths with the top app's handler: API paths get the platform's error shape.
  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? platformError(c, 404, `Cannot ${c.req.method} ${c.req.path.replace(/^\/api/, '')}`)
      : c.text('Not found', 404),
  );
  app.route('/api', api);
  app.route('/media', mediaRoutes(ctx));
  app.route('/', pageRoutes(ctx));

  return {
    app,
    store,
    get urls() {
      return ctx.urls;
    },
    context: ctx,
    setOrigin(next: string) {
      ctx.urls = simUrls(next);
      store.setMediaBase(ctx.urls.mediaUrl);
    },
    persist(file: string, warn: (line: string) => void = console.warn) {
      const loaded = loadSimData(store, file, warn);
      let failing = false;
      saveState = () => {
        try {
          saveSimData(store, file);
          failing = false;
        } catch (err) {
          // Said once until a write works again: the simulator keeps running in memory.
          if (!failing)
            warn(
              `The simulator's state could not be written to ${file}: ${(err as Error).message}`,
            );
          failing = true;
        }
      };
      saveState();
      return { heads: loaded, save: saveState };
    },
  };
}

export interface RunningSimulator extends Simulator {
  /** What `dh-kit sim` prints: where the platform is and how to log in. */
  info: {
    baseUrl: string;
    chatUrl: string;
    streamUrl: string;
    email: string;
    secretKey: string;
    orgId: string;
  };
  /** With `dataFile`: the state file, how many heads it brought back, and a write of it now. */
  state?: { file: string; heads: number; save(): void };
  close(): Promise<void>;
}

/**
 * The `DH_*` variables that point the kit at this simulator (`dh-kit start`, `createProxy`'s
 * `parseConfig`, a worker's bindings, the live contract suite), as if it were the platform.
 */
export function platformEnv(
  info: RunningSimulator['info'],
): Record<'DH_EMAIL' | 'DH_SECRET_KEY' | 'DH_BASE_URL' | 'DH_CHAT_URL' | 'DH_STREAM_URL', string> {
  return {
    DH_EMAIL: info.email,
    DH_SECRET_KEY: info.secretKey,
    DH_BASE_URL: info.baseUrl,
    DH_CHAT_URL: info.chatUrl,
    DH_STREAM_URL: info.streamUrl,
  };
}

export interface StartOptions extends SimOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Keeps the state in this file across restarts (Simulator.persist); unset: in memory only. */
  dataFile?: string;
  /** Where the state file's problems are said (default console.warn). */
  warn?: (line: string) => void;
  /** Loopback only by default: the simulator has fixed credentials. */
  host?: string;
}

export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const { port = 0, host = '127.0.0.1', dataFile, warn, ...simOptions } = options;
  const sim = createSimulator(simOptions);
  const state = dataFile ? { file: dataFile, ...sim.persist(dataFile, warn) } : undefined;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: sim.app.fetch, port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const detachSessions = attachSessions(sim.context, server as unknown as Server);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  sim.setOrigin(`http://${shownHost}:${address.port}`);
  const { store } = sim;
  return Object.assign(sim, {
    info: {
      baseUrl: sim.urls.baseUrl,
      chatUrl: sim.urls.chatUrl,
      streamUrl: sim.urls.streamUrl,
      email: store.options.email,
      secretKey: store.options.secretKey,
      orgId: store.mainOrg.id,
    },
    ...(state ? { state } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        // Open keep-alive sockets would hold close() back; tests start and stop many simulators.
        detachSessions();
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  });
}
