import type { EnqueueRequest } from '../../core/domain/job.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { PollRounds, PollTarget, UnansweredTarget } from '../../core/ports/PollRounds.js';
import type { Db } from './db.js';
import { type Row, toExecution } from './executionRows.js';
import { jobsCte, jobsJson, notified } from './jobQueue.js';

// Poll rounds on backend targets: which targets have work and when they were last polled, the
// rounds the tick schedules, and what a round records (only what changed).

// A round that starts later than this after the last recorded schedule records its own start.
const lateRound = `interval '1 second'`;
// While a target's rounds answer, its last answer is at least the round before the newest one.
const answeredWhileAnswering = `greatest(t.last_answered_at, t.prev_polled_at)`;

export const pollTargets = async (db: Db): Promise<PollTarget[]> => {
  const rows = await db.any<{
    target: string;
    kind: 'rest_remote' | 'batch_remote';
    n: number;
    last_polled_at: Date | null;
    interval: number;
  }>(
    // Counted per target, project and version first: each pinned configuration is read once.
    `WITH t AS (
         SELECT backend_target, project_module, config_version, count(*)::int AS n,
                min(profile_snapshot->'deployment'->>'kind') AS kind
         FROM executions WHERE state IN ('running', 'cancelling') AND backend_target IS NOT NULL
         GROUP BY backend_target, project_module, config_version)
       SELECT t.backend_target AS target, min(t.kind) AS kind, sum(t.n)::int AS n, p.last_polled_at,
              min((c.config->'automation'->'execution'->>'poll_interval_seconds')::int) AS interval
       FROM t
       JOIN project_configs c ON c.project_module = t.project_module AND c.version = t.config_version
       LEFT JOIN poll_targets p ON p.target = t.backend_target
       GROUP BY t.backend_target, p.last_polled_at`,
  );
  return rows.map((r) => ({
    target: r.target,
    kind: r.kind,
    inFlight: r.n,
    lastPolledAt: r.last_polled_at,
    pollIntervalSeconds: r.interval,
  }));
};

export const schedulePolls = async (
  db: Db,
  rounds: readonly { target: string; job: EnqueueRequest }[],
  now: Date,
): Promise<number> => {
  if (rounds.length === 0) return 0;
  const jobs = jobsJson(rounds.map((r) => ({ ...r.job, for: r.target })));
  const r = await db.one<{ n: number }>(
    `WITH ${jobsCte('$1', '$2')},
       rounds AS (
         INSERT INTO poll_targets (target, last_polled_at)
         SELECT u.j->>'for', $2 FROM jb JOIN jsonb_array_elements($1::jsonb) AS u(j) ON (u.j->>'id')::uuid = jb.id
         ON CONFLICT (target) DO UPDATE SET prev_polled_at = poll_targets.last_polled_at, last_polled_at = $2)
       SELECT (SELECT count(*) FROM jb)::int AS n, ${notified} AS woken`,
    [jobs, now],
  );
  return r.n;
};

export const recordRound = async (
  db: Db,
  target: string,
  startedAt: Date,
  now: Date,
  error: string | null,
  answered: boolean,
): Promise<void> => {
  // A round that writes and was answered records its answer; one that stops the answers keeps
  // the last answer known (see lastAnswered).
  await db.none(
    `INSERT INTO poll_targets AS t (target, last_polled_at, last_error, answering, last_answered_at)
       VALUES ($1, $2, $4, $5, CASE WHEN $5 THEN $3::timestamptz END)
       ON CONFLICT (target) DO UPDATE SET
         last_error = $4,
         answering = $5,
         last_polled_at = CASE WHEN $2 > t.last_polled_at + ${lateRound} THEN $2 ELSE t.last_polled_at END,
         last_answered_at = CASE
           WHEN $5 THEN $3::timestamptz
           WHEN NOT $5 AND t.answering THEN ${answeredWhileAnswering}
           ELSE t.last_answered_at END
       WHERE t.last_error IS DISTINCT FROM $4 OR t.answering <> $5 OR $2 > t.last_polled_at + ${lateRound}`,
    [target, startedAt, now, error, answered],
  );
};

export const lastAnswered = async (db: Db, target: string): Promise<Date | null> => {
  const r = await db.oneOrNone<{ at: Date | null }>(
    `SELECT CASE WHEN t.answering THEN ${answeredWhileAnswering} ELSE t.last_answered_at END AS at
       FROM poll_targets t WHERE target = $1`,
    [target],
  );
  return r?.at ?? null;
};

export const unansweredTargets = async (
  db: Db,
  before: Date,
  projectModule: string | null,
): Promise<UnansweredTarget[]> => {
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

export const onTarget = async (db: Db, target: string, limit: number): Promise<Execution[]> => {
  const rows = await db.any<Row>(
    `SELECT * FROM executions WHERE backend_target = $1 AND state IN ('running', 'cancelling')
     ORDER BY submitted_at, id LIMIT $2`,
    [target, limit],
  );
  return rows.map(toExecution);
};

export class PgPollRounds implements PollRounds {
  constructor(private readonly db: Db) {}
  onTarget(target: string, limit: number) {
    return onTarget(this.db, target, limit);
  }
  pollTargets() {
    return pollTargets(this.db);
  }
  schedulePolls(rounds: readonly { target: string; job: EnqueueRequest }[], now: Date) {
    return schedulePolls(this.db, rounds, now);
  }
  recordRound(target: string, startedAt: Date, now: Date, error: string | null, answered: boolean) {
    return recordRound(this.db, target, startedAt, now, error, answered);
  }
  lastAnswered(target: string) {
    return lastAnswered(this.db, target);
  }
  unansweredTargets(before: Date, projectModule: string | null) {
    return unansweredTargets(this.db, before, projectModule);
  }
}
