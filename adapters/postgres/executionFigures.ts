import type { Db } from './db.js';

// What reports, metrics and alert rules read of executions: counts and samples, no records.

export const unansweredTargets = async (db: Db, before: Date, projectModule: string | null) => {
  const rows = await db.any<{
    target: string;
    kind: 'rest_remote' | 'batch_remote';
    n: number;
    last_error: string;
    last_answered_at: Date | null;
    since: Date;
  }>(
    `SELECT e.backend_target AS target, min(e.profile_snapshot->'deployment'->>'kind') AS kind, count(*)::int AS n,
            t.last_error, t.last_answered_at, coalesce(t.last_answered_at, min(e.created_at)) AS since
     FROM executions e JOIN poll_targets t ON t.target = e.backend_target
     WHERE e.state IN ('running', 'cancelling') AND t.last_error IS NOT NULL AND NOT t.answering
       AND ($2::text IS NULL OR e.project_module = $2)
     GROUP BY e.backend_target, t.last_error, t.last_answered_at
     HAVING coalesce(t.last_answered_at, min(e.created_at)) < $1
     ORDER BY e.backend_target`,
    [before, projectModule],
  );
  return rows.map((r) => ({
    target: r.target,
    kind: r.kind,
    inFlight: r.n,
    lastError: r.last_error,
    lastAnsweredAt: r.last_answered_at,
    since: r.since,
  }));
};

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
