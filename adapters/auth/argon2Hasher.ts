import argon2 from 'argon2';
import type { PasswordHasher } from '../../core/ports/PasswordHasher.js';

/** argon2id with the library's defaults (memory-hard; about 50 ms a hash on the target machines). */
export class Argon2Hasher implements PasswordHasher {
  // A hash of a random password nobody knows, made once per process.
  readonly decoyHash: string;
  private constructor(decoy: string) {
    this.decoyHash = decoy;
  }
  static async create(): Promise<Argon2Hasher> {
    const { randomBytes } = await import('node:crypto');
    return new Argon2Hasher(await argon2.hash(randomBytes(24).toString('base64')));
  }
  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
