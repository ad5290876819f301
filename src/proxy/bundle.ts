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
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, Hono } from 'hono';
import type { BundleInfo } from '../api/answers.js';
import { IMMUTABLE, chooseEncoding, encodedEtag, etagMatches, finished, type Encoding } from './encodings.js';
import { securityHeaders } from './security.js';

export type { BundleInfo } from '../api/answers.js';

/** The stable name: cached briefly and revalidated (ETag), so a page that uses it gets updates. */
export const BUNDLE_PATH = '/dh-kit.bundle.js';

export interface LoadedBundle extends BundleInfo {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  gzip: Uint8Array<ArrayBuffer>;
  brotli: Uint8Array<ArrayBuffer>;
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
  return {
    ...describeBundle(bytes),
    bytes,
    gzip: new Uint8Array(gzipSync(bytes, { level: 9 })),
    brotli: new Uint8Array(brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })),
  };
}

/** Mounts GET/HEAD /dh-kit.bundle.js and /dh-kit.<hash>.js on `app`. */
export function serveBundle(app: Hono, bundle: LoadedBundle): void {
  const encoded: Record<Encoding, Uint8Array<ArrayBuffer>> = { br: bundle.brotli, gzip: bundle.gzip };
  const respond = async (c: Context, cacheControl: string): Promise<Response> => {
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const headers: Record<string, string> = {
      ...(await securityHeaders()),
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': cacheControl,
      etag: encodedEtag(bundle.etag, encoding),
      vary: 'Accept-Encoding',
      'access-control-allow-origin': '*',
      // Pages that isolate themselves (COEP) may still load it.
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (etagMatches(c.req.header('if-none-match'), bundle.etag)) return finished(new Response(null, { status: 304, headers }));
    const body = encoding ? encoded[encoding] : bundle.bytes;
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.byteLength);
    return finished(new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers }));
  };
  app.get(BUNDLE_PATH, (c) => respond(c, 'public, max-age=300, must-revalidate'));
  app.get(bundle.path, (c) => respond(c, IMMUTABLE));
}
