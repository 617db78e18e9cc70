import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import { windowStart } from '../shared/window.js';

export class MemoryLoginThrottle implements LoginThrottle {
  private readonly counts = new Map<string, { start: number; count: number }>();
  async failures(key: string, now: Date, windowSeconds: number) {
    const start = windowStart(now, windowSeconds);
    const c = this.counts.get(key);
    const count = c && c.start === start.getTime() ? c.count : 0;
    return { count, windowEndsAt: new Date(start.getTime() + windowSeconds * 1000) };
  }
  async recordFailure(key: string, now: Date, windowSeconds: number): Promise<void> {
    const start = windowStart(now, windowSeconds).getTime();
    const c = this.counts.get(key);
    this.counts.set(key, c && c.start === start ? { start, count: c.count + 1 } : { start, count: 1 });
  }
  async clear(key: string): Promise<void> {
    this.counts.delete(key);
  }
}
