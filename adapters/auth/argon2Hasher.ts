import argon2 from 'argon2';
import type { PasswordHasher } from '../../core/ports/PasswordHasher.js';
import { Semaphore } from '../shared/semaphore.js';

/**
 * argon2id with the library's defaults (memory-hard; about 50 ms a hash on the target machines).
 * At most `concurrency` hashes run at once (the rest wait their turn), so a burst of logins cannot
 * take every thread of the process's pool and starve the event loop's other work.
 */
export class Argon2Hasher implements PasswordHasher {
  // A hash of a random password nobody knows, made once per process.
  readonly decoyHash: string;
  private readonly slots: Semaphore;
  private constructor(decoy: string, concurrency: number) {
    this.decoyHash = decoy;
    this.slots = new Semaphore(concurrency);
  }
  static async create(concurrency = 2): Promise<Argon2Hasher> {
    const { randomBytes } = await import('node:crypto');
    return new Argon2Hasher(await argon2.hash(randomBytes(24).toString('base64')), concurrency);
  }
  hash(password: string): Promise<string> {
    return this.slots.run(() => argon2.hash(password, { type: argon2.argon2id }));
  }
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await this.slots.run(() => argon2.verify(hash, password));
    } catch {
      return false;
    }
  }
}
