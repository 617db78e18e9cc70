import type pgPromise from 'pg-promise';
import type pg from 'pg-promise/typescript/pg-subset.js';
import type { Db } from './db.js';

// Distinct from the migration lock. Advisory locks are per database, so environments sharing a
// server but not a database do not contend.
const schedulerLockKey = 0x5375_7273;

/**
 * Leader election for the scheduler: the leader is the process whose dedicated connection holds a
 * session-level advisory lock. If that process dies, PostgreSQL drops its connection and the lock
 * with it, and the next `tryAcquire` elsewhere succeeds.
 */
export class PgLeaderLock {
  private conn: pgPromise.IConnected<unknown, pg.IClient> | undefined;
  private lost = false;

  constructor(
    private readonly db: Db,
    private readonly key: number = schedulerLockKey,
  ) {}

  /** True while this process is the leader; checks the connection each call. */
  async tryAcquire(): Promise<boolean> {
    if (this.conn && !this.lost) {
      try {
        await this.conn.one('SELECT 1 AS ok');
        return true;
      } catch {
        this.drop();
      }
    }
    this.drop();
    const conn = await this.db.connect({ direct: true });
    try {
      const r = await conn.one<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.key]);
      if (!r.ok) {
        conn.done();
        return false;
      }
    } catch (err) {
      conn.done();
      throw err;
    }
    this.lost = false;
    conn.client.on('error', () => {
      this.lost = true;
    });
    this.conn = conn;
    return true;
  }

  get held(): boolean {
    return this.conn !== undefined && !this.lost;
  }

  private drop(): void {
    try {
      this.conn?.done();
    } catch {
      // the connection is already gone
    }
    this.conn = undefined;
  }

  async release(): Promise<void> {
    if (this.conn && !this.lost) {
      try {
        await this.conn.one('SELECT pg_advisory_unlock($1) AS ok', [this.key]);
      } catch {
        // closing the connection releases it anyway
      }
    }
    this.drop();
  }
}
