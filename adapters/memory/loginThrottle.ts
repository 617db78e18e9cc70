import { type RecentAttempts, reserveWithin, withoutAttempt } from '../../core/domain/loginAttempts.js';
import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';

export class MemoryLoginThrottle implements LoginThrottle {
  private readonly attempts = new Map<string, RecentAttempts>();
  async reserve(key: string, now: Date, windowSeconds: number, limit: number) {
    const r = reserveWithin(this.attempts.get(key) ?? null, now, windowSeconds, limit);
    this.attempts.set(key, r.attempts);
    return r;
  }
  async release(key: string, now: Date, windowSeconds: number): Promise<void> {
    const r = this.attempts.get(key);
    if (r) this.attempts.set(key, withoutAttempt(r, now, windowSeconds));
  }
  async clear(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  /** Forgets keys whose newest attempt was before `before`; how many, or would. */
  pruneOld(before: Date, dryRun: boolean): number {
    const old = [...this.attempts].filter(([, r]) => (r.slot + 1) * r.slotMs < before.getTime());
    if (!dryRun) for (const [k] of old) this.attempts.delete(k);
    return old.length;
  }
}
