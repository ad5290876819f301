/**
 * Catalogue answers made once: for each query string, the body, its strong ETag and headers are
 * computed the first time and reused for as long as the catalogue they came from is the current
 * one (the loaders hand out the same array until it is refreshed). A repeat request costs a map
 * look-up and a write: no zod parse, no filtering, no JSON serialising, no hashing; a 304 is a
 * string comparison.
 *
 *   const faces = preparedAnswers(() => deps.faces());
 *   app.get('/faces', faces.reuse, valid('query', schema), async (c) => faces.answer(c, await deps.faces(), body));
 */
import type { Context, MiddlewareHandler } from 'hono';
import { toHex } from '../platform/hex.js';

/** What the prepared answers of one route may hold in all (the oldest go first). */
const PREPARED_BYTES = 8 * 1024 * 1024;
const CACHE_CONTROL = 'public, max-age=60';
const encoder = new TextEncoder();

interface Prepared {
  source: object;
  body: string;
  etag: string;
}

/** The request's query string as sent (`?…`, or ''): the key of its answer. */
const queryOf = (c: Context) => {
  const url = c.req.url;
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

/** If-None-Match holds this strong ETag (or `*`); weak forms match too, as for a GET they should. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export function preparedAnswers(current: () => Promise<object>, maxBytes = PREPARED_BYTES) {
  const entries = new Map<string, Prepared>();
  let bytes = 0;

  const send = (c: Context, e: Prepared) => {
    c.header('etag', e.etag);
    c.header('cache-control', CACHE_CONTROL);
    if (etagMatches(c.req.header('if-none-match'), e.etag)) return c.body(null, 304);
    c.header('content-type', 'application/json');
    return c.body(e.body, 200);
  };

  /** Middleware: answers from a prepared answer of the current catalogue, else passes on. */
  const reuse: MiddlewareHandler = async (c, next) => {
    const prepared = entries.get(queryOf(c));
    if (prepared && prepared.source === (await current())) return send(c, prepared);
    await next();
  };

  /** Prepares the answer `value` (made from `source`) for this query string, and sends it. */
  const answer = async (c: Context, source: object, value: unknown) => {
    const key = queryOf(c);
    const body = JSON.stringify(value);
    const digest = await crypto.subtle.digest('SHA-1', encoder.encode(body));
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.body.length;
    }
    const prepared = { source, body, etag: `"${toHex(digest)}"` };
    if (body.length <= maxBytes) {
      entries.set(key, prepared);
      bytes += body.length;
      for (const [k, e] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= e.body.length;
      }
    }
    return send(c, prepared);
  };

  return { reuse, answer, size: () => entries.size };
}
