import {
  type RecentAttempts,
  type Reservation,
  slotMsOf,
  slotOf,
  slotsPerWindow,
  withoutAttempt,
} from '../../core/domain/loginAttempts.js';
import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import { type Db, prepared } from './db.js';

interface Row {
  slot: string; // bigint
  slot_ms: number;
  counts: number[];
  told_slot?: string | null;
}

const recent = (r: Row): RecentAttempts => ({
  slot: Number(r.slot),
  slotMs: r.slot_ms,
  counts: r.counts,
  toldSlot: r.told_slot === null || r.told_slot === undefined ? null : Number(r.told_slot),
});

/**
 * One more attempt, in one call of `login_attempt_reserve` (migration 0032), which moves the
 * counts on and holds back an attempt at the limit as `reserveWithin` in
 * core/domain/loginAttempts.ts does; test/integration/repositories holds the two equal on random
 * arrivals. The key's row is locked only while the function runs.
 */
const reserveSql = `SELECT r_slot AS slot, r_slot_ms AS slot_ms, r_counts AS counts, r_told_slot AS told_slot,
  r_counted AS counted, r_tell AS tell FROM login_attempt_reserve($1, $2, $3, $4, $5)`;

/** Login attempt counters shared by every API process through the database. */
export class PgLoginThrottle implements LoginThrottle {
  constructor(private readonly db: Db) {}

  async reserve(key: string, now: Date, windowSeconds: number, limit: number): Promise<Reservation> {
    const slotMs = slotMsOf(windowSeconds);
    const r = await this.db.one<Row & { counted: boolean; tell: boolean }>(
      prepared(reserveSql, [key, slotOf(now, slotMs), slotMs, slotsPerWindow + 1, limit]),
    );
    return { attempts: recent(r), counted: r.counted, tell: r.tell };
  }

  // Only after a right password, so never in a flood: the row is read and written under its lock.
  release(key: string, now: Date, windowSeconds: number): Promise<void> {
    return this.db.tx(async (tx) => {
      const row = await tx.oneOrNone<Row>(
        'SELECT slot, slot_ms, counts, told_slot FROM login_attempts WHERE key = $1 FOR UPDATE',
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
