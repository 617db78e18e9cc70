import type { WorkerRecord, WorkerRegistry } from '../../core/ports/WorkerRegistry.js';
import type { Db } from './db.js';

interface Row {
  id: string;
  hostname: string;
  pid: number;
  roles: string[];
  started_at: Date;
  heartbeat_at: Date;
  drain_requested_at: Date | null;
  drain_requested_by: string | null;
}

export class PgWorkerRegistry implements WorkerRegistry {
  constructor(private readonly db: Db) {}

  async register(w: WorkerRecord): Promise<void> {
    await this.db.none(
      `INSERT INTO workers (id, hostname, pid, roles, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at, roles = EXCLUDED.roles`,
      [w.id, w.hostname, w.pid, w.roles, w.startedAt, w.heartbeatAt],
    );
  }

  async heartbeat(id: string, now: Date): Promise<{ drain: boolean; known: boolean }> {
    const r = await this.db.oneOrNone<{ drain: boolean }>(
      'UPDATE workers SET heartbeat_at = $2 WHERE id = $1 RETURNING drain_requested_at IS NOT NULL AS drain',
      [id, now],
    );
    return { drain: r?.drain ?? false, known: r !== null };
  }

  async requestDrain(id: string, now: Date, by: string): Promise<WorkerRecord | null> {
    // The first request stands: asking again changes nothing.
    const r = await this.db.oneOrNone<Row>(
      `UPDATE workers SET drain_requested_at = coalesce(drain_requested_at, $2),
         drain_requested_by = CASE WHEN drain_requested_at IS NULL THEN $3 ELSE drain_requested_by END
       WHERE id = $1 RETURNING *`,
      [id, now, by],
    );
    return r ? toRecord(r) : null;
  }

  async deregister(id: string): Promise<void> {
    await this.db.none('DELETE FROM workers WHERE id = $1', [id]);
  }

  async live(now: Date, staleAfterSeconds: number): Promise<readonly WorkerRecord[]> {
    const rows = await this.db.any<Row>(
      `SELECT * FROM workers WHERE heartbeat_at >= $1::timestamptz - make_interval(secs => $2) ORDER BY started_at`,
      [now, staleAfterSeconds],
    );
    return rows.map(toRecord);
  }

  async lost(now: Date, staleAfterSeconds: number, withinSeconds: number): Promise<readonly WorkerRecord[]> {
    const rows = await this.db.any<Row>(
      `SELECT * FROM workers WHERE heartbeat_at < $1::timestamptz - make_interval(secs => $2)
         AND heartbeat_at >= $1::timestamptz - make_interval(secs => $2 + $3) ORDER BY heartbeat_at`,
      [now, staleAfterSeconds, withinSeconds],
    );
    return rows.map(toRecord);
  }
}

const toRecord = (r: Row): WorkerRecord => ({
  id: r.id,
  hostname: r.hostname,
  pid: r.pid,
  roles: r.roles,
  startedAt: r.started_at,
  heartbeatAt: r.heartbeat_at,
  drainRequestedAt: r.drain_requested_at ?? null,
  drainRequestedBy: r.drain_requested_by ?? null,
});
