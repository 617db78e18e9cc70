import type { SiteHold } from '../../core/domain/siteLimit.js';
import type { SiteHolds } from '../../core/ports/SiteHolds.js';
import { type Db, prepared } from './db.js';

interface Row {
  target: string;
  reason: string;
  since: Date;
  refused_at: Date;
  limit_seen: number;
  jobs_seen: number;
  counted_at: Date;
  tokens: number;
}

const toHold = (r: Row): SiteHold => ({
  target: r.target,
  reason: r.reason,
  since: r.since,
  refusedAt: r.refused_at,
  limitSeen: r.limit_seen,
  jobsSeen: r.jobs_seen,
  countedAt: r.counted_at,
  tokens: r.tokens,
});

/** Site holds in PostgreSQL: each change one statement, so workers taking tokens never take one twice. */
export class PgSiteHolds implements SiteHolds {
  constructor(private readonly db: Db) {}

  async refused(target: string, reason: string, accountJobs: number, now: Date): Promise<void> {
    await this.db.none(
      `INSERT INTO site_holds (target, reason, since, refused_at, limit_seen, jobs_seen, counted_at, tokens)
       VALUES ($1, $2, $3, $3, $4, $4, $3, 0)
       ON CONFLICT (target) DO UPDATE SET reason = excluded.reason, refused_at = excluded.refused_at,
         limit_seen = excluded.limit_seen, jobs_seen = excluded.jobs_seen, counted_at = excluded.counted_at,
         tokens = 0`,
      [target, reason, now, accountJobs],
    );
  }

  async counted(target: string, accountJobs: number, now: Date): Promise<void> {
    if (accountJobs === 0) {
      await this.db.none(prepared('DELETE FROM site_holds WHERE target = $1', [target]));
      return;
    }
    await this.db.none(
      prepared(
        `UPDATE site_holds SET jobs_seen = $2, counted_at = $3, tokens = GREATEST(0, limit_seen - $2)
         WHERE target = $1`,
        [target, accountJobs, now],
      ),
    );
  }

  async take(target: string, now: Date, blindSeconds: number): Promise<'free' | 'taken' | 'wait'> {
    const r = await this.db.oneOrNone<{ took: boolean }>(
      prepared(
        `WITH hold AS (SELECT target FROM site_holds WHERE target = $1 FOR UPDATE),
         took AS (
           UPDATE site_holds SET
             tokens = CASE WHEN tokens > 0 THEN tokens - 1 ELSE 0 END,
             counted_at = CASE WHEN tokens > 0 THEN counted_at ELSE $2 END
           WHERE target = $1 AND (tokens > 0 OR counted_at <= $2::timestamptz - make_interval(secs => $3))
           RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM took) AS took FROM hold`,
        [target, now, blindSeconds],
      ),
    );
    return r === null ? 'free' : r.took ? 'taken' : 'wait';
  }

  async of(target: string): Promise<SiteHold | null> {
    const r = await this.db.oneOrNone<Row>(
      prepared(
        `SELECT target, reason, since, refused_at, limit_seen, jobs_seen, counted_at, tokens
         FROM site_holds WHERE target = $1`,
        [target],
      ),
    );
    return r ? toHold(r) : null;
  }
}
