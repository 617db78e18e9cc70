import {
  type RecentAttempts,
  slotMsOf,
  slotOf,
  slotsPerWindow,
  withoutAttempt,
} from '../../core/domain/loginAttempts.js';
import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import type { Db } from './db.js';

interface Row {
  slot: string; // bigint
  slot_ms: number;
  counts: number[];
}

const recent = (r: Row): RecentAttempts => ({ slot: Number(r.slot), slotMs: r.slot_ms, counts: r.counts });

/**
 * One more attempt, in one statement, so a key's row is locked only while the statement runs (a
 * flood of attempts on one username queues on that row for microseconds each, and holds no pool
 * connection across round trips). It moves the counts on as `withAttempt` in
 * core/domain/loginAttempts.ts does; test/integration/repositories holds the two equal on random
 * arrivals. $2 is now's slot, $3 the slot's length, $4 how many slots are kept.
 */
const reserveSql = `
  INSERT INTO login_attempts (key, slot, slot_ms, counts) VALUES ($1, $2, $3, '{1}')
  ON CONFLICT (key) DO UPDATE SET (slot, slot_ms, counts) = (
    SELECT m.at, EXCLUDED.slot_ms, array_prepend(COALESCE(m.moved[1], 0) + 1, m.moved[2:$4::int])
    FROM (
      SELECT a.at,
        CASE WHEN login_attempts.slot_ms = EXCLUDED.slot_ms
          THEN array_fill(0, ARRAY[LEAST(a.at - login_attempts.slot, $4::int)::int]) || login_attempts.counts
          -- Counted under another window length: kept whole in the newest slot.
          ELSE ARRAY[(SELECT COALESCE(sum(c), 0)::int FROM unnest(login_attempts.counts) c)]
        END AS moved
      FROM (
        SELECT CASE WHEN login_attempts.slot_ms = EXCLUDED.slot_ms
          THEN GREATEST(EXCLUDED.slot, login_attempts.slot) ELSE EXCLUDED.slot END AS at
      ) a
    ) m
  )
  RETURNING slot, slot_ms, counts`;

/** Login attempt counters shared by every API process through the database. */
export class PgLoginThrottle implements LoginThrottle {
  constructor(private readonly db: Db) {}

  async reserve(key: string, now: Date, windowSeconds: number): Promise<RecentAttempts> {
    const slotMs = slotMsOf(windowSeconds);
    return recent(await this.db.one<Row>(reserveSql, [key, slotOf(now, slotMs), slotMs, slotsPerWindow + 1]));
  }

  // Only after a right password, so never in a flood: the row is read and written under its lock.
  release(key: string, now: Date, windowSeconds: number): Promise<void> {
    return this.db.tx(async (tx) => {
      const row = await tx.oneOrNone<Row>(
        'SELECT slot, slot_ms, counts FROM login_attempts WHERE key = $1 FOR UPDATE',
        [key],
      );
      if (!row) return;
      const r = withoutAttempt(recent(row), now, windowSeconds);
      await tx.none('UPDATE login_attempts SET slot = $2, slot_ms = $3, counts = $4 WHERE key = $1', [
        key,
        r.slot,
        r.slotMs,
        r.counts,
      ]);
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.none('DELETE FROM login_attempts WHERE key = $1', [key]);
  }
}
