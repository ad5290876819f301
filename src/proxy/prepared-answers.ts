/**
 * Catalogue answers made once: for each set of known parameters, the body, its strong ETag, its compressed
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
 *   app.get('/faces', faces.reuse, valid('query', schema), async (c) => faces.answer(c, JSON.stringify(c.req.valid('query')), await deps.faces(), body));
 */
import type { Context, MiddlewareHandler } from 'hono';
import { toHex } from '../platform/hex.js';
import {
  COMPRESS_THRESHOLD,
  acceptedEncodings,
  encodedEtag,
  etagMatches,
  finished,
  webCompressor,
  type Compressor,
  type Encoding,
} from './encodings.js';
import { securityHeaders } from './security/answer-headers.js';
import { corsHeadersOf, withCors, type CorsHeaders } from './security/cors.js';

/**
 * What the prepared answers of one route may hold in all, bodies, their compressed forms and keys
 * counted (the oldest go first).
 */
const PREPARED_BYTES = 8 * 1024 * 1024;
/**
 * Query strings remembered as spellings of a prepared answer (`?take=24&x=1` and `?take=24` are
 * one answer): at most this many, each at most ALIAS_MAX_CHARS long (a longer one is answered, not
 * remembered), so junk parameters cannot grow the cache.
 */
const ALIASES = 1024;
const ALIAS_MAX_CHARS = 512;
const CACHE_CONTROL = 'public, max-age=60';
const encoder = new TextEncoder();

interface Headers200And304 {
  /** Every header of its 200, and of its 304 (no content headers). */
  headers: Record<string, string>;
  notModified: Record<string, string>;
}

interface Variant extends Headers200And304 {
  body: Uint8Array<ArrayBuffer>;
  /** The same headers with each origin's CORS headers (corsFor makes one object per listed origin). */
  cors: WeakMap<CorsHeaders, Headers200And304>;
}

interface Prepared {
  key: string;
  source: object;
  bytes: Uint8Array<ArrayBuffer>;
  /** What it holds in memory: its key, its body and each encoded body made so far. */
  size: number;
  etag: string;
  /** The identity and each encoding, made on first demand (null: the runtime cannot make it). */
  variants: Map<Encoding | 'identity', Promise<Variant | null>>;
}

/** The request's query string as sent (`?…`, or ''): the key of its answer. */
const queryOf = (c: Context) => {
  const url = c.req.url;
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

/** Accept-Encoding values seen, read once each (browsers send a handful of spellings). */
const acceptCache = new Map<string, Encoding[]>();
function accepted(header: string | undefined): Encoding[] {
  if (!header) return [];
  let list = acceptCache.get(header);
  if (!list) {
    list = acceptedEncodings(header);
    if (acceptCache.size < 64) acceptCache.set(header, list);
  }
  return list;
}

export function preparedAnswers(
  current: () => Promise<object>,
  compress: Compressor = webCompressor,
  maxBytes = PREPARED_BYTES,
) {
  /** By the answer's own key: the known parameters, parsed and in order (the route gives it). */
  const entries = new Map<string, Prepared>();
  /** Query strings as sent → the key of their answer. */
  const aliases = new Map<string, string>();
  let bytes = 0;

  /** Drops the oldest answers until the route holds at most maxBytes. */
  const trim = () => {
    for (const [k, e] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(k);
      bytes -= e.size;
    }
  };

  const variant = (e: Prepared, encoding: Encoding | 'identity'): Promise<Variant | null> => {
    let made = e.variants.get(encoding);
    if (!made) {
      made = (async () => {
        const body =
          encoding === 'identity'
            ? e.bytes
            : await compress(e.bytes, encoding).catch(() => undefined);
        if (!body) return null;
        if (encoding !== 'identity') {
          e.size += body.byteLength;
          if (entries.get(e.key) === e) {
            bytes += body.byteLength;
            trim();
          }
        }
        const etag = encodedEtag(e.etag, encoding === 'identity' ? undefined : encoding);
        const notModified = {
          ...(await securityHeaders()),
          etag,
          'cache-control': CACHE_CONTROL,
          vary: 'Accept-Encoding',
        };
        // Content-Length given: the Node adapter would otherwise add it to this shared object.
        const headers = {
          ...notModified,
          'content-type': 'application/json',
          'content-length': String(body.byteLength),
          ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        };
        return { body, headers, notModified, cors: new WeakMap() };
      })();
      e.variants.set(encoding, made);
    }
    return made;
  };

  const send = async (c: Context, e: Prepared): Promise<Response> => {
    let chosen: Variant | null = null;
    // The best encoding the client takes and this runtime can make (no brotli without node:zlib).
    if (e.bytes.byteLength >= COMPRESS_THRESHOLD) {
      for (const encoding of accepted(c.req.header('accept-encoding')))
        if ((chosen = await variant(e, encoding))) break;
    }
    chosen ??= (await variant(e, 'identity'))!;
    // A cross-origin request's CORS headers, in this answer's own headers (security/cors.ts corsFor).
    const cors = corsHeadersOf(c);
    let sent: Headers200And304 = chosen;
    if (cors) {
      let withOrigin = chosen.cors.get(cors);
      if (!withOrigin)
        chosen.cors.set(
          cors,
          (withOrigin = {
            headers: withCors(chosen.headers, cors),
            notModified: withCors(chosen.notModified, cors),
          }),
        );
      sent = withOrigin;
    }
    const res = etagMatches(c.req.header('if-none-match'), e.etag)
      ? new Response(null, { status: 304, headers: sent.notModified })
      : new Response(c.req.method === 'HEAD' ? null : chosen.body, {
          status: 200,
          headers: sent.headers,
        });
    return finished(res);
  };

  /** Middleware: answers from a prepared answer of the current catalogue, else passes on. */
  const reuse: MiddlewareHandler = async (c, next) => {
    const key = aliases.get(queryOf(c));
    const prepared = key === undefined ? undefined : entries.get(key);
    if (prepared && prepared.source === (await current())) return send(c, prepared);
    await next();
  };

  /**
   * Prepares the answer `value` (made from `source`) under `key` (the route's parsed parameters:
   * unknown ones play no part), remembers this query string as one spelling of it, and sends it.
   */
  const answer = async (c: Context, key: string, source: object, value: unknown) => {
    const query = queryOf(c);
    if (query.length <= ALIAS_MAX_CHARS && !aliases.has(query)) {
      if (aliases.size >= ALIASES) aliases.delete(aliases.keys().next().value!);
      aliases.set(query, key);
    }
    const existing = entries.get(key);
    if (existing && existing.source === source) return send(c, existing);
    const body = encoder.encode(JSON.stringify(value));
    const digest = await crypto.subtle.digest('SHA-1', body);
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.size;
    }
    const prepared: Prepared = {
      key,
      source,
      bytes: body,
      size: key.length + body.byteLength,
      etag: `"${toHex(digest)}"`,
      variants: new Map(),
    };
    if (prepared.size <= maxBytes) {
      entries.set(key, prepared);
      bytes += prepared.size;
      trim();
    }
    return send(c, prepared);
  };

  return {
    reuse,
    answer,
    size: () => entries.size,
    aliases: () => aliases.size,
    bytes: () => bytes,
  };
}
