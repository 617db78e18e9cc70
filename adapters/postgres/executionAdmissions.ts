import {
  type AutomationRetryRule,
  automationActor,
  type FailedRuns,
  sourceHeldKind,
} from '../../core/domain/automationRetry.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { ExecutionAdmission, ExecutionAdmissions } from '../../core/ports/ExecutionAdmissions.js';
import { type Db, prepared } from './db.js';
import { eventsCte } from './eventLog.js';
import { type Row, toExecution } from './executionRows.js';
import { jobsCte, jobsJson, notified } from './jobQueue.js';

const unfinished = `state NOT IN ('completed', 'failed', 'cancelled')`;

/**
 * Per source of a project: the runs that count against it for automation's retry rule at a
 * configuration version (`countsAgainst`, domain/automationRetry.ts), how many, when the latest
 * ended and which it was. Reads only automation's failed runs (a partial index, few rows).
 */
const failedRunsSql = (module: string, version: string) => `
  SELECT u.sid AS source_id, count(*)::int AS n, max(coalesce(x.finished_at, x.updated_at)) AS last_at,
    (array_agg(x.id ORDER BY coalesce(x.finished_at, x.updated_at) DESC, x.id DESC))[1] AS last_id
  FROM executions x CROSS JOIN LATERAL unnest(x.source_ids) AS u(sid)
  WHERE x.project_module = ${module} AND x.config_version = ${version} AND x.state = 'failed'
    AND x.created_by = '${automationActor}'
    -- Per failed run, its source's signature time by the primary key: a join would hash every source.
    AND x.created_at >= coalesce((SELECT fs.signature_at FROM sources fs WHERE fs.id = u.sid), '-infinity')
  GROUP BY u.sid`;

/**
 * `automationHold` in SQL over failedRunsSql's row `f`: held, or waiting past now ($max, $wait, $now).
 * The repository contract holds it to the function case by case (test/support/contract/ruleForms.ts).
 */
const heldBack = (max: string, wait: string, now: string) =>
  `f.n >= ${max} OR f.last_at + interval '1 minute' *
     least(greatest(1440, ${wait}::int), ${wait}::int * power(2::float8, f.n - 1)) > ${now}`;

type FailedRow = { n: number; last_at: Date; last_id: string };
const toFailed = (r: FailedRow): FailedRuns => ({
  count: r.n,
  lastAt: r.last_at,
  lastExecutionId: r.last_id,
});
const inFlight = `state IN ('queued', 'staging', 'translating', 'submitting', 'running', 'cancelling')`;

export class PgExecutionAdmissions implements ExecutionAdmissions {
  constructor(private readonly db: Db) {}

  async awaitingAdmission(limit: number): Promise<Execution[]> {
    const rows = await this.db.any<Row>(
      `SELECT * FROM executions WHERE state = 'pending' AND execute_requested_at IS NOT NULL
       ORDER BY execute_requested_at, id LIMIT $1`,
      [limit],
    );
    return rows.map(toExecution);
  }

  async admitMany(items: readonly ExecutionAdmission[], now: Date): Promise<ReadonlySet<string>> {
    if (items.length === 0) return new Set();
    // One statement: the executions still pending move, and only theirs of the events and jobs go in.
    const moved = await this.db.any<{ id: string }>(
      `WITH adm AS (
         UPDATE executions x SET state = u.a->>'state', error = NULL, updated_at = $4
         FROM jsonb_array_elements($1::jsonb) AS u(a)
         WHERE x.id = (u.a->>'id')::uuid AND x.state = 'pending' RETURNING x.id),
       ${eventsCte('$2', '$4', "e->>'subjectId' IN (SELECT id::text FROM adm)")},
       ${jobsCte('$3', '$4', "j->>'for' IN (SELECT id::text FROM adm)")}
       SELECT adm.id, ${notified} AS woken FROM adm`,
      [
        JSON.stringify(items.map((i) => ({ id: i.id, state: i.state }))),
        JSON.stringify(items.flatMap((i) => i.events)),
        jobsJson(items.map((i) => ({ ...i.job, for: i.id }))),
        now,
      ],
    );
    return new Set(moved.map((r) => r.id));
  }

  async inFlightByProject(): Promise<ReadonlyMap<string, number>> {
    const rows = await this.db.any<{ project_module: string; n: number }>(
      `SELECT project_module, count(*)::int AS n FROM executions WHERE ${inFlight} GROUP BY project_module`,
    );
    return new Map(rows.map((r) => [r.project_module, r.n]));
  }

  async inFlightIn(projectModule: string): Promise<number> {
    // Counts from the executions_unfinished index alone, one project's rows.
    const row = await this.db.one<{ n: number }>(
      prepared(`SELECT count(*)::int AS n FROM executions WHERE project_module = $1 AND ${inFlight}`, [
        projectModule,
      ]),
    );
    return row.n;
  }

  async inFlightByProfile(): Promise<ReadonlyMap<string, number>> {
    const rows = await this.db.any<{ profile_id: string; n: number }>(
      `SELECT profile_id, count(*)::int AS n FROM executions WHERE ${inFlight} AND profile_id IS NOT NULL
       GROUP BY profile_id`,
    );
    return new Map(rows.map((r) => [r.profile_id, r.n]));
  }

  async inFlightOfProfile(profileId: string): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      prepared(`SELECT count(*)::int AS n FROM executions WHERE profile_id = $1 AND ${inFlight}`, [
        profileId,
      ]),
    );
    return row.n;
  }

  async sourcesToProcess(
    projectModule: string,
    requiredFlags: readonly string[],
    limit: number,
    retry: AutomationRetryRule,
  ) {
    const flags = JSON.stringify(Object.fromEntries(requiredFlags.map((f) => [f, true])));
    const rows = await this.db.any<{ id: string; source_identifier: string; discovered_at: Date }>(
      // NOT IN a hashed subplan filters the index scan as it goes, in the index's order, so the read
      // stops at the limit (an anti join would read and sort every ready source first).
      `SELECT s.id, s.source_identifier, s.discovered_at FROM sources s
       WHERE s.project_module = $1 AND s.enabled AND s.metadata IS NOT NULL
         AND s.signature IS DISTINCT FROM s.processed_signature
         AND s.discovery_flags @> $2::jsonb
         AND s.metadata->'access'->>'held' IS NULL
         AND s.id NOT IN (SELECT unnest(source_ids) FROM executions WHERE project_module = $1 AND ${unfinished})
         AND s.id NOT IN (SELECT f.source_id FROM (${failedRunsSql('$1', '$4')}) f WHERE ${heldBack('$5', '$6', '$7')})
       ORDER BY s.discovered_at, s.id LIMIT $3`,
      [
        projectModule,
        flags,
        limit,
        retry.configVersion,
        retry.policy.max_failed_runs,
        retry.policy.retry_wait_minutes,
        retry.now,
      ],
    );
    return rows.map((r) => ({
      id: r.id,
      sourceIdentifier: r.source_identifier,
      discoveredAt: r.discovered_at,
    }));
  }

  async failedRunsOf(sourceId: string, configVersion: number): Promise<FailedRuns | null> {
    const r = await this.db.oneOrNone<FailedRow>(
      `SELECT f.n, f.last_at, f.last_id FROM sources s,
         LATERAL (${failedRunsSql('s.project_module', '$2')}) f WHERE s.id = $1 AND f.source_id = s.id`,
      [sourceId, configVersion],
    );
    return r ? toFailed(r) : null;
  }

  async failedRunsIn(projectModule: string, configVersion: number) {
    const rows = await this.db.any<FailedRow & { id: string; source_identifier: string }>(
      `SELECT f.source_id AS id, s.source_identifier, f.n, f.last_at, f.last_id
       FROM (${failedRunsSql('$1', '$2')}) f JOIN sources s ON s.id = f.source_id`,
      [projectModule, configVersion],
    );
    return rows.map((r) => ({ id: r.id, sourceIdentifier: r.source_identifier, failed: toFailed(r) }));
  }

  async heldUntold(projectModule: string, retry: AutomationRetryRule, limit: number) {
    const rows = await this.db.any<FailedRow & { id: string; source_identifier: string }>(
      `SELECT f.source_id AS id, s.source_identifier, f.n, f.last_at, f.last_id
       FROM (${failedRunsSql('$1', '$2')}) f JOIN sources s ON s.id = f.source_id
       WHERE f.n >= $3
         -- The source's latest telling, read per held source through the events' subject index (a
         -- correlated scalar subquery stays one; an anti join may scan every telling per source).
         AND f.last_at > coalesce((SELECT max(ev.created_at) FROM provenance_events ev
           WHERE ev.subject_type = 'source' AND ev.subject_id = s.id::text AND ev.kind = '${sourceHeldKind}'), '-infinity')
       ORDER BY f.last_at, f.source_id LIMIT $4`,
      [projectModule, retry.configVersion, retry.policy.max_failed_runs, limit],
    );
    return rows.map((r) => ({ id: r.id, sourceIdentifier: r.source_identifier, failed: toFailed(r) }));
  }
}
