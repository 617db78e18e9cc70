/**
 * Counts login attempts per key (a username, a client address) in a fixed window. An attempt is
 * reserved before the password is checked, in one atomic step, so concurrent attempts cannot all
 * pass a limit that each alone would respect; a successful login gives its reservation back.
 */
export interface LoginThrottle {
  /** Counts one more attempt for `key` in the window that contains `now`; the count after it. */
  reserve(key: string, now: Date, windowSeconds: number): Promise<{ count: number; windowEndsAt: Date }>;
  /** Gives one reservation back (a login that succeeded), if the window is still the same. */
  release(key: string, now: Date, windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
}
