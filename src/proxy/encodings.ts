/**
 * Answers compressed once and sent many times, the way a CDN keeps them: the proxy's catalogue
 * answers (prepared-answers.ts) and the CDN files (bundle.ts) choose a stored encoding by
 * the request's Accept-Encoding and decide a 304 by comparing ETags as strings.
 *
 * The proxy runs on any fetch runtime, so the default compressor is the web-standard
 * CompressionStream (gzip everywhere); an entry that has brotli (the Node entry, node:zlib) gives
 * its own compressor. Dynamic answers that are not prepared are compressed by hono/compress.
 */

export type Encoding = 'br' | 'gzip';

/** Compresses `bytes` once; `undefined` when this runtime cannot make that encoding. */
export type Compressor = (
  bytes: Uint8Array<ArrayBuffer>,
  encoding: Encoding,
) => Promise<Uint8Array<ArrayBuffer> | undefined>;

/** Cache-Control of a file whose name changes with its content (a hashed bundle or asset). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Below this a compressed answer saves less than its headers cost (hono/compress's threshold too). */
export const COMPRESS_THRESHOLD = 1024;

/** gzip with CompressionStream; brotli only where the runtime's entry supplies a compressor. */
export const webCompressor: Compressor = async (bytes, encoding) => {
  if (encoding !== 'gzip' || typeof CompressionStream === 'undefined') return undefined;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};

/**
 * The encodings a request accepts, best first: brotli before gzip (smaller), never one it refuses
 * with `q=0`; empty means the identity only.
 */
export function acceptedEncodings(
  header: string | undefined,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding[] {
  if (!header) return [];
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  return offered.filter((e) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0);
}

/** The encoding to send when every one is at hand; `undefined` means the identity. */
export const chooseEncoding = (header: string | undefined): Encoding | undefined =>
  acceptedEncodings(header)[0];

/**
 * If-None-Match holds this entity tag (or `*`). Weak comparison, as RFC 9110 asks for GET: `W/`
 * forms match, and so does the tag of another encoding of the same content (`"abc-br"` for
 * `"abc"`), which a cache may hold.
 */
export function etagMatches(header: string | undefined | null, etag: string): boolean {
  if (!header) return false;
  const base = (tag: string) => tag.replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"');
  const wanted = base(etag);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || base(tag) === wanted;
  });
}

/** The ETag of one encoding of a representation whose identity ETag is `etag` (`"abc"` → `"abc-br"`). */
export const encodedEtag = (etag: string, encoding: Encoding | undefined) =>
  encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;

const done = new WeakSet<Response>();
/**
 * Marks a Response as carrying every header it needs, its security headers and encoding included:
 * the answer-wide middleware (security/answer-headers.ts `unlessFinished`) leaves it as it is.
 */
export const finished = (res: Response): Response => {
  done.add(res);
  return res;
};
export const isFinished = (res: Response): boolean => done.has(res);
