/**
 * Signed launch URLs: `/embed/:id?view&exp&sig` where sig = HMAC-SHA256(head, view, exp) with the
 * site's signing secret (DH_SIGNING_SECRET), hex. Web Crypto only, so it runs on Node, Workers,
 * Deno and Vercel alike, and a site's own server or CMS can sign at page render.
 */
import { launchUrl } from '../api/launch-url.js';
import type { View } from '../api/rules.js';
import { digestFromHex, toHex } from '../platform/hex.js';

/** `chat` or `stream`: the page a launch URL opens. */
export type LaunchView = View;

/** Launch URLs are short-lived: a leaked one opens the page only for minutes. */
export const DEFAULT_LAUNCH_TTL_S = 300;
export const MAX_LAUNCH_TTL_S = 3600;
/** Clock difference allowed between a signer (a CMS, another instance) and the verifying proxy. */
export const LAUNCH_SKEW_S = 30;

const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keyCache.set(secret, key);
  }
  return key;
}

/** Every signed field, unambiguously separated (head ids never contain a newline: they are validated). */
const payload = (headId: string, view: LaunchView, exp: number) =>
  `dh-launch/v1\n${headId}\n${view}\n${exp}`;

export interface SignOptions {
  secret: string;
  headId: string;
  view?: LaunchView;
  /** Lifetime in seconds (default 300, at most 3600). */
  ttl?: number;
  /** The proxy's route prefix or full base URL, e.g. `/dh` or `https://example.com/dh`. */
  base?: string;
  /** Seconds since the epoch; for tests. */
  now?: number;
}

/** Signs a launch URL for one head and view. Returns the URL and when it expires. */
export async function signLaunchUrl(
  options: SignOptions,
): Promise<{ url: string; expiresAt: string }> {
  const { secret, headId, view = 'chat', ttl = DEFAULT_LAUNCH_TTL_S, base = '/dh' } = options;
  if (!secret) throw new Error('signLaunchUrl needs the signing secret (DH_SIGNING_SECRET)');
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_LAUNCH_TTL_S)
    throw new Error(`ttl must be 1 to ${MAX_LAUNCH_TTL_S} seconds`);
  const exp = (options.now ?? Math.floor(Date.now() / 1000)) + ttl;
  const sig = toHex(
    await crypto.subtle.sign(
      'HMAC',
      await hmacKey(secret),
      encoder.encode(payload(headId, view, exp)),
    ),
  );
  return {
    url: launchUrl(base, { headId, view, exp, sig }),
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

export type LaunchCheck =
  | { ok: true }
  | { ok: false; code: 'launch_expired' | 'launch_invalid'; message: string };

/** Verifies a launch signature in constant time (crypto.subtle.verify), then its expiry. */
export async function verifyLaunch(
  secret: string,
  fields: { headId: string; view: LaunchView; exp: number; sig: string },
  now = Math.floor(Date.now() / 1000),
): Promise<LaunchCheck> {
  const sig = digestFromHex(fields.sig);
  const valid =
    sig !== undefined &&
    (await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      sig,
      encoder.encode(payload(fields.headId, fields.view, fields.exp)),
    ));
  if (!valid) {
    return {
      ok: false,
      code: 'launch_invalid',
      message: 'This launch link is not valid for this head and view. Ask the page for a new one.',
    };
  }
  // No link this site signs lives longer than MAX_LAUNCH_TTL_S (plus clock skew between the
  // signer and this server): one that claims to was signed with the secret, but not by its rules.
  if (fields.exp > now + MAX_LAUNCH_TTL_S + LAUNCH_SKEW_S) {
    return {
      ok: false,
      code: 'launch_invalid',
      message:
        'This launch link claims a lifetime longer than this site gives its links. Ask the page for a new one.',
    };
  }
  if (fields.exp <= now) {
    return {
      ok: false,
      code: 'launch_expired',
      message: 'This launch link has expired. Reload the page to get a new one.',
    };
  }
  return { ok: true };
}
