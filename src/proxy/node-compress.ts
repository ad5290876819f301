/**
 * Brotli and gzip from node:zlib for the answers the proxy prepares once (encodings.ts): the Node
 * entry's compressor. On the zlib thread pool, so a large catalogue never blocks the event loop.
 */
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Compressor } from './encodings.js';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
/** Brotli's best quality costs about a second per MB: kept for answers up to this size. */
const BEST_QUALITY_BYTES = 256 * 1024;

export const nodeCompressor: Compressor = async (bytes, encoding) => {
  const out =
    encoding === 'br'
      ? await br(bytes, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: bytes.byteLength <= BEST_QUALITY_BYTES ? 11 : 6,
            [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          },
        })
      : await gz(bytes, { level: 9 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
};
