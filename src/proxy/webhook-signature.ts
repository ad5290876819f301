/**
 * Verification of the platform's webhook deliveries (spec, Authentication 6 and Events): the
 * header `x-signature-256` carries HMAC-SHA256 of the raw request body with the webhook's shared
 * key. The spec does not show the digest's encoding; we accept hex (either case) or base64, with
 * or without a `sha256=` prefix (GitHub's form), and nothing else. Web Crypto only, so it runs on
 * every runtime the proxy does.
 */
import { digestFromHex, toHex } from '../platform/hex.js';

const encoder = new TextEncoder();

/** Base64 or base64url of 32 bytes (43 characters, or 44 with its `=`). */
function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const binary = atob(`${text.slice(0, 43).replace(/-/g, '+').replace(/_/g, '/')}=`);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * The digest a header carries, or undefined when the header is missing or malformed. The spec
 * does not show the digest's encoding: hex (either case) and base64 (or base64url) are read, with
 * or without a `sha256=` prefix.
 */
export function parseSignatureHeader(
  header: string | null | undefined,
): Uint8Array<ArrayBuffer> | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^sha256=/i, '');
  return digestFromHex(value) ?? fromBase64(value);
}

/**
 * True when `header` is the HMAC-SHA256 of `rawBody` under one of `keys` (several keys allow a
 * rotation: the old and the new key are both accepted for a while). The body must be the raw
 * bytes as received, before any JSON parse: re-serialised JSON would not match. Each comparison
 * is constant-time (crypto.subtle.verify), and every key is tried, so timing tells nothing.
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  keys: readonly string[],
): Promise<boolean> {
  const signature = parseSignatureHeader(header);
  if (!signature || keys.length === 0) return false;
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : new Uint8Array(rawBody);
  let ok = false;
  for (const key of keys) {
    if (!key) continue;
    const cryptoKey = await crypto.subtle.importKey(
      'raw',
      encoder.encode(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    // No early return: the time taken does not depend on which key matched.
    if (await crypto.subtle.verify('HMAC', cryptoKey, signature, body)) ok = true;
  }
  return ok;
}

/** Signs a body the way the platform does (for tests and for the simulator's deliveries). */
export async function signWebhookBody(rawBody: string | Uint8Array, key: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : new Uint8Array(rawBody);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, body));
  return `sha256=${toHex(mac)}`;
}
