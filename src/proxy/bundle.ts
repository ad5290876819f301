/**
 * The CDN files (scripts/cdn.mjs: dist/dh-kit.avatar.js, dist/dh-kit.bundle.js,
 * dist/dh-kit.analytics.js, and the language files beside them) as a site serves them to pages on any origin: read once, hashed (a versioned
 * URL and the Subresource Integrity value), compressed once (brotli, gzip), then every request is a
 * header lookup and a write (encodings.ts chooses and compares).
 *
 * CORS: `Access-Control-Allow-Origin: *`, not DH_ALLOWED_ORIGINS. The files are the same public
 * code as the npm package and holds no secret, and a module script from another origin is always
 * fetched with CORS: a list would only break the CMS pages someone forgot to add. No credentials
 * are involved (`*` never sends cookies), and the routes that matter keep their own CORS list.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
import { securityHeaders } from './security/answer-headers.js';

export type { BundleInfo } from '../api/answers.js';

/** The all-elements file's stable name: cached briefly and revalidated (ETag), so a page that uses it gets updates. */
export const BUNDLE_PATH = '/dh-kit.bundle.js';

interface Encoded {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  gzip: Uint8Array<ArrayBuffer>;
  brotli: Uint8Array<ArrayBuffer>;
}

/** A CDN file as served: its stable path (`/dh-kit.avatar.js`), versioned path and integrity. */
export interface LoadedFile extends BundleInfo, Encoded {
  stablePath: string;
}

export interface LoadedBundle {
  /** The avatar's file (what the embed code loads), when it is beside the bundle. */
  avatar?: LoadedFile;
  /** `connectAnalytics` alone (dh-kit/analytics), for a CMS page's analytics, when it is beside the bundle. */
  analytics?: LoadedFile;
  /** The all-elements file (`/dh-kit.bundle.js`). */
  all: LoadedFile;
  /**
   * The files beside them (the language index and the languages, `/dh-kit.de.<hash>.js`): fetched
   * only on a page in that language, each named by its content's hash, so cached for a year too.
   */
  beside: Map<string, Encoded>;
}

/**
 * The files a CDN file names (scripts/cdn.mjs): the language index in the CDN files, the
 * languages in the index. Each is named by its hash (`dh-kit.de.0123456789ab.js`).
 */
const BESIDE = /["'`](?:\.\/)?(dh-kit\.[a-z]+\.[0-9a-f]{12}\.js)["'`]/g;

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

/**
 * A CDN file's versioned path (`/dh-kit.avatar.<hash>.js`, cached for a year: a new build is a
 * new name), integrity and ETag. `name` is the file's (`dh-kit.avatar.js`).
 */
export function describeBundle(bytes: Uint8Array, name: string): BundleInfo & { etag: string } {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return {
    path: `/${name.replace(/\.js$/, '')}.${hash}.js`,
    integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
    etag: `"${hash}"`,
  };
}

/** The all-elements file at `file`, the avatar's and analytics' files beside it, and the files they name, read once. */
export function loadBundle(file: string): LoadedBundle {
  const beside = new Map<string, Encoded>();
  const follow = (code: Uint8Array): void => {
    for (const [, name] of Buffer.from(code).toString('utf8').matchAll(BESIDE)) {
      if (beside.has(`/${name}`)) continue;
      const bytes = new Uint8Array(readFileSync(join(dirname(file), name!)));
      beside.set(
        `/${name}`,
        encode(bytes, `"${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}"`),
      );
      follow(bytes);
    }
  };
  const load = (path: string): LoadedFile => {
    const bytes = new Uint8Array(readFileSync(path));
    const { etag, ...info } = describeBundle(bytes, basename(path));
    follow(bytes);
    return { ...info, ...encode(bytes, etag), stablePath: `/${basename(path)}` };
  };
  const besideFile = (name: string) => {
    const path = join(dirname(file), name);
    return existsSync(path) ? load(path) : undefined;
  };
  const avatar = besideFile(AVATAR_NAME);
  const analytics = besideFile(ANALYTICS_NAME);
  return {
    all: load(file),
    ...(avatar ? { avatar } : {}),
    ...(analytics ? { analytics } : {}),
    beside,
  };
}

/** The avatar's CDN file, beside the all-elements one. */
export const AVATAR_NAME = 'dh-kit.avatar.js';
/** The analytics' CDN file, beside the all-elements one. */
export const ANALYTICS_NAME = 'dh-kit.analytics.js';

/** What the embed code loads: the avatar's file, else (a bundle file with none beside it) the bundle. */
export const embeddedFile = (bundle: LoadedBundle): BundleInfo => {
  const { path, integrity } = bundle.avatar ?? bundle.all;
  return { path, integrity };
};

/** Mounts GET/HEAD of the CDN files (stable and versioned) and the files beside them on `app`. */
export function serveBundle(app: Hono, bundle: LoadedBundle): void {
  const respond = async (c: Context, cacheControl: string, file: Encoded): Promise<Response> => {
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
  for (const file of [bundle.all, bundle.avatar, bundle.analytics]) {
    if (!file) continue;
    app.get(file.stablePath, (c) => respond(c, 'public, max-age=300, must-revalidate', file));
    app.get(file.path, (c) => respond(c, IMMUTABLE, file));
  }
  for (const [path, file] of bundle.beside) app.get(path, (c) => respond(c, IMMUTABLE, file));
}
