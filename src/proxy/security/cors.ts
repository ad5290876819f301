/**
 * CORS of the browser routes: only the allowed page origins (page-origins.ts) get an
 * Access-Control-Allow-Origin, with one header object per origin that every answer shares.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { CSRF_HEADER } from '../../api/client.js';
import type { ProxyConfig } from '../config.js';
import { isFinished } from '../encodings.js';
import type { PageOrigins } from '../page-origins.js';
import { headersOf } from './answer-headers.js';

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
