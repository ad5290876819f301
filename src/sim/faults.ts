/**
 * Fault injection for tests: make a route answer an error status, answer late, or answer a body
 * that breaks the spec's schema, with headers of its own (a 302 with a Location). Faults are added
 * through `/api/_sim/faults` and used up in order; one with a `rate` hits that share of the
 * requests it matches.
 */
import type { MiddlewareHandler } from 'hono';
import type { SimFault, SimStore } from './store.js';

/** A body every list endpoint and the token endpoint fail to parse: ids and metadata are missing. */
export const MALFORMED_BODY = JSON.stringify({
  data: [{ unexpected: true }],
  meta: { page: 'one' },
});

function pathMatches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  // A final `**` stands for one or more segments: `/**` is every path, `/head/**` all under /head.
  if (p[p.length - 1] === '**')
    return s.length >= p.length && p.slice(0, -1).every((seg, i) => seg === '*' || seg === s[i]);
  return p.length === s.length && p.every((seg, i) => seg === '*' || seg === s[i]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Takes the first fault matching this request, and uses it up when it has a count. A fault with a
 * `rate` is drawn for each request it matches (a soak's "10 % of calls fail"); one not drawn
 * lets the next fault have its turn.
 */
export function takeFault(
  store: SimStore,
  method: string,
  path: string,
  random: () => number = Math.random,
): SimFault | undefined {
  const fault = store.faults.find(
    (f) =>
      (!f.method || f.method.toUpperCase() === method) &&
      pathMatches(f.path, path) &&
      (f.rate === undefined || random() < f.rate),
  );
  if (!fault) return undefined;
  if (fault.times > 0) {
    fault.times -= 1;
    if (fault.times === 0) store.faults = store.faults.filter((f) => f !== fault);
  }
  return fault;
}

/** Middleware for the routes under /api; `prefix` is stripped so faults name the spec's paths. */
export function faultMiddleware(store: SimStore, prefix: string): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path.slice(prefix.length) || '/';
    if (path.startsWith('/_sim')) return next();
    const fault = takeFault(store, c.req.method, path);
    if (!fault) return next();
    if (fault.delayMs) await sleep(fault.delayMs);
    const headers = { 'content-type': 'application/json', ...fault.headers };
    if (fault.status) {
      const body =
        fault.body ??
        JSON.stringify({
          statusCode: fault.status,
          message: `Injected fault ${fault.status}`,
          error: 'Injected',
        });
      return c.body(body, fault.status as 500, headers);
    }
    if (fault.malformed || fault.body !== undefined) {
      return c.body(fault.body ?? MALFORMED_BODY, 200, headers);
    }
    if (fault.headers) {
      // Headers alone: the route's own answer, with these added (or replaced).
      await next();
      for (const [name, value] of Object.entries(fault.headers)) c.res.headers.set(name, value);
      return;
    }
    return next();
  };
}
