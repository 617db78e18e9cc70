import { createHash, type Hash } from 'node:crypto';
import * as zlib from 'node:zlib';

/**
 * CASDA's checksum files (`<file>.checksum` results): "<crc32 hex> <sha1 hex> <size hex>", the
 * CRC-32 (zlib's), the SHA-1 and the length of the file.
 */
export interface CasdaChecksum {
  readonly crc32: number;
  readonly sha1: string;
  readonly size: number;
}

export const parseCasdaChecksum = (text: string): CasdaChecksum | null => {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 3) return null;
  const [crc, sha1, size] = parts as [string, string, string];
  if (!/^[0-9a-f]{1,8}$/i.test(crc) || !/^[0-9a-f]{40}$/i.test(sha1) || !/^[0-9a-f]{1,16}$/i.test(size))
    return null;
  return { crc32: Number.parseInt(crc, 16), sha1: sha1.toLowerCase(), size: Number.parseInt(size, 16) };
};

export const formatCasdaChecksum = (c: CasdaChecksum) =>
  `${c.crc32.toString(16).padStart(8, '0')} ${c.sha1} ${c.size.toString(16)}`;

// zlib.crc32 arrived in Node 22.2; a table-driven CRC-32 stands in on older 22.x.
const table = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
const crc32 =
  (zlib as { crc32?: (d: Uint8Array, v?: number) => number }).crc32 ??
  ((d: Uint8Array, v = 0) => {
    let c = ~v >>> 0;
    for (const b of d) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return ~c >>> 0;
  });

/** CRC-32, SHA-1 and length of bytes fed in order. */
export class CasdaHasher {
  private crc = 0;
  private readonly sha1: Hash = createHash('sha1');
  private size = 0;

  update(b: Uint8Array): void {
    this.crc = crc32(b, this.crc);
    this.sha1.update(b);
    this.size += b.length;
  }

  digest(): CasdaChecksum {
    return { crc32: this.crc >>> 0, sha1: this.sha1.digest('hex'), size: this.size };
  }
}
