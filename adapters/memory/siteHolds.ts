import { type SiteHold, tokensAt } from '../../core/domain/siteLimit.js';
import type { SiteHolds } from '../../core/ports/SiteHolds.js';

/** Site holds in memory, as PgSiteHolds keeps them (held to the same answers by the repository contract). */
export class MemorySiteHolds implements SiteHolds {
  private readonly holds = new Map<string, SiteHold>();

  async refused(target: string, reason: string, accountJobs: number, now: Date): Promise<void> {
    const was = this.holds.get(target);
    this.holds.set(target, {
      target,
      reason,
      since: was?.since ?? now,
      refusedAt: now,
      limitSeen: accountJobs,
      jobsSeen: accountJobs,
      countedAt: now,
      tokens: 0,
    });
  }

  async counted(target: string, accountJobs: number, now: Date): Promise<void> {
    const was = this.holds.get(target);
    if (!was) return;
    if (accountJobs === 0) this.holds.delete(target);
    else
      this.holds.set(target, {
        ...was,
        jobsSeen: accountJobs,
        countedAt: now,
        tokens: tokensAt(was.limitSeen, accountJobs),
      });
  }

  async take(target: string, now: Date, blindSeconds: number): Promise<'free' | 'taken' | 'wait'> {
    const h = this.holds.get(target);
    if (!h) return 'free';
    if (h.tokens > 0) {
      this.holds.set(target, { ...h, tokens: h.tokens - 1 });
      return 'taken';
    }
    if (h.countedAt.getTime() <= now.getTime() - blindSeconds * 1000) {
      this.holds.set(target, { ...h, countedAt: now });
      return 'taken';
    }
    return 'wait';
  }

  async of(target: string): Promise<SiteHold | null> {
    return this.holds.get(target) ?? null;
  }
}
