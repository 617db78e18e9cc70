import { randomBytes, randomUUID } from 'node:crypto';
import type { Random } from '../../core/ports/Random.js';

export class CryptoRandom implements Random {
  uuid(): string {
    return randomUUID();
  }
  token(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
  fraction(): number {
    return randomBytes(4).readUInt32BE(0) / 2 ** 32;
  }
}
