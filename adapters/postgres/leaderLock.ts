import type pgPromise from 'pg-promise';
import type pg from 'pg-promise/typescript/pg-subset.js';
import type { Db } from './db.js';

// Distinct from the migration lock. Advisory locks are per database, so environments sharing a
// server but not a database do not contend.
export const schedulerLockKey = 0x5375_7273;

type Connection = pgPromise.IConnected<unknown, pg.IClient>;

/**
 * How soon a leader that vanished from the network (a partition, a host lost: nothing closes its
 * connection) loses the lock. PostgreSQL keeps a session until it notices its peer is gone, after
 * TCP's keepalive (two hours by default), so the leader's session sets its own: idle 5 s, then 3
 * probes 2 s apart, so about 11 s after the cut the server ends the session and the lock is free;
 * another process leads at its next check. Keepalives are only sent on an idle connection: if the
 * cut falls while the server's answer is unacknowledged (the leader's check is a query every few
 * seconds), the kernel retransmits it for about 15 minutes instead, so the session also bounds
 * unacknowledged data by the same 11 s (`tcp_user_timeout`). The leader's own check of its
 * connection gives up after `checkTimeoutMs`, so a cut-off leader stops leading too
 * (test/e2e/leaderPartition).
 */
const keepalive = { idleSeconds: 5, intervalSeconds: 2, count: 3 };
const checkTimeoutMs = 5000;
const goneAfterMs = (keepalive.idleSeconds + keepalive.intervalSeconds * keepalive.count) * 1000;

/** The leader session's TCP settings (exported for the test that cuts a session with data in flight). */
export const leaderSessionSettings = `SET tcp_keepalives_idle = ${keepalive.idleSeconds}; SET tcp_keepalives_interval = ${keepalive.intervalSeconds}; SET tcp_keepalives_count = ${keepalive.count}; SET tcp_user_timeout = ${goneAfterMs}`;

/**
 * Leader election for the scheduler: the leader is the process whose dedicated connection holds a
 * session-level advisory lock. If that process dies, PostgreSQL drops its connection and the lock
 * with it, and the next `tryAcquire` elsewhere succeeds; if it vanishes from the network, the
 * session's keepalives (above) end it.
 */
export class PgLeaderLock {
  private conn: Connection | undefined;
  private lost = false;

  constructor(
    private readonly db: Db,
    private readonly key: number = schedulerLockKey,
  ) {}

  /** True while this process is the leader; checks the connection each call. */
  async tryAcquire(): Promise<boolean> {
    if (this.conn && !this.lost) {
      const conn = this.conn;
      try {
        await answered(conn, conn.one('SELECT 1 AS ok'));
        return true;
      } catch {
        // No answer in time: the link may be cut.
        this.lost = true;
        this.drop();
      }
    }
    this.drop();
    const conn = await this.db.connect({ direct: true });
    try {
      // Bounded like the check: a follower whose answer a partition swallowed (the peer's reset
      // lost with it) would otherwise wait on it forever and never lead again.
      const r = await answered(
        conn,
        conn.one<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.key]),
      );
      if (!r.ok) {
        conn.done();
        return false;
      }
      // The server's keepalives on this session (ignored on a Unix socket): see `keepalive`.
      await answered(conn, conn.none(leaderSessionSettings));
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

/**
 * The statement's answer within `checkTimeoutMs`, or the connection's socket destroyed (so nothing
 * waits on it) and an error.
 */
const answered = async <T>(conn: Connection, statement: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      statement,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          (
            conn.client as unknown as { connection?: { stream?: { destroy(): void } } }
          ).connection?.stream?.destroy();
          reject(new Error('the leader connection did not answer'));
        }, checkTimeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};
