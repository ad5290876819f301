/**
 * Catalogue answers made once: for each query string, the body, its strong ETag, its compressed
 * forms and every header are computed the first time and reused for as long as the catalogue they
 * came from is the current one (the loaders hand out the same array until it is refreshed). A
 * repeat request costs a map look-up and a write: no zod parse, no filtering, no JSON
 * serialising, no hashing, no compressing; a 304 is a string comparison.
 *
 * The answer is a finished Response with its headers as a plain object (the security headers
 * included), marked `finished` (encodings.ts): the proxy's answer-wide middleware (security headers,
 * compression) leaves it alone, so no Headers object is built for it — on Node the adapter writes
 * the object as it is.
 *
 *   const faces = preparedAnswers(() => deps.faces(), deps.compress);
 *   app.get('/faces', faces.reuse, valid('query', schema), async (c) => faces.answer(c, await deps.faces(), body));
 */
import type { Context, MiddlewareHandler } from 'hono';
import { toHex } from '../platform/hex.js';
import { COMPRESS_THRESHOLD, acceptedEncodings, encodedEtag, etagMatches, finished, webCompressor, type Compressor, type Encoding } from './encodings.js';
import { securityHeaders } from './security.js';

/** What the prepared answers of one route may hold in all (the oldest go first). */
const PREPARED_BYTES = 8 * 1024 * 1024;
const CACHE_CONTROL = 'public, max-age=60';
const encoder = new TextEncoder();

interface Prepared {
  source: object;
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Each encoding, made on first demand (undefined: the runtime cannot make it). */
  encoded: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer> | undefined>>>;
}

/** The request's query string as sent (`?…`, or ''): the key of its answer. */
const queryOf = (c: Context) => {
  const url = c.req.url;
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

export function preparedAnswers(current: () => Promise<object>, compress: Compressor = webCompressor, maxBytes = PREPARED_BYTES) {
  const entries = new Map<string, Prepared>();
  let bytes = 0;

  const send = async (c: Context, e: Prepared): Promise<Response> => {
    const base = await securityHeaders();
    let body: Uint8Array<ArrayBuffer> | undefined;
    let used: Encoding | undefined;
    // The best encoding the client takes and this runtime can make (no brotli without node:zlib).
    for (const encoding of e.bytes.byteLength >= COMPRESS_THRESHOLD ? acceptedEncodings(c.req.header('accept-encoding')) : []) {
      body = await (e.encoded[encoding] ??= compress(e.bytes, encoding).catch(() => undefined));
      if (body) {
        used = encoding;
        break;
      }
    }
    const headers: Record<string, string> = { ...base, etag: encodedEtag(e.etag, used), 'cache-control': CACHE_CONTROL, vary: 'Accept-Encoding' };
    let res: Response;
    if (etagMatches(c.req.header('if-none-match'), e.etag)) res = new Response(null, { status: 304, headers });
    else {
      headers['content-type'] = 'application/json';
      if (used) headers['content-encoding'] = used;
      res = new Response(c.req.method === 'HEAD' ? null : (body ?? e.bytes), { status: 200, headers });
    }
    return finished(res);
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
    const body = encoder.encode(JSON.stringify(value));
    const digest = await crypto.subtle.digest('SHA-1', body);
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.bytes.byteLength;
    }
    const prepared: Prepared = { source, bytes: body, etag: `"${toHex(digest)}"`, encoded: {} };
    if (body.byteLength <= maxBytes) {
      entries.set(key, prepared);
      bytes += body.byteLength;
      for (const [k, e] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= e.bytes.byteLength;
      }
    }
    return send(c, prepared);
  };

  return { reuse, answer, size: () => entries.size };
}
