/**
 * The headers of every answer (Hono's secureHeaders), and the wrapper that runs answer-wide
 * middleware only on answers that are not finished yet (a prepared answer carries its own).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isFinished } from '../encodings.js';

/**
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and the other defaults, where
 * a route has not set its own. Not X-Frame-Options (the /embed route and its refusal page are
 * framed by the site's pages; pages say who may frame them with CSP frame-ancestors), not
 * Cross-Origin-Resource-Policy (pages on other origins load the bundle and the posters), not HSTS
 * (the site's own decision for its domain).
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
 * from the middleware itself, so a prepared answer's list has one source (the CORS headers of
 * cors.ts are read the same way).
 */
export async function headersOf(
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
