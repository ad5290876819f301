/**
 * The one comparison of a caller's secret with ours (the admin token, the callback secret of the
 * platform's addresses): constant time, so how long a refusal takes tells nothing of the secret.
 */

const encoder = new TextEncoder();
/** Compares two secrets in constant time for equal lengths (HMAC both so lengths never leak). */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const key = await crypto.subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const [x, y] = await Promise.all([
    crypto.subtle.sign('HMAC', key, encoder.encode(a)),
    crypto.subtle.sign('HMAC', key, encoder.encode(b)),
  ]);
  const u = new Uint8Array(x);
  const v = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < u.length; i++) diff |= u[i]! ^ v[i]!;
  return diff === 0;
}
