import { type RecentAttempts, withAttempt, withoutAttempt } from '../../core/domain/loginAttempts.js';
import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import type { Db, Tx } from './db.js';

interface Row {
  slot: string; // bigint
  slot_ms: number;
  counts: number[];
}

const recent = (r: Row): RecentAttempts => ({ slot: Number(r.slot), slotMs: r.slot_ms, counts: r.counts });

/**
 * Login attempt counters shared by every API process through the database. A key's row is locked
 * while its counts move on (the upsert takes the lock and returns the row), so concurrent attempts
 * are counted one after the other and each sees its own count.
 */
export class PgLoginThrottle implements LoginThrottle {
  constructor(private readonly db: Db) {}

  reserve(key: string, now: Date, windowSeconds: number): Promise<RecentAttempts> {
    return this.db.tx(async (tx) => {
      const next = withAttempt(await this.locked(tx, key), now, windowSeconds);
      await this.write(tx, key, next);
      return next;
    });
  }

  release(key: string, now: Date, windowSeconds: number): Promise<void> {
    return this.db.tx(async (tx) => {
      const row = await tx.oneOrNone<Row>(
        'SELECT slot, slot_ms, counts FROM login_attempts WHERE key = $1 FOR UPDATE',
        [key],
      );
      if (row) await this.write(tx, key, withoutAttempt(recent(row), now, windowSeconds));
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.none('DELETE FROM login_attempts WHERE key = $1', [key]);
  }

  /** The key's row, locked; null when the key had none (an empty row is made and locked). */
  private async locked(tx: Tx, key: string): Promise<RecentAttempts | null> {
    const row = await tx.one<Row & { fresh: boolean }>(
      `INSERT INTO login_attempts (key, slot, slot_ms, counts) VALUES ($1, 0, 0, '{}')
       ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
       RETURNING slot, slot_ms, counts, (xmax = 0) AS fresh`,
      [key],
    );
    return row.fresh ? null : recent(row);
  }

  private async write(tx: Tx, key: string, r: RecentAttempts): Promise<void> {
    await tx.none('UPDATE login_attempts SET slot = $2, slot_ms = $3, counts = $4 WHERE key = $1', [
      key,
      r.slot,
      r.slotMs,
      r.counts,
    ]);
  }
}
