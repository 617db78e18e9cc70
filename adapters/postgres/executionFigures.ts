import { beforeTheBackend } from '../../core/domain/execution.js';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import type { Db } from './db.js';

// What reports, metrics and alert rules read of executions: counts and samples, no records.

export const endedSince = async (db: Db, since: Date, projectModule: string | null, failedLimit: number) => {
  const where = `finished_at >= $1 AND state IN ('completed', 'failed', 'cancelled')
    AND ($2::text IS NULL OR project_module = $2)`;
  const [counts, failed] = await Promise.all([
    db.any<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM executions WHERE ${where} GROUP BY state`,
      [since, projectModule],
    ),
    db.any<{ id: string; project_module: string; error: string | null }>(
      `SELECT id, project_module, error FROM executions WHERE ${where} AND state = 'failed'
       ORDER BY finished_at DESC, id LIMIT $3`,
      [since, projectModule, failedLimit],
    ),
  ]);
  return {
    byState: Object.fromEntries(counts.map((c) => [c.state, c.n])),
    failed: failed.map((f) => ({ id: f.id, projectModule: f.project_module, error: f.error })),
  };
};

export const pendingSince = async (db: Db, before: Date, projectModule: string | null, limit: number) => {
  const where = `state = 'pending' AND execute_requested_at < $1 AND ($2::text IS NULL OR project_module = $2)`;
  const [count, rows] = await Promise.all([
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM executions WHERE ${where}`, [
      before,
      projectModule,
    ]),
    db.any<{ id: string; project_module: string; execute_requested_at: Date }>(
      `SELECT id, project_module, execute_requested_at FROM executions WHERE ${where}
       ORDER BY execute_requested_at, id LIMIT $3`,
      [before, projectModule, limit],
    ),
  ]);
  return {
    count: count.n,
    sample: rows.map((r) => ({ id: r.id, projectModule: r.project_module, since: r.execute_requested_at })),
  };
};

/** The SQL of `waitsOnPause` (core/domain/profilePause.ts). */
const waitsOnPause = `do_submit IS DISTINCT FROM false
  AND (state IN (${beforeTheBackend.map((x) => `'${x}'`).join(', ')})
       OR (state = 'pending' AND execute_requested_at IS NOT NULL))`;

export const waitingOn = async (db: Db, profileIds: readonly string[]) => {
  if (profileIds.length === 0) return new Map<string, number>();
  const rows = await db.any<{ profile_id: string; n: number }>(
    `SELECT profile_id, count(*)::int AS n FROM executions
     WHERE profile_id = ANY($1::uuid[]) AND ${waitsOnPause} GROUP BY profile_id`,
    [profileIds],
  );
  return new Map(rows.map((r) => [r.profile_id, r.n]));
};

export const countsByState = async (db: Db) => {
  const rows = await db.any<{ project_module: string; state: string; n: number }>(
    'SELECT project_module, state, count(*)::int AS n FROM executions GROUP BY project_module, state',
  );
  return rows.map((r) => ({ projectModule: r.project_module, state: r.state, count: r.n }));
};

export const remoteQueueWaits = async (db: Db, now: Date) => {
  const rows = await db.any<{ project_module: string; n: number; longest: number }>(
    `SELECT project_module, count(*)::int AS n,
            coalesce(max(extract(epoch FROM $1::timestamptz - submitted_at)), 0)::float8 AS longest
     FROM executions
     WHERE state IN ('running', 'cancelling') AND submitted_at IS NOT NULL
       AND profile_snapshot->'deployment'->>'kind' = 'batch_remote' AND NOT run_record ? 'remote_started_at'
     GROUP BY project_module`,
    [now],
  );
  return rows.map((r) => ({ projectModule: r.project_module, waiting: r.n, longestSeconds: r.longest }));
};

export const endedByHour = async (db: Db, since: Date) =>
  (
    await db.any<{ hour: Date; state: string; n: number }>(
      `SELECT date_trunc('hour', finished_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, state, count(*)::int AS n
       FROM executions WHERE finished_at >= $1 AND state IN ('completed', 'failed', 'cancelled')
       GROUP BY 1, 2`,
      [since],
    )
  ).map((r) => ({ hour: r.hour, state: r.state, count: r.n }));

export class PgExecutionFigures implements ExecutionFigures {
  constructor(private readonly db: Db) {}
  countsByState() {
    return countsByState(this.db);
  }
  remoteQueueWaits(now: Date) {
    return remoteQueueWaits(this.db, now);
  }
  endedSince(since: Date, projectModule: string | null, failedLimit: number) {
    return endedSince(this.db, since, projectModule, failedLimit);
  }
  pendingSince(before: Date, projectModule: string | null, limit: number) {
    return pendingSince(this.db, before, projectModule, limit);
  }
  waitingOn(profileIds: readonly string[]) {
    return waitingOn(this.db, profileIds);
  }
  endedByHour(since: Date) {
    return endedByHour(this.db, since);
  }
}
