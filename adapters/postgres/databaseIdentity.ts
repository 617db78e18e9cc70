import type { DatabaseIdentity, IdentityComparison } from '../../core/ports/DatabaseIdentity.js';
import type { Db } from './db.js';

/** The advisory lock a process holds while it compares the copy and settles it. */
const identityLock = 0x5265_7374;
/** Between tries for the lock while another process reconciles (which may take minutes). */
const lockRetryMs = 1_000;

/**
 * The copy's identity as migration 0041 defines it (`surveyor_database_identity()`: system
 * identifier, database and table OIDs, WAL timeline) against the one recorded in
 * `database_identity`, which a restore or a promotion carries over from the copy's origin.
 */
export class PgDatabaseIdentity implements DatabaseIdentity {
  constructor(private readonly db: Db) {}

  exclusively<T>(fn: () => Promise<T>): Promise<T> {
    // A session lock on one pooled connection, held while `fn` works on others; a process that
    // dies drops its connection and the lock with it.
    return this.db.task(async (t) => {
      while (!(await t.one<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [identityLock])).ok)
        await new Promise((r) => setTimeout(r, lockRetryMs));
      try {
        return await fn();
      } finally {
        await t.one('SELECT pg_advisory_unlock($1) AS released', [identityLock]);
      }
    });
  }

  async compare(): Promise<IdentityComparison> {
    const row = await this.db.one<{
      recorded: Record<string, unknown>;
      recorded_at: Date;
      current: Record<string, unknown>;
    }>(
      `SELECT identity AS recorded, recorded_at, surveyor_database_identity() AS current
         FROM database_identity`,
    );
    const keys = [...new Set([...Object.keys(row.recorded), ...Object.keys(row.current)])].sort();
    return {
      recorded: row.recorded,
      recordedAt: row.recorded_at,
      current: row.current,
      differs: keys.filter((k) => JSON.stringify(row.recorded[k]) !== JSON.stringify(row.current[k])),
    };
  }

  async accept(at: Date): Promise<void> {
    await this.db.none(
      'UPDATE database_identity SET identity = surveyor_database_identity(), recorded_at = $1',
      [at],
    );
  }
}
