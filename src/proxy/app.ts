/**
 * The reference proxy (backend-for-frontend): a Hono app, so a web-standard fetch handler that
 * runs on Node as shipped and on serverless and edge runtimes. It holds the bearer token; the
 * browser only ever talks to it.
 */
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import type { BundleInfo } from '../api/answers.js';
import { PlatformClient } from '../platform/client.js';
import { PlatformError } from '../platform/errors.js';
import { toHex } from '../platform/hex.js';
import { notFound, redactPath } from './callback-addresses.js';
import { requireServingSecrets, type ProxyConfig } from './config.js';
import { catalogueLoaders, type Authorize, type Deps, type Platform } from './deps.js';
import { errorResponse, fail } from './http.js';
import { callbackRoutes } from './routes/callbacks.js';
import { faceRoutes, voiceRoutes } from './routes/catalogue.js';
import { eventRoutes } from './routes/events.js';
import { headRoutes } from './routes/heads.js';
import { embedRoutes } from './routes/launch.js';
import { echoPlugin, pluginRoutes, type PluginHandler } from './routes/plugin.js';
import { receiverRoutes } from './routes/receiver.js';
import { toolCallRoutes, type ToolHandler } from './routes/tool-calls.js';
import { webhookRoutes } from './routes/webhooks.js';
import { COMPRESS_THRESHOLD, webCompressor, type Compressor } from './encodings.js';
import type { EventHandler } from './event-consumer.js';
import { MEMORY_LOG_LENGTH, memoryEventLog, type EventLog } from './event-log.js';
import { attachEvents, proxyEvents } from './event-pipeline.js';
import { clientIdentity, type ClientKey } from './client-identity.js';
import { adminTokenAuthorize } from './security/admin-guard.js';
import { answerHeaders, unlessFinished } from './security/answer-headers.js';
import { limitBody } from './security/body-limit.js';
import { corsFor } from './security/cors.js';
import { csrfHeader } from './security/csrf-header.js';
import { limitRate } from './security/rate-limit.js';
import { localHostsOnly } from './security/host-guard.js';
import type { KeyValueStore } from './store.js';
import { memoryStore } from './shared-store.js';
import { pageOrigins } from './page-origins.js';
import { sessionBudgets } from './session-budget.js';
import { conversationInsights } from './conversation-insights.js';
import { insightRoutes } from './routes/insights.js';
import { originRoutes } from './routes/origins.js';
import { VERSION } from '../version.js';
import { warnOnConsole } from '../platform/printable.js';

/** Requests per minute per address on the routes the platform calls. */
export const PLATFORM_RATE_LIMIT = 600;

/** One structured log line per request; never a query string (launch signatures), header or body. */
export interface LogLine {
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface ProxyOptions {
  config: ProxyConfig;
  /** The platform; by default a PlatformClient made from `config.platform`. */
  platform?: Platform;
  /** Decides admin routes; default: `Authorization: Bearer <DH_ADMIN_TOKEN>`. */
  authorize?: Authorize;
  /**
   * Opens the admin routes without a token (`dh-kit start` in simulator mode, on loopback; an
   * `authorize` given still decides): every request must then be addressed to this machine or an
   * allowed origin's host (security/host-guard.ts), or a DNS-rebinding page would be an admin.
   */
  openAdmin?: boolean;
  store?: KeyValueStore;
  /**
   * Tells clients apart for the per-client limits where the proxy cannot by itself
   * (client-identity.ts: it reads the connection on Node, Bun, Deno and Workers, and
   * `X-Forwarded-For` with DH_TRUST_PROXY): an address, or any string; undefined refuses the request.
   */
  clientKey?: ClientKey;
  log?: (line: LogLine) => void;
  /**
   * Called for each verified session event, at least once (docs/proxy.md, "Session events"): an event is
   * written to the log before the platform gets its answer, and a handler that throws is called
   * again later (`meta.key` is the delivery's idempotency key, the same on every attempt).
   */
  onEvent?: EventHandler;
  /**
   * The event log (event-log.ts): the receiver writes to it, `onEvent` and GET /events/stream read
   * it. Default: the store's own (`store.eventLog`: a Redis Stream for `redisStore()`, DH_STORE),
   * else a log in this process's memory.
   */
  eventLog?: EventLog;
  /** @deprecated The earlier name of `eventLog`. */
  events?: EventLog;
  /** The plugin-mode conversation service (default: an echo that shows what it received). */
  plugin?: PluginHandler;
  /** Tool handlers by name, for POST /tools/:name. */
  tools?: Record<string, ToolHandler>;
  /**
   * The single-file bundle this server serves (its versioned path and integrity), answered by
   * GET /bundle so the head form can show a head's embed code; the Node entry sets it.
   */
  bundle?: BundleInfo;
  /**
   * Compresses the prepared catalogue answers once each (default: gzip with CompressionStream;
   * the Node entry adds brotli). Other answers over 1 kB are gzipped by hono/compress. `false`
   * leaves it to the runtime: Workers compresses what it sends by the Content-Encoding header
   * itself, so an answer the app compressed would be compressed twice.
   */
  compress?: Compressor | false;
  /** Fetch for the media the proxy relays: poster images, video downloads (default: the global fetch). */
  fetch?: typeof fetch;
  /** Warnings for the site owner (a random signing secret, platform failures); default console.warn. */
  warn?: (message: string) => void;
  now?: () => number;
}

function randomSecret(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** The routes of relayed media (media.ts): a face's picture or video, a head's poster, a talk's video. */
const MEDIA_ROUTE = /\/(faces\/[^/]+\/(image|video)|heads\/[^/]+\/(poster|videos\/[^/]+\/media))$/;

export function createProxy(options: ProxyOptions): Hono {
  const { config } = options;
  const now = options.now ?? Date.now;
  const warn = options.warn ?? warnOnConsole;
  const store: KeyValueStore = options.store ?? memoryStore(now);
  const platform =
    options.platform ??
    (config.platform
      ? // The token through the store: instances that share one (DH_STORE) log in once for all.
        new PlatformClient({
          ...config.platform,
          ...(options.store ? { tokenStore: store } : {}),
          // The simulator takes http webhooks on loopback (the demo's receiver is this process).
          allowLoopbackWebhooks: config.mode === 'simulator',
        })
      : fail(
          500,
          'no_platform',
          'createProxy needs config.platform (credentials) or a platform client',
        ));
  requireServingSecrets(config);
  if (!config.signingSecret) {
    warn(
      'DH_SIGNING_SECRET is not set: launch URLs are signed with a random key and stop working when this process restarts.',
    );
  }
  const clientKey = clientIdentity({
    ...(options.clientKey ? { clientKey: options.clientKey } : {}),
    trustProxy: config.trustProxy,
    warn,
  });
  const { retentionMs, maxLength, retryForMs } = config.events;
  const events = proxyEvents({
    // A Redis store (DH_STORE) brings its log: a stream on the same Redis.
    log:
      options.eventLog ??
      options.events ??
      store.eventLog?.({ now, retentionMs, maxLength }) ??
      memoryEventLog({ now, retentionMs, maxLength: Math.min(maxLength, MEMORY_LOG_LENGTH) }),
    onEvent: options.onEvent,
    retryForMs,
    warn,
    now,
  });
  // Fed by the session budget (each start, each session's length) and by the routes below.
  const insights = conversationInsights({ store, config, now, warn });
  const deps: Deps = {
    config,
    platform,
    store,
    origins: pageOrigins(config.allowedOrigins, store, now),
    signingSecret: config.signingSecret ?? randomSecret(),
    authorize: options.authorize ?? (options.openAdmin ? () => true : adminTokenAuthorize(config)),
    defaultAuthorize: options.authorize === undefined,
    compress:
      options.compress === false ? async () => undefined : (options.compress ?? webCompressor),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    now,
    clientOf: clientKey,
    budgets: sessionBudgets({
      store,
      log: events.log,
      config,
      now,
      warn,
      clientOf: clientKey,
      observer: insights,
    }),
    insights,
    // The catalogues through the store only when the site gave one (shared by its instances).
    ...catalogueLoaders(platform, now, options.store ? store : undefined),
  };
  const log = options.log ?? ((line: LogLine) => console.log(JSON.stringify(line)));

  // What the platform calls: authenticated by their own means (a signature; the plugin and tool
  // calls carry no browser credentials), so no CSRF header and no per-browser rate limit — the
  // platform calls from a few addresses, and one limit for all of it would answer it 429 and lose
  // events. No CORS: no browser calls these.
  const platformCalls = new Hono();
  // Their own limit, per address and generous (the platform calls from a few): enough for its
  // deliveries and conversations, not for a flood. On their own paths only: this sub-app's
  // middleware at '*' would run for every route mounted after it.
  const platformLimit = limitRate(PLATFORM_RATE_LIMIT, clientKey, deps.store, 'platform');
  for (const path of ['/hooks/*', '/plugin/*', '/tools/*']) platformCalls.use(path, platformLimit);
  platformCalls.route(
    '/hooks',
    receiverRoutes(deps, events.log, () => events.drained(), warn),
  );
  // The plugin and tools answer only at addresses holding the callback secret; without one they
  // are off (the platform cannot prove who calls, so an open address would serve anyone).
  if (config.callbackSecret) {
    platformCalls.route(
      '/plugin',
      pluginRoutes(options.plugin ?? echoPlugin, config.callbackSecret, insights.asked),
    );
    platformCalls.route('/tools', toolCallRoutes(options.tools ?? {}, config.callbackSecret));
  } else if (options.plugin || options.tools || config.mode === 'platform') {
    warn(
      'DH_CALLBACK_SECRET is not set: the plugin and tool routes are off (set it, at least 32 characters, and give the platform the addresses that hold it).',
    );
  }
  // Anything else under these paths (an old address, a wrong secret, another method) is a plain
  // 404 here, never passed on to the browser routes and their guards.
  for (const path of ['/hooks/*', '/plugin/*', '/tools/*'])
    platformCalls.all(path, notFound(config.callbackSecret));

  // What browsers call: CORS for the listed origins, the per-client rate limit and the CSRF
  // header on state-changing requests.
  const browserCalls = new Hono();
  browserCalls.use('*', corsFor(config, deps.origins, warn));
  // The relayed pictures and videos (media.ts) come many to a page (a grid of faces): they count
  // in a budget of their own, ten times the routes'.
  const browserLimit = limitRate(config.rateLimit, clientKey, deps.store, 'browser');
  const mediaLimit = limitRate(config.rateLimit * 10, clientKey, deps.store, 'browser-media');
  browserCalls.use('*', (c, next) =>
    (MEDIA_ROUTE.test(c.req.path) ? mediaLimit : browserLimit)(c, next),
  );
  browserCalls.use('*', csrfHeader());
  browserCalls.get('/health', (c) => c.json({ ok: true, mode: config.mode, version: VERSION }));
  browserCalls.get('/bundle', (c) =>
    options.bundle
      ? c.json(options.bundle)
      : fail(
          404,
          'no_bundle',
          'This server does not serve the dh-kit bundle: load it from the npm package or a CDN.',
        ),
  );
  // One sub-app per resource (routes/); `/heads` mounts its parts below `/heads/:id` itself.
  browserCalls.route('/faces', faceRoutes(deps));
  browserCalls.route('/voices', voiceRoutes(deps));
  browserCalls.route('/heads', headRoutes(deps));
  browserCalls.route('/embed', embedRoutes(deps));
  browserCalls.route('/events', eventRoutes(deps, events));
  browserCalls.route('/webhooks', webhookRoutes(deps));
  browserCalls.route('/callbacks', callbackRoutes(deps));
  browserCalls.route('/origins', originRoutes(deps));
  browserCalls.route('/insights', insightRoutes(deps));

  // Hono flattens mounted apps into one router and runs the handlers that match a path in the
  // order they were added, until one answers. The platform's routes come first and answer, so
  // the browser guards (added after them, at '*') never run for them. The body limit is for both.
  const routes = new Hono();
  routes.use('*', limitBody());
  routes.route('/', platformCalls);
  routes.route('/', browserCalls);
  // An admin (the back office) is told what the platform said; a visitor gets a plain message.
  const detailed = async (err: unknown, c: Context) =>
    err instanceof PlatformError &&
    (await Promise.resolve(deps.authorize(c.req.raw, 'errors:details')).catch(() => false));
  routes.onError(async (err, c) =>
    errorResponse(
      c,
      err,
      (e) => warn(e instanceof Error ? (e.stack ?? e.message) : String(e)),
      await detailed(err, c),
    ),
  );

  const app = new Hono();
  // onEvent is fed from the first request on (startProxyServer starts it at once).
  if (options.onEvent) {
    app.use('*', async (_c, next) => {
      events.start();
      await next();
    });
  }
  app.use('*', answerHeaders());
  // The time of a log line, formatted once per millisecond (a busy proxy logs many in one).
  let stamp = { ms: NaN, iso: '' };
  const isoNow = () => {
    const ms = now();
    if (ms !== stamp.ms) stamp = { ms, iso: new Date(ms).toISOString() };
    return stamp.iso;
  };
  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    log({
      at: isoNow(),
      method: c.req.method,
      path: redactPath(c.req.path, config.callbackSecret),
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    });
  });
  // Before every route (logged all the same): a DNS-rebinding page gets nothing from an open proxy.
  if (options.openAdmin) app.use('*', localHostsOnly(config.allowedOrigins));
  // JSON, pages and scripts over 1 kB, gzip (CompressionStream); never an event stream, media or
  // an answer that is already encoded (the prepared ones, the bundle).
  if (options.compress !== false)
    app.use('*', unlessFinished(compress({ threshold: COMPRESS_THRESHOLD })));
  app.route(config.prefix, routes);
  // Hono answers unmatched paths with the outermost app's handler: a mounting app sets this too.
  app.notFound(notFound(config.callbackSecret));
  attachEvents(app, events);
  return app;
}
