/**
 * The single-file bundle (dist/dh-kit.bundle.js) as a site serves it to pages on any origin: read
 * once, hashed (a versioned URL and the Subresource Integrity value), compressed once (brotli,
 * gzip), then every request is a header lookup and a write (encodings.ts chooses and compares).
 *
 * CORS: `Access-Control-Allow-Origin: *`, not DH_ALLOWED_ORIGINS. The bundle is the same public
 * code as the npm package and holds no secret, and a module script from another origin is always
 * fetched with CORS: a list would only break the CMS pages someone forgot to add. No credentials
 * are involved (`*` never sends cookies), and the routes that matter keep their own CORS list.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, Hono } from 'hono';
import type { BundleInfo } from '../api/answers.js';
import {
  IMMUTABLE,
  chooseEncoding,
  encodedEtag,
  etagMatches,
  finished,
  type Encoding,
} from './encodings.js';
import { securityHeaders } from './security.js';

export type { BundleInfo } from '../api/answers.js';

/** The stable name: cached briefly and revalidated (ETag), so a page that uses it gets updates. */
export const BUNDLE_PATH = '/dh-kit.bundle.js';

interface Encoded {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  gzip: Uint8Array<ArrayBuffer>;
  brotli: Uint8Array<ArrayBuffer>;
}

export interface LoadedBundle extends BundleInfo, Encoded {
  /**
   * The chunks beside it (the locales, `/dh-kit.de-<hash>.js`): fetched by the bundle only on a
   * page in that language, each named by its content's hash, so cached for a year too.
   */
  chunks: Map<string, Encoded>;
}

/**
 * The chunks a module imports, by their file names: on demand (`import("./dh-kit.x-<hash>.js")`:
 * the locales, the bubble) or at once (`from"./dh-kit.x-<hash>.js"`: code the bundle shares with
 * a chunk, which the bundler may put in a chunk of its own).
 */
const CHUNK = /(?:import\(|from|import)\s*["'`]\.\/(dh-kit\.[\w-]+\.js)["'`]/g;

function encode(bytes: Uint8Array<ArrayBuffer>, etag: string): Encoded {
  return {
    bytes,
    etag,
    gzip: new Uint8Array(gzipSync(bytes, { level: 9 })),
    brotli: new Uint8Array(
      brotliCompressSync(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    ),
  };
}

/** Its versioned path (`/dh-kit.<hash>.js`, cached for a year: a new build is a new name), integrity and ETag. */
export function describeBundle(bytes: Uint8Array): BundleInfo & { etag: string } {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return {
    path: `/dh-kit.${hash}.js`,
    integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
    etag: `"${hash}"`,
  };
}

export function loadBundle(file: string): LoadedBundle {
  const bytes = new Uint8Array(readFileSync(file));
  const { etag, ...info } = describeBundle(bytes);
  const chunks = new Map<string, Encoded>();
  // The chunks it imports, and theirs (the locale map imports each locale), read once.
  const follow = (code: Uint8Array): void => {
    for (const [, name] of Buffer.from(code).toString('utf8').matchAll(CHUNK)) {
      if (chunks.has(`/${name}`)) continue;
      const chunk = new Uint8Array(readFileSync(join(dirname(file), name!)));
      chunks.set(
        `/${name}`,
        encode(chunk, `"${createHash('sha256').update(chunk).digest('hex').slice(0, 12)}"`),
      );
      follow(chunk);
    }
  };
  follow(bytes);
  return { ...info, ...encode(bytes, etag), chunks };
}

/** Mounts GET/HEAD /dh-kit.bundle.js, /dh-kit.<hash>.js and its chunks on `app`. */
export function serveBundle(app: Hono, bundle: LoadedBundle): void {
  const respond = async (
    c: Context,
    cacheControl: string,
    file: Encoded = bundle,
  ): Promise<Response> => {
    const encoded: Record<Encoding, Uint8Array<ArrayBuffer>> = { br: file.brotli, gzip: file.gzip };
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const headers: Record<string, string> = {
      ...(await securityHeaders()),
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': cacheControl,
      etag: encodedEtag(file.etag, encoding),
      vary: 'Accept-Encoding',
      'access-control-allow-origin': '*',
      // Pages that isolate themselves (COEP) may still load it.
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (etagMatches(c.req.header('if-none-match'), file.etag))
      return finished(new Response(null, { status: 304, headers }));
    const body = encoding ? encoded[encoding] : file.bytes;
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.byteLength);
    return finished(new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers }));
  };
  app.get(BUNDLE_PATH, (c) => respond(c, 'public, max-age=300, must-revalidate'));
  app.get(bundle.path, (c) => respond(c, IMMUTABLE));
  for (const [path, chunk] of bundle.chunks) app.get(path, (c) => respond(c, IMMUTABLE, chunk));
}
