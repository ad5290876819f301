/** Bytes as lower-case hex: signatures, digests, random secrets and ids (proxy and simulator alike). */
export function toHex(bytes: ArrayBuffer | ArrayLike<number>): string {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
  let out = '';
  for (let i = 0; i < view.length; i++) out += view[i]!.toString(16).padStart(2, '0');
  return out;
}
