/** Counts failed logins per key (a username, a client address) in a fixed window. */
export interface LoginThrottle {
  /** Failures recorded for `key` in the window that contains `now`, and when that window ends. */
  failures(key: string, now: Date, windowSeconds: number): Promise<{ count: number; windowEndsAt: Date }>;
  recordFailure(key: string, now: Date, windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
}
