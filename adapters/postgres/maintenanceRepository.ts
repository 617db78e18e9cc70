import { housekeeping, type PruneCounts, type RetentionPolicy } from '../../core/domain/retention.js';
import type { MaintenanceRepository } from '../../core/ports/MaintenanceRepository.js';
import type { Db, Tx } from './db.js';
import { accountSubjectTypes } from './eventLog.js';

type Exec = Db | Tx;

/** Rows per statement: small enough that a statement holds its locks briefly. */
const batch = 1000;
/** Artifact contents per statement: each may be up to 64 MB. */
const artifactBatch = 50;

const ended = `x.state IN ('completed', 'failed', 'cancelled')`;
/**
 * An execution whose remote work is not known to have ended (an attempt recorded an intent or a
 * job id and the backend never confirmed its end, or a retry still owes settling earlier ones).
 * Deleting it would forget work that may still run under its name: it is never pruned. The same
 * rule as `unsettledAfter` (core/domain/unsettledAttempt.ts), in SQL: keep the two alike.
 */
const unsettled = `((x.run_record->'remote_terminal' IS DISTINCT FROM 'true'::jsonb
    AND (x.scheduler_job_id IS NOT NULL OR x.run_record->'intent' IS NOT NULL))
  OR jsonb_array_length(coalesce(x.run_record->'unsettled_attempts', '[]'::jsonb)) > 0)`;
/** Ended, settled, older than the limit, and no live job (a settle or a late poll) refers to it. */
const prunableExecution = `${ended}
  AND coalesce(x.finished_at, x.updated_at) < $1::timestamptz - make_interval(days => $2)
  AND NOT ${unsettled}
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.state IN ('queued', 'running') AND j.payload->>'execution_id' = x.id::text)`;

/**
 * Runs a statement that handles at most `limit` rows (its last parameter) until it handles fewer;
 * returns the sums of the `n` and `bytes` it reports.
 */
const drain = async (
  exec: Exec,
  sql: string,
  params: unknown[],
  limit: number,
): Promise<{ n: number; bytes: number }> => {
  let n = 0;
  let bytes = 0;
  for (;;) {
    const r = await exec.one<{ n: number; bytes: number }>(sql, [...params, limit]);
    n += r.n;
    bytes += r.bytes;
    if (r.n < limit) return { n, bytes };
  }
};

/** A kind whose limit is 0 is kept forever: nothing runs for it. */
const unless = async (
  limit: number,
  prune: () => Promise<{ n: number; bytes: number }>,
): Promise<{ n: number; bytes: number }> => (limit === 0 ? { n: 0, bytes: 0 } : prune());

/** Deletes from `table` the rows whose `key` the `select` names (at most `batch`: its last parameter), until none are left. */
const deleteIn = (exec: Exec, table: string, key: string, select: string, params: unknown[]) =>
  drain(
    exec,
    `WITH gone AS (DELETE FROM ${table} WHERE ${key} IN (${select}) RETURNING 1)
     SELECT count(*)::int AS n, 0 AS bytes FROM gone`,
    params,
    batch,
  );

const pruneAll = async (exec: Exec, now: Date, p: RetentionPolicy): Promise<PruneCounts> => {
  // Executions first: what they held (events, configuration versions) may then go too.
  const executions = await unless(p.executionsDays, () =>
    drain(
      exec,
      `WITH doomed AS (
             SELECT x.id FROM executions x WHERE ${prunableExecution} LIMIT $3 FOR UPDATE SKIP LOCKED),
           freed AS (
             SELECT coalesce(sum(size), 0)::bigint AS bytes FROM execution_artifacts
             WHERE execution_id IN (SELECT id FROM doomed) AND content IS NOT NULL),
           gone AS (
             DELETE FROM executions x WHERE x.id IN (SELECT id FROM doomed) AND ${prunableExecution} RETURNING 1)
           SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT bytes FROM freed) AS bytes`,
      [now, p.executionsDays],
      batch,
    ),
  );
  // An attempt's artifacts are needed only while that attempt runs: once it is over (a later
  // attempt exists, or the execution ended) the content may go; the digest stays for the ledger.
  const artifacts = await unless(p.artifactsDays, () =>
    drain(
      exec,
      `WITH doomed AS (
             SELECT a.execution_id, a.attempt, a.name, a.size FROM execution_artifacts a
             JOIN executions x ON x.id = a.execution_id
             WHERE a.content IS NOT NULL
               AND a.created_at < $1::timestamptz - make_interval(days => $2)
               AND (a.attempt < x.attempt OR ${ended})
             LIMIT $3 FOR UPDATE OF a SKIP LOCKED),
           dropped AS (
             UPDATE execution_artifacts a SET content = NULL, content_pruned_at = $1
             FROM doomed d
             WHERE (a.execution_id, a.attempt, a.name) = (d.execution_id, d.attempt, d.name)
             RETURNING a.size)
           SELECT count(*)::int AS n, coalesce(sum(size), 0)::bigint AS bytes FROM dropped`,
      [now, p.artifactsDays],
      artifactBatch,
    ),
  );
  // Events of an execution still stored stay with it: its ledger lists every transition. The
  // account audit has a retention of its own.
  const events = await unless(p.eventsDays, () =>
    deleteIn(
      exec,
      'provenance_events',
      'id',
      `SELECT ev.id FROM provenance_events ev
       WHERE ev.created_at < $1::timestamptz - make_interval(days => $2)
         AND ev.subject_type NOT IN ${accountSubjectTypes}
         AND NOT (ev.subject_type = 'execution'
                  AND EXISTS (SELECT 1 FROM executions x WHERE x.id::text = ev.subject_id))
       LIMIT $3`,
      [now, p.eventsDays],
    ),
  );
  const accountEvents = await unless(p.accountEventsDays, () =>
    deleteIn(
      exec,
      'provenance_events',
      'id',
      `SELECT id FROM provenance_events
       WHERE subject_type IN ${accountSubjectTypes} AND created_at < $1::timestamptz - make_interval(days => $2)
       LIMIT $3`,
      [now, p.accountEventsDays],
    ),
  );
  // The newest versions, the active one and every one an execution pinned stay.
  const configVersions = await unless(p.configVersionsKept, () =>
    deleteIn(
      exec,
      'project_configs',
      '(project_module, version)',
      `SELECT c.project_module, c.version FROM project_configs c
       WHERE c.version <= (SELECT max(m.version) FROM project_configs m WHERE m.project_module = c.project_module) - $1
         AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.project_module = c.project_module AND p.active_version = c.version)
         AND NOT EXISTS (SELECT 1 FROM executions x WHERE x.project_module = c.project_module AND x.config_version = c.version)
       LIMIT $2`,
      [p.configVersionsKept],
    ),
  );
  const jobs = (states: string, days: number) =>
    unless(days, () =>
      deleteIn(
        exec,
        'jobs',
        'id',
        `SELECT id FROM jobs WHERE state IN (${states})
           AND coalesce(finished_at, updated_at) < $1::timestamptz - make_interval(days => $2)
         LIMIT $3`,
        [now, days],
      ),
    );
  const finishedJobs = await jobs(`'succeeded', 'cancelled'`, p.finishedJobsDays);
  const deadJobs = await jobs(`'dead', 'failed'`, p.deadJobsDays);
  const alertDeliveries = await unless(p.alertDeliveriesDays, () =>
    deleteIn(
      exec,
      'alert_deliveries',
      'id',
      `SELECT id FROM alert_deliveries WHERE state <> 'pending' AND ended_at < $1::timestamptz - make_interval(days => $2)
       LIMIT $3`,
      [now, p.alertDeliveriesDays],
    ),
  );
  const sessions = await exec.result(
    `DELETE FROM auth_sessions WHERE expires_at < $1::timestamptz - make_interval(days => $2)
       OR revoked_at < $1::timestamptz - make_interval(days => $2)`,
    [now, housekeeping.authSessionsDays],
  );
  // What a login through an identity provider keeps beside its session, and sign-ins never finished.
  const identityLogins = await exec.result(
    `DELETE FROM identity_logins l WHERE updated_at < $1::timestamptz - make_interval(days => $2)
       AND NOT EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = l.session_id)`,
    [now, housekeeping.authSessionsDays],
  );
  const signIns = await exec.result(
    `DELETE FROM identity_sign_ins WHERE expires_at < $1::timestamptz - make_interval(days => $2)`,
    [now, housekeeping.authSessionsDays],
  );
  const failures = await exec.result(
    // A key's newest attempt was in slot `slot`, which ended at (slot + 1) × slot_ms.
    `DELETE FROM login_attempts
     WHERE to_timestamp((slot + 1) * slot_ms / 1000.0) < $1::timestamptz - make_interval(days => $2)`,
    [now, housekeeping.loginFailuresDays],
  );
  const workers = await exec.result(
    `DELETE FROM workers WHERE heartbeat_at < $1::timestamptz - make_interval(secs => $2)`,
    [now, housekeeping.workerSilenceSeconds],
  );
  return {
    events: events.n,
    accountEvents: accountEvents.n,
    executions: executions.n,
    artifacts: artifacts.n,
    artifactBytes: executions.bytes + artifacts.bytes,
    finishedJobs: finishedJobs.n,
    deadJobs: deadJobs.n,
    alertDeliveries: alertDeliveries.n,
    configVersions: configVersions.n,
    authSessions: sessions.rowCount + identityLogins.rowCount + signIns.rowCount,
    loginFailures: failures.rowCount,
    workers: workers.rowCount,
  };
};

/** Thrown to roll back a dry run's transaction, carrying its counts out. */
class DryRun extends Error {
  constructor(readonly counts: PruneCounts) {
    super('dry run');
  }
}

export class PgMaintenanceRepository implements MaintenanceRepository {
  constructor(private readonly db: Db) {}

  async prune(now: Date, policy: RetentionPolicy, opts: { dryRun?: boolean } = {}): Promise<PruneCounts> {
    if (!opts.dryRun) return pruneAll(this.db, now, policy);
    try {
      await this.db.tx(async (tx) => {
        throw new DryRun(await pruneAll(tx, now, policy));
      });
    } catch (err) {
      if (err instanceof DryRun) return err.counts;
      throw err;
    }
    throw new Error('a dry run did not roll back');
  }

  async heldUnsettled(now: Date, policy: RetentionPolicy): Promise<number> {
    if (policy.executionsDays === 0) return 0;
    const r = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM executions x
       WHERE ${ended} AND coalesce(x.finished_at, x.updated_at) < $1::timestamptz - make_interval(days => $2)
         AND ${unsettled}`,
      [now, policy.executionsDays],
    );
    return r.n;
  }
}
