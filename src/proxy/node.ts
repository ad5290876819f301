/**
 * The proxy on Node: the Hono app behind @hono/node-server, with the demo site and the
 * single-file bundle served from the same port.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { existsSync } from 'node:fs';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BundleInfo } from '../api/answers.js';
import { createProxy, type LogLine, type ProxyOptions } from './app.js';
import { notFound } from './callback-addresses.js';
import { endEventStreams, startEvents, stopEvents } from './event-pipeline.js';
import { embeddedFile, loadBundle, serveBundle } from './bundle.js';
import { nodeCompressor } from './node-compress.js';
import { redisStore } from './redis-store.js';
import type { KeyValueStore } from './store.js';
import { IMMUTABLE } from './encodings.js';
import { ConnectionShares, connectionLimits, type ConnectionLimits } from './connection-shares.js';
import { errorBody } from './http.js';
import { printable, warnOnConsole } from '../platform/printable.js';

export interface NodeServerOptions extends ProxyOptions {
  host?: string;
  port?: number;
  /** A folder of static files served at `/` (the demo site). */
  staticDir?: string;
  /**
   * The all-elements CDN file (dist/dh-kit.bundle.js), served to pages on any origin at
   * `/dh-kit.bundle.js` and at its versioned path `/dh-kit.bundle.<hash>.js`, with the avatar's file
   * beside it (`/dh-kit.avatar.js`, `/dh-kit.avatar.<hash>.js`) and their language files (CORS `*`,
   * compressed, cached; see bundle.ts).
   */
  bundleFile?: string;
  /**
   * Placeholders replaced in the static HTML pages (`__DH_CHAT_HEAD__` → a head id); a function
   * is asked on every request (a page that signs a fresh launch URL each time).
   */
  pageValues?:
    | Record<string, string>
    | (() => Record<string, string> | Promise<Record<string, string>>);
  /** A Content-Security-Policy for the static HTML pages (frame-ancestors is added to it). */
  pageCsp?: string;
  /**
   * HTML pages no page may frame (a back office): `frame-ancestors 'none'`; the others may be
   * framed by their own origin only (`'self'`).
   */
  privatePages?: string[];
  /** The server's limits against slow or idle clients (defaults in NODE_LIMITS). */
  limits?: Partial<NodeLimits>;
}

/**
 * Limits of the Node server, against clients that send slowly or hold connections; who may hold
 * the connections is connection-shares.ts's rule (its limits follow from DH_MAX_CONNECTIONS).
 */
export interface NodeLimits extends ConnectionLimits {
  /** A request, body included, must arrive within this (ms). */
  requestTimeoutMs: number;
  /** Its headers within this (ms). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two time-outs above (ms). */
  checkIntervalMs: number;
}

export const NODE_LIMITS: NodeLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  ...connectionLimits(1_000),
};

export interface RunningProxy {
  url: string;
  /** What the embed code loads, when `bundleFile` was given: the avatar's file, its versioned path and integrity. */
  bundle?: BundleInfo;
  /** The all-elements file served (for back offices), its versioned path and integrity. */
  allElements?: BundleInfo;
  /** The analytics' file served (connectAnalytics for a CMS page), its versioned path and integrity. */
  analytics?: BundleInfo;
  /** The proxy's store: the one given, or its Redis (DH_STORE); undefined for createProxy's own memory. */
  store?: KeyValueStore;
  /**
   * Stops gracefully: no new connections, the event streams end, the requests under way finish (at
   * most `graceMs`, default 10 s), then every connection is closed; then the `onEvent` calls under
   * way finish (with a log in memory, the events waiting in it are handled first; at most
   * `graceMs` again).
   */
  close(graceMs?: number): Promise<void>;
}

/** How long `close` waits for the requests and handler calls under way (ms). */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The request log on Node: one JSON line per request, as createProxy's default, written to stdout
 * once per turn of the event loop for all the lines of that turn (a write per request cost a
 * fifth of a cached answer's time).
 */
export function stdoutLog(out: NodeJS.WritableStream = process.stdout): (line: LogLine) => void {
  let lines = '';
  const flush = () => {
    out.write(lines);
    lines = '';
  };
  return (line) => {
    if (!lines) setImmediate(flush);
    // The same JSON as JSON.stringify(line), written out: the method is an HTTP token and the
    // time an ISO string (neither needs escaping), the path is escaped.
    lines += `{"at":"${line.at}","method":"${line.method}","path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms}}\n`;
  };
}

export async function startProxyServer(options: NodeServerOptions): Promise<RunningProxy> {
  const {
    host = '127.0.0.1',
    port = options.config.port,
    staticDir,
    bundleFile,
    pageValues = {},
    pageCsp,
    privatePages = [],
    limits: given,
    ...proxyOptions
  } = options;
  const limits: NodeLimits = {
    ...NODE_LIMITS,
    // The caps follow from the total: the configured one, or one given here.
    ...connectionLimits(given?.maxConnections ?? options.config.maxConnections),
    // Behind the site's reverse proxy every connection comes from it: no caps per client.
    ...(options.config.trustProxy ? { maxConnectionsPerClient: 0 } : {}),
    ...given,
  };
  // DH_STORE: the state instances share lives in Redis (closed with the server).
  const shared = proxyOptions.store
    ? undefined
    : options.config.store
      ? redisStore(options.config.store, {
          cluster: options.config.storeCluster,
          warn: proxyOptions.warn,
        })
      : undefined;
  const bundle = bundleFile && existsSync(bundleFile) ? loadBundle(bundleFile) : undefined;
  const app = new Hono();
  // The proxy's answer-wide middleware (security headers, the request log, compression) is at
  // '*' in its app, mounted at '/': it covers the pages, static files and the bundle below too.
  const proxy = createProxy({
    compress: nodeCompressor,
    ...(bundle ? { bundle: embeddedFile(bundle) } : {}),
    ...proxyOptions,
    log: proxyOptions.log ?? stdoutLog(),
    store: proxyOptions.store ?? shared,
  });
  app.route('/', proxy);
  if (bundle) serveBundle(app, bundle);
  if (staticDir && existsSync(staticDir)) {
    // Pages and files are revalidated with an ETag (304 when unchanged); the build's content-hashed
    // assets (Vite's assets/name-<hash>.js) are new names when they change: cached for a year.
    app.on(['GET', 'HEAD'], '/*', etag());
    // HTML pages get their placeholders filled in (the demo's head ids are made at start-up).
    app.get('/*', async (c, next) => {
      // A folder's page is its index.html (`/docs/` → docs/index.html); no `..`, no dot files.
      // `/docs` goes to `/docs/`, so that the page's relative links resolve inside the folder.
      if (/^\/[\w-]+$/.test(c.req.path) && existsSync(join(staticDir, c.req.path, 'index.html')))
        return c.redirect(`${c.req.path}/${new URL(c.req.url).search}`, 301);
      const name = `${c.req.path.slice(1)}${c.req.path.endsWith('/') ? 'index.html' : ''}`;
      // A page is only ever served here, with its CSP and its placeholders filled: an HTML name
      // this pattern refuses is no page (never a file served as it is).
      if (/\.html$/i.test(name) && !/^(?:[\w-]+\/)*[\w-]+\.html$/.test(name)) return c.notFound();
      const file = join(staticDir, name);
      if (!/^(?:[\w-]+\/)*[\w-]+\.html$/.test(name) || !existsSync(file)) return next();
      let page = await readFile(file, 'utf8');
      const values = typeof pageValues === 'function' ? await pageValues() : pageValues;
      for (const [key, value] of Object.entries(values)) page = page.replaceAll(key, value);
      const ancestors = `frame-ancestors ${privatePages.includes(name.toLowerCase()) ? "'none'" : "'self'"}`;
      return c.html(page, 200, {
        'cache-control': 'no-cache',
        'content-security-policy': pageCsp ? `${pageCsp}; ${ancestors}` : ancestors,
      });
    });
    // GET and HEAD only: serveStatic answers other methods with a file's length and no body.
    app.on(
      ['GET', 'HEAD'],
      '/*',
      serveStatic({
        root: relative(process.cwd(), staticDir) || '.',
        onFound: (path, c) =>
          c.header(
            'cache-control',
            /(^|\/)assets\/[^/]+-[\w-]{8}\.\w+$/.test(path) ? IMMUTABLE : 'no-cache',
          ),
      }),
    );
  }
  const prefix = options.config.prefix;
  const proxy404 = notFound(options.config.callbackSecret);
  app.notFound((c) =>
    c.req.path === prefix || c.req.path.startsWith(`${prefix}/`)
      ? proxy404(c)
      : c.text('Not found', 404),
  );
  // Connections from the platform's pool (connection-shares.ts) carry the platform's calls only.
  const warn = proxyOptions.warn ?? warnOnConsole;
  const platformOnly = new WeakSet<Socket>();
  const root = prefix === '/' ? '' : prefix;
  const isPlatformCall = (url: string) => {
    const path = new URL(url).pathname;
    return (
      path.startsWith(`${root}/`) && /^\/(?:hooks|plugin|tools)\//.test(path.slice(root.length))
    );
  };
  const serverBusy = () =>
    Response.json(
      errorBody(
        'server_busy',
        'The server is at its connection limit. Try again in a few seconds.',
      ),
      { status: 503, headers: { 'retry-after': '5', connection: 'close' } },
    );
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: (request, env) =>
          platformOnly.has(env.incoming.socket as Socket) && !isPlatformCall(request.url)
            ? serverBusy()
            : app.fetch(request, env),
        port,
        hostname: host,
        serverOptions: {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: limits.headersTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: limits.checkIntervalMs,
        },
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  shareConnections(
    server as unknown as NetServer,
    new ConnectionShares(limits),
    platformOnly,
    warn,
  );
  // Events a crashed instance left in the log are handled now, not at the first request.
  startEvents(proxy);
  const address = server.address() as AddressInfo;
  const connections = server as unknown as {
    closeAllConnections(): void;
    closeIdleConnections(): void;
  };
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    store: proxyOptions.store ?? shared,
    ...(bundle
      ? {
          bundle: embeddedFile(bundle),
          allElements: { path: bundle.all.path, integrity: bundle.all.integrity },
          ...(bundle.analytics
            ? {
                analytics: {
                  path: bundle.analytics.path,
                  integrity: bundle.analytics.integrity,
                },
              }
            : {}),
        }
      : {}),
    close: (graceMs = SHUTDOWN_GRACE_MS) =>
      (closed ??= (async () => {
        // No new connections; idle keep-alive ones close now; requests under way (a delivery
        // being written to the log) finish, for at most graceMs, and so do the onEvent calls
        // running; the event streams end (their clients reconnect after their retry delay).
        const ended = new Promise<void>((resolve) => server.close(() => resolve()));
        // A keep-alive connection is closed as soon as its last answer is sent.
        connections.closeIdleConnections();
        const idle = setInterval(() => connections.closeIdleConnections(), 50);
        endEventStreams(proxy);
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          ended,
          new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timer);
        clearInterval(idle);
        connections.closeAllConnections();
        await ended;
        // Every delivery answered by now is in the log; then the handler calls under way finish
        // (and, with a log in memory, the events waiting in it are handled).
        await stopEvents(proxy, graceMs);
        await shared?.close();
      })()),
  };
}

/**
 * Gives each new connection its pool (connection-shares.ts) or closes it at once; the connections
 * of the platform's pool go in `platformOnly`. Refusals are logged at most once a minute, counted.
 */
function shareConnections(
  server: NetServer,
  shares: ConnectionShares,
  platformOnly: WeakSet<Socket>,
  warn: (message: string) => void,
): void {
  let refused = 0;
  let lastLog = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const admission = shares.admit(address);
    if (!admission.pool) {
      socket.destroy();
      refused++;
      if (Date.now() - lastLog >= 60_000) {
        lastLog = Date.now();
        warn(
          `Connections refused: ${refused} since the last such line; the last from ${printable(address)}: ${admission.why}. Open: ${shares.open}.`,
        );
        refused = 0;
      }
      return;
    }
    if (admission.pool === 'platform') platformOnly.add(socket);
    socket.once('close', admission.release);
  });
}
