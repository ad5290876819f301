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

/** HMAC-SHA256 of a text with the signing secret, hex. */
async function signText(secret: string, text: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(text)));
}

/** Whether `sig` (hex) is the text's signature, compared in constant time (crypto.subtle.verify). */
async function verifyText(secret: string, text: string, sig: string): Promise<boolean> {
  const digest = digestFromHex(sig);
  return (
    digest !== undefined &&
    crypto.subtle.verify('HMAC', await hmacKey(secret), digest, encoder.encode(text))
  );
}

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
  const sig = await signText(secret, payload(headId, view, exp));
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
  if (!(await verifyText(secret, payload(fields.headId, fields.view, fields.exp), fields.sig))) {
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

/**
 * A talk's video as the back office plays it: `<video src>` sends no Authorization header, so the
 * address the admin list hands out (routes/videos.ts) carries its own proof, like a launch link:
 * HMAC(head, talk, exp). It is good for one to two hours, the same address within an hour (a
 * browser's cache keeps the video).
 */
const talkPayload = (headId: string, talkId: string, exp: number) =>
  `dh-talk-media/v1\n${headId}\n${talkId}\n${exp}`;

/** How long a talk's signed video address lives, at least (seconds). */
export const TALK_MEDIA_TTL_S = 3600;

/** The query of a talk's signed video address: `exp` (epoch seconds) and `sig`. */
export async function signTalkMedia(
  secret: string,
  headId: string,
  talkId: string,
  now = Math.floor(Date.now() / 1000),
): Promise<{ exp: number; sig: string }> {
  const exp = (Math.floor(now / TALK_MEDIA_TTL_S) + 2) * TALK_MEDIA_TTL_S;
  return { exp, sig: await signText(secret, talkPayload(headId, talkId, exp)) };
}

/** Whether a talk's video address is this site's and still good. */
export async function verifyTalkMedia(
  secret: string,
  fields: { headId: string; talkId: string; exp: number; sig: string },
  now = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  return (
    fields.exp > now &&
    fields.exp <= now + 2 * TALK_MEDIA_TTL_S + LAUNCH_SKEW_S &&
    (await verifyText(secret, talkPayload(fields.headId, fields.talkId, fields.exp), fields.sig))
  );
}
