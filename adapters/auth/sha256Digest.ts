import { createHash } from 'node:crypto';
import type { ContentDigest } from '../../core/ports/ContentDigest.js';

/** Refresh tokens carry 256 random bits, so a plain SHA-256 is enough to store them safely. */
export class Sha256Digest implements ContentDigest {
  digest(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
