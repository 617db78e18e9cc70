import type { Reservation } from '../domain/loginAttempts.js';

/**
 * Counts login attempts per key (a username, a client address) over a sliding window
 * (domain/loginAttempts.ts keeps the rules; adapters store what it computes). An attempt is
 * reserved before the password is checked, in one atomic step, so concurrent attempts cannot all
 * pass a limit that each alone would respect; a successful login gives its reservation back.
 */
export interface LoginThrottle {
  /**
   * Counts one more attempt for `key` at `now` unless `limit` are counted already (`reserveWithin`):
   * then it is held back, uncounted, and told once a window.
   */
  reserve(key: string, now: Date, windowSeconds: number, limit: number): Promise<Reservation>;
  /** Gives back one reservation made at `now` (a login that succeeded), if it is still counted. */
  release(key: string, now: Date, windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
}
