/** Bytes as lower-case hex: signatures, digests, random secrets and ids (proxy and simulator alike). */
export function toHex(bytes: ArrayBuffer | ArrayLike<number>): string {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
  let out = '';
  for (let i = 0; i < view.length; i++) out += view[i]!.toString(16).padStart(2, '0');
  return out;
}

/** A 32-byte digest from 64 hex characters (either case), or undefined for anything else. */
export function digestFromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
