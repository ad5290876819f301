/**
 * The DNS-rebinding guard of a proxy whose admin routes are open without a token (`dh-kit start`
 * in simulator mode, on loopback): a page of another site that resolves its own name to 127.0.0.1
 * is same-origin with the proxy as far as the browser knows, so CORS and the CSRF header stop
 * nothing; only the `Host` header still carries the attacker's name. Such a proxy answers only
 * requests addressed to this machine, or to an origin the site listed, before any route runs.
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../http.js';

/** An IPv4 loopback address, 127.0.0.0/8, each part 0–255. */
const LOOPBACK_V4 =
  /^127\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)$/;

/**
 * Whether a Host value names this machine: localhost (and its subdomains, RFC 6761), an IPv4
 * loopback address (127.0.0.0/8) or [::1], with any port.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    LOOPBACK_V4.test(name)
  );
}

/**
 * Refuses (421 `host_not_allowed`) a request whose Host is neither a loopback name nor the host of
 * one of `allowedOrigins` (scheme://host[:port], as DH_ALLOWED_ORIGINS lists them): names the site
 * chose, which an attacker cannot point at this machine.
 */
export function localHostsOnly(allowedOrigins: readonly string[]): MiddlewareHandler {
  const listed = new Set(allowedOrigins.map((origin) => new URL(origin).host.toLowerCase()));
  return async (c, next) => {
    // No Host header (HTTP/1.0, an in-process call): the URL's host, as the server built it.
    const host = (c.req.header('host') ?? new URL(c.req.url).host).trim().toLowerCase();
    if (!isLoopbackHost(host) && !listed.has(host)) {
      // The value is not echoed: it is the sender's, and the answer is the same for every name.
      return c.json(
        errorBody(
          'host_not_allowed',
          'This proxy answers only requests addressed to this machine (Host: localhost, 127.x.x.x or [::1]) or to an origin in DH_ALLOWED_ORIGINS, because its admin routes are open without a token. Open it at http://127.0.0.1:<port>, or set DH_ADMIN_TOKEN.',
        ),
        421,
        { 'cache-control': 'no-store' },
      );
    }
    await next();
  };
}
