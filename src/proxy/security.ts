/**
 * The proxy's guards: admin authorisation (a hook), the CSRF header, CORS with an explicit origin
 * list, the body limit and the per-client rate limit — Hono's own middleware where it exists.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { rateLimiter, type Store } from 'hono-rate-limiter';
import { CSRF_HEADER, CSRF_VALUE } from '../api/client.js';
import type { ProxyConfig } from './config.js';
import type { AdminAction, Authorize, Deps } from './deps.js';
import { errorBody, fail } from './http.js';
import { isFinished } from './encodings.js';
import type { PageOrigins } from './page-origins.js';
import { StoreUnavailable, type KeyValueStore } from './store.js';
import { memoryStore, UnstorageStore } from './shared-store.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The headers of every answer (Hono's secureHeaders): `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer` and the other defaults, where a route has not set its own. Not
 * X-Frame-Options (the /embed route and its refusal page are framed by the site's pages; pages
 * say who may frame them with CSP frame-ancestors), not Cross-Origin-Resource-Policy (pages on
 * other origins load the bundle and the posters), not HSTS (the site's own decision for its domain).
 */
const secure = secureHeaders({
  xFrameOptions: false,
  crossOriginResourcePolicy: false,
  strictTransportSecurity: false,
  referrerPolicy: 'no-referrer',
  overwrite: false,
});

/**
 * Middleware wrapped to run after the route, on answers that are not finished yet: a prepared
 * answer (prepared-answers.ts, bundle.ts) already carries its security headers and its encoding, and
 * reading its headers again would only cost a Headers object per request.
 */
export const unlessFinished =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (!isFinished(c.res)) await middleware(c, async () => {});
  };

export const answerHeaders = (): MiddlewareHandler => unlessFinished(secure);

/**
 * The headers a middleware gives an answer to a request with `headers`, as one object: read once
 * from the middleware itself, so a prepared answer's list has one source.
 */
async function headersOf(
  middleware: MiddlewareHandler,
  headers: Record<string, string> = {},
): Promise<Record<string, string>> {
  const res = await new Hono()
    .get('/', middleware, (c) => c.body(null, 204))
    .request('/', { headers });
  return Object.fromEntries([...res.headers].filter(([name]) => name !== 'content-type'));
}

let secureList: Promise<Record<string, string>> | undefined;
/** The headers `answerHeaders` adds, as one object. */
export function securityHeaders(): Promise<Record<string, string>> {
  return (secureList ??= headersOf(secure));
}

const encoder = new TextEncoder();
/** Compares two secrets in constant time for equal lengths (HMAC both so lengths never leak). */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const key = await crypto.subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const [x, y] = await Promise.all([
    crypto.subtle.sign('HMAC', key, encoder.encode(a)),
    crypto.subtle.sign('HMAC', key, encoder.encode(b)),
  ]);
  const u = new Uint8Array(x);
  const v = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < u.length; i++) diff |= u[i]! ^ v[i]!;
  return diff === 0;
}

/**
 * The reference authorisation: `Authorization: Bearer <DH_ADMIN_TOKEN>`. With no admin token
 * configured every admin route is refused (a site plugs in its own `authorize` instead).
 */
export function adminTokenAuthorize(config: Pick<ProxyConfig, 'adminToken'>): Authorize {
  return async (request) => {
    if (!config.adminToken) return false;
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
    return match ? sameSecret(match[1]!.trim(), config.adminToken) : false;
  };
}

export function requireAdmin(deps: Deps, action: AdminAction): MiddlewareHandler {
  return async (c, next) => {
    if (!(await deps.authorize(c.req.raw, action))) {
      if (deps.defaultAuthorize && !deps.config.adminToken) {
        fail(
          403,
          'admin_closed',
          'Admin routes are closed: set DH_ADMIN_TOKEN on the proxy (or plug in your own authorize hook).',
        );
      }
      fail(
        401,
        'admin_required',
        'This route needs an admin: send Authorization: Bearer <DH_ADMIN_TOKEN>.',
      );
    }
    await next();
    // An admin answer is for this admin only: no shared cache may keep it.
    c.header('cache-control', 'no-store');
  };
}

/** State-changing requests carry `X-DH-Kit: 1`: a cross-site form cannot, and a CORS preflight guards fetch. */
export function csrfHeader(): MiddlewareHandler {
  return async (c, next) => {
    const safe = c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS';
    if (!safe && c.req.header(CSRF_HEADER) !== CSRF_VALUE) {
      fail(
        403,
        'csrf_header_missing',
        `State-changing requests need the header ${CSRF_HEADER}: ${CSRF_VALUE}.`,
      );
    }
    await next();
  };
}

/** The CORS headers of one origin's answers (a listed origin, or '' for any other or none). */
export type CorsHeaders = Readonly<Record<string, string>>;
const CORS_VARIABLE = 'dhCorsHeaders';
/** The CORS headers `corsFor` chose for this request, for an answer that sets its headers itself (prepared-answers.ts). */
export const corsHeadersOf = (c: Context): CorsHeaders | undefined => c.get(CORS_VARIABLE as never);
/** `headers` with `cors` added; their Vary values are joined. */
export function withCors(
  headers: Record<string, string>,
  cors: CorsHeaders | undefined,
): Record<string, string> {
  if (!cors) return headers;
  const { vary, ...rest } = cors;
  return {
    ...headers,
    ...rest,
    ...(vary ? { vary: headers.vary ? `${headers.vary}, ${vary}` : vary } : {}),
  };
}

/**
 * CORS for the allowed page origins only (page-origins.ts: DH_ALLOWED_ORIGINS and the ones added
 * at run time); any other origin's request gets no Access-Control-Allow-Origin.
 * Hono's cors middleware answers the preflights, and makes, once for each listed origin (and once
 * for any other), the headers of that origin's answers: every answer gets them from that one
 * object. A prepared answer takes them into its own headers (one Response, no Headers object per
 * request: a cross-origin catalogue request costs what a same-origin one does); any other answer
 * gets them set after its route.
 */
export function corsFor(
  config: ProxyConfig,
  origins: PageOrigins,
  warn: (message: string) => void = () => {},
): MiddlewareHandler {
  // The kit's own, and the site's (DH_ALLOWED_HEADERS: the elements' `headers` property).
  const allowHeaders = [
    ...new Set([
      'content-type',
      'authorization',
      CSRF_HEADER.toLowerCase(),
      ...(config.allowedHeaders ?? []).map((h) => h.toLowerCase()),
    ]),
  ];
  const middleware = cors({
    origin: async (origin) => ((await origins.allows(origin)) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders,
    exposeHeaders: ['etag', 'retry-after'],
    credentials: true,
    maxAge: 600,
  });
  /** Each origin's headers, made on its first request; any origin not listed counts as ''. */
  const made = new Map<string, CorsHeaders>();
  const make = async (key: string): Promise<CorsHeaders> => {
    const headers = Object.freeze(await headersOf(middleware, key ? { origin: key } : {}));
    made.set(key, headers);
    return headers;
  };
  /**
   * Headers a listed origin's preflight asked for in vain, told to the operator once each an hour
   * (the browser says only "failed to fetch"), at most 100 an hour: anyone can send a preflight
   * with any Origin, so the line says the name was asked for, not that a page sends it.
   */
  const told = new Set<string>();
  let hour = 0;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const origin = c.req.header('origin') ?? '';
      const asked = (c.req.header('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase());
      if (Date.now() - hour > 3_600_000) {
        hour = Date.now();
        told.clear();
      }
      for (const name of asked) {
        // Only header names (anyone can send this preflight: nothing else reaches the log), at most 100.
        if (
          !/^[!#$%&'*+.^_`|~0-9a-z-]{1,64}$/.test(name) ||
          allowHeaders.includes(name) ||
          told.has(name) ||
          told.size >= 100
        )
          continue;
        if (!(await origins.allows(origin))) continue;
        told.add(name);
        warn(
          `A request from ${origin} asked to send the header "${name}", which CORS does not allow: if your pages send it (an element's headers), add it to DH_ALLOWED_HEADERS.`,
        );
      }
      return middleware(c, next);
    }
    const origin = c.req.header('origin') ?? '';
    const key = origin && (await origins.allows(origin)) ? origin : '';
    const headers = made.get(key) ?? (await make(key));
    c.set(CORS_VARIABLE as never, headers as never);
    await next();
    // A prepared answer carries them already.
    if (isFinished(c.res)) return;
    for (const [name, value] of Object.entries(headers)) {
      // Vary, and the headers a route exposes itself (a download's file name), are added to.
      const own = name === 'access-control-expose-headers' ? c.res.headers.get(name) : null;
      c.header(name, own ? `${value},${own}` : value, { append: name === 'vary' });
    }
  };
}

export function limitBody(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) =>
      c.json(
        errorBody('body_too_large', `The request body is over ${BODY_LIMIT_BYTES / 1024} kB.`),
        413,
      ),
  });
  // A GET or HEAD has no body to limit, and asking (c.req.raw.body) would make the whole
  // Request object the Node adapter otherwise leaves unbuilt: a third of a cached answer's cost.
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}

/**
 * hono-rate-limiter's counters in the proxy's store (shared by every instance when the store is):
 * one fixed one-minute window per limit and client, `rl:<limit>:<client>:<window>`, counted with the store's atomic
 * increment. Its memory store would count per instance.
 */
export function rateLimitStore(
  store: KeyValueStore,
  name: string,
  windowMs = 60_000,
  now: () => number = Date.now,
): Store {
  const window = () => Math.floor(now() / windowMs);
  const key = (client: string, w: number) => `rl:${name}:${client}:${w}`;
  return {
    async increment(client) {
      const w = window();
      // Kept a little past its window, so a late decrement still finds it.
      return {
        totalHits: await store.increment(key(client, w), windowMs + 5_000),
        resetTime: new Date((w + 1) * windowMs),
      };
    },
    async decrement(client) {
      await store.increment(key(client, window()), windowMs + 5_000, -1);
    },
    async resetKey(client) {
      await store.set(key(client, window()), '0', windowMs);
    },
  };
}

/**
 * Requests per minute per client key, counted in `store` under the limit's `name`. When the store
 * fails (Redis down), a read (GET, HEAD) of the browser routes is counted in this instance's
 * memory instead, so the catalogue and the avatar's facade keep working, still limited; anything
 * else fails closed with 503 (state-changing requests, and the platform's calls, which it retries).
 */
export function limitRate(
  perMinute: number,
  clientKey: (c: Context) => Promise<string>,
  store: KeyValueStore,
  name: string,
): MiddlewareHandler {
  if (perMinute === 0) return async (_c, next) => next();
  const limiter = (counted: KeyValueStore) =>
    rateLimiter({
      windowMs: 60_000,
      limit: perMinute,
      // No RateLimit-* headers on every answer: they cost a Headers object per request on the hot
      // path, and prepared answers are finished Responses. A refusal says when to come back.
      standardHeaders: false,
      keyGenerator: clientKey,
      store: rateLimitStore(counted, name),
      handler: (c) => {
        const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
        const seconds = info?.resetTime
          ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
          : 60;
        return c.json(
          errorBody(
            'rate_limited',
            `Too many requests: at most ${perMinute} a minute. Try again in ${seconds} s.`,
          ),
          429,
          { 'retry-after': String(seconds) },
        );
      },
    });
  const shared = limiter(store);
  if ((store instanceof UnstorageStore && store.inMemory) || !name.startsWith('browser'))
    return shared;
  const local = limiter(memoryStore());
  return async (c, next) => {
    let counted = false;
    try {
      return await shared(c, async () => {
        counted = true;
        await next();
      });
    } catch (err) {
      const read = c.req.method === 'GET' || c.req.method === 'HEAD';
      if (counted || !read || !(err instanceof StoreUnavailable)) throw err;
      return local(c, next);
    }
  };
}
