import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import { windowStart } from '../shared/window.js';

export class MemoryLoginThrottle implements LoginThrottle {
  private readonly counts = new Map<string, { start: number; count: number }>();
  async reserve(key: string, now: Date, windowSeconds: number) {
    const start = windowStart(now, windowSeconds).getTime();
    const c = this.counts.get(key);
    const count = c && c.start === start ? c.count + 1 : 1;
    this.counts.set(key, { start, count });
    return { count, windowEndsAt: new Date(start + windowSeconds * 1000) };
  }
  async release(key: string, now: Date, windowSeconds: number): Promise<void> {
    const start = windowStart(now, windowSeconds).getTime();
    const c = this.counts.get(key);
    if (c && c.start === start && c.count > 0) this.counts.set(key, { start, count: c.count - 1 });
  }
  async clear(key: string): Promise<void> {
    this.counts.delete(key);
  }

  /** Forgets counters of windows that started before `before`; how many, or would. */
  pruneOld(before: Date, dryRun: boolean): number {
    const old = [...this.counts].filter(([, c]) => c.start < before.getTime());
    if (!dryRun) for (const [k] of old) this.counts.delete(k);
    return old.length;
  }
}
