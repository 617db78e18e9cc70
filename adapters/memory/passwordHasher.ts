import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../core/ports/PasswordHasher.js';

/** A fast salted SHA-256 hasher for unit tests only; the service uses argon2 (adapters/auth). */
export class FastTestHasher implements PasswordHasher {
  readonly decoyHash = `test$decoy$${'0'.repeat(64)}`;
  async hash(password: string): Promise<string> {
    const salt = randomBytes(8).toString('hex');
    return `test$${salt}$${createHash('sha256')
      .update(salt + password)
      .digest('hex')}`;
  }
  async verify(hash: string, password: string): Promise<boolean> {
    const [, salt, digest] = hash.split('$');
    if (!salt || !digest) return false;
    const actual = createHash('sha256')
      .update(salt + password)
      .digest('hex');
    return actual.length === digest.length && timingSafeEqual(Buffer.from(actual), Buffer.from(digest));
  }
}
