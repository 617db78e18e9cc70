import type { NewEvent } from '../../core/domain/event.js';
import type { ExecutionState } from '../../core/domain/execution.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { EnqueueRequest } from '../../core/domain/job.js';
import type { SourceState } from '../../core/domain/source.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type {
  ExecutionFilter,
  ExecutionPage,
  ExecutionChange,
  ExecutionRepository,
  ExecutionAdmission,
  ExecutionWrite,
  PollTarget,
  WriteResult,
} from '../../core/ports/ExecutionRepository.js';
import { type Db, pgp, type Tx } from './db.js';
import { eventsCte } from './eventLog.js';
import * as executionArtifacts from './executionArtifacts.js';
import * as executionFigures from './executionFigures.js';
import { jobsCte, jobsJson, notified } from './jobQueue.js';

// A round that starts later than this after the last recorded schedule records its own start.
const lateRound = `interval '1 second'`;
// While a target's rounds answer, its last answer is at least the round before the newest one.
const answeredWhileAnswering = `greatest(t.last_answered_at, t.prev_polled_at)`;

const unfinished = `state NOT IN ('completed', 'failed', 'cancelled')`;
const inFlight = `state IN ('queued', 'staging', 'translating', 'submitting', 'running', 'cancelling')`;

// Column of each changeable field; undefined fields are left alone.
const columns = (c: ExecutionChange): [string, unknown][] => {
  const d = c.debug ?? {};
  const pairs: [string, unknown][] = [
    ['state', c.state],
    ['attempt', c.attempt],
    ['do_stage', c.doStage],
    ['do_submit', c.doSubmit],
    ['execute_requested_at', c.executeRequestedAt],
    ['scheduler_job_id', c.schedulerJobId],
    ['run_record', c.runRecord === undefined ? undefined : JSON.stringify(c.runRecord)],
    ['dim_session_status_url', d.dimSessionStatusUrl],
    ['dim_graph_status_url', d.dimGraphStatusUrl],
    ['batch_session_dir', d.batchSessionDir],
    ['batch_login_node', d.batchLoginNode],
    ['batch_remote_user', d.batchRemoteUser],
    ['error', c.error],
    ['backend_target', c.backendTarget],
    ['submitted_at', c.submittedAt],
    ['cancel_requested_at', c.cancelRequestedAt],
    ['cancel_sent_at', c.cancelSentAt],
    ['finished_at', c.finishedAt],
  ];
  return pairs.filter(([, v]) => v !== undefined);
};

// List cursors: the last execution's creation time and id, base64url (created_at is written from
// the clock, in milliseconds, so the ISO form loses nothing).
const encodeListCursor = (e: Execution) =>
  Buffer.from(`x:${e.createdAt.toISOString()}|${e.id}`).toString('base64url');
const decodeListCursor = (c: string): { createdAt: Date; id: string } | 'bad' => {
  const m = /^x:([0-9T:.Z-]{20,30})\|([0-9a-f-]{36})$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  if (!m) return 'bad';
  const createdAt = new Date(m[1]!);
  return Number.isNaN(createdAt.getTime()) ? 'bad' : { createdAt, id: m[2]! };
};

// The fence: the job must still run under the token, and its row is locked until we commit, so a
// reclaim that would hand the job to another worker waits for this write (and then wins after it).
const fenced = `EXISTS (SELECT 1 FROM jobs WHERE id = $3 AND fencing_token = $4 AND state = 'running' FOR SHARE)`;

interface SourceStateJson {
  id: string;
  source_identifier: string;
  enabled: boolean;
  discovery_state: SourceState['discoveryState'];
  discovery_error: string | null;
  discovery_flags: Record<string, unknown>;
  datasets: number | null;
}

interface Row {
  id: string;
  project_module: string;
  config_version: number;
  profile_id: string | null;
  profile_snapshot: DeploymentProfile & { createdAt: string; updatedAt: string };
  archive_name: string;
  source_ids: string[];
  state: ExecutionState;
  attempt: number;
  do_stage: boolean | null;
  do_submit: boolean | null;
  execute_requested_at: Date | null;
  scheduler_job_id: string | null;
  run_record: Record<string, unknown>;
  dim_session_status_url: string | null;
  dim_graph_status_url: string | null;
  batch_session_dir: string | null;
  batch_login_node: string | null;
  batch_remote_user: string | null;
  error: string | null;
  backend_target: string | null;
  submitted_at: Date | null;
  cancel_requested_at: Date | null;
  cancel_sent_at: Date | null;
  finished_at: Date | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

// Every column of Row, for statements that name them.
const rowColumns = [
  'id',
  'project_module',
  'config_version',
  'profile_id',
  'profile_snapshot',
  'archive_name',
  'source_ids',
  'state',
  'attempt',
  'do_stage',
  'do_submit',
  'execute_requested_at',
  'scheduler_job_id',
  'run_record',
  'dim_session_status_url',
  'dim_graph_status_url',
  'batch_session_dir',
  'batch_login_node',
  'batch_remote_user',
  'error',
  'backend_target',
  'submitted_at',
  'cancel_requested_at',
  'cancel_sent_at',
  'finished_at',
  'idempotency_key',
  'request_hash',
  'created_by',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Row)[];

const toExecution = (r: Row): Execution => ({
  id: r.id,
  projectModule: r.project_module,
  configVersion: r.config_version,
  profileId: r.profile_id,
  // The snapshot is JSON: its dates come back as strings.
  profileSnapshot: {
    ...r.profile_snapshot,
    createdAt: new Date(r.profile_snapshot.createdAt),
    updatedAt: new Date(r.profile_snapshot.updatedAt),
  },
  archiveName: r.archive_name,
  sourceIds: r.source_ids,
  state: r.state,
  attempt: r.attempt,
  doStage: r.do_stage,
  doSubmit: r.do_submit,
  executeRequestedAt: r.execute_requested_at,
  schedulerJobId: r.scheduler_job_id,
  runRecord: r.run_record,
  debug: {
    dimSessionStatusUrl: r.dim_session_status_url,
    dimGraphStatusUrl: r.dim_graph_status_url,
    batchSessionDir: r.batch_session_dir,
    batchLoginNode: r.batch_login_node,
    batchRemoteUser: r.batch_remote_user,
  },
  error: r.error,
  backendTarget: r.backend_target,
  submittedAt: r.submitted_at,
  cancelRequestedAt: r.cancel_requested_at,
  cancelSentAt: r.cancel_sent_at,
  finishedAt: r.finished_at,
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class PgExecutionRepository implements ExecutionRepository {
  constructor(private readonly db: Db) {}

  async insert(e: Execution, event: NewEvent): Promise<'ok' | 'key_taken'> {
    try {
      // One statement: the execution and its event.
      await this.db.any(
        `WITH x AS (
           INSERT INTO executions (id, project_module, config_version, profile_id, profile_snapshot, archive_name,
             source_ids, state, attempt, idempotency_key, request_hash, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[], $8, $9, $10, $11, $12, $13, $13)),
         ${eventsCte('$14', '$13')}
         SELECT 1`,
        [
          e.id,
          e.projectModule,
          e.configVersion,
          e.profileId,
          JSON.stringify(e.profileSnapshot),
          e.archiveName,
          e.sourceIds,
          e.state,
          e.attempt,
          e.idempotencyKey,
          e.requestHash,
          e.createdBy,
          e.createdAt,
          JSON.stringify([event]),
        ],
      );
      return 'ok';
    } catch (err) {
      const x = err as { code?: string; constraint?: string };
      if (x.code === '23505' && x.constraint === 'executions_idempotency_key_key') return 'key_taken';
      throw err;
    }
  }

  async insertMany(items: readonly { execution: Execution; events: readonly NewEvent[] }[], now: Date) {
    if (items.length === 0) return;
    await this.db.any(
      `WITH x AS (
         INSERT INTO executions (id, project_module, config_version, profile_id, profile_snapshot, archive_name,
           source_ids, state, attempt, do_stage, do_submit, execute_requested_at, idempotency_key, request_hash,
           created_by, created_at, updated_at)
         SELECT (e->>'id')::uuid, e->>'projectModule', (e->>'configVersion')::int, (e->>'profileId')::uuid,
           e->'profileSnapshot', e->>'archiveName', ARRAY(SELECT jsonb_array_elements_text(e->'sourceIds'))::uuid[],
           e->>'state', (e->>'attempt')::int, (e->>'doStage')::boolean, (e->>'doSubmit')::boolean,
           (e->>'executeRequestedAt')::timestamptz, e->>'idempotencyKey', e->>'requestHash', e->>'createdBy',
           (e->>'createdAt')::timestamptz, (e->>'createdAt')::timestamptz
         FROM jsonb_array_elements($1::jsonb) AS u(e)),
       ${eventsCte('$2', '$3')}
       SELECT 1`,
      [JSON.stringify(items.map((i) => i.execution)), JSON.stringify(items.flatMap((i) => i.events)), now],
    );
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

  async write(w: ExecutionWrite, now: Date): Promise<WriteResult> {
    // One statement: the update, and (only when it matched) its events, job, job cancels and
    // processed sources, as common table expressions over its RETURNING.
    const sets = columns(w.change);
    const args: unknown[] = [w.id, w.expect, w.fence?.jobId ?? null, w.fence?.token ?? null, now];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    const assignments = sets.map(([col, v]) => `${col} = ${arg(v)}, `).join('');
    const applied = 'EXISTS (SELECT 1 FROM upd)';
    const ctes = [
      `upd AS (
         UPDATE executions SET ${assignments}updated_at = $5
         WHERE id = $1 AND state = ANY($2) AND ($3::uuid IS NULL OR ${fenced}) RETURNING id)`,
      ...(w.events.length > 0 ? [eventsCte(arg(JSON.stringify(w.events)), '$5', applied)] : []),
      ...(w.enqueue ? [jobsCte(arg(jobsJson([w.enqueue])), '$5', applied)] : []),
      ...(w.cancelJobsWithKeyPrefix !== undefined
        ? [
            `cancelled AS (
               UPDATE jobs SET state = 'cancelled', finished_at = $5, updated_at = $5
               WHERE state = 'queued' AND idempotency_key LIKE ${arg(w.cancelJobsWithKeyPrefix)} || '%' AND ${applied})`,
          ]
        : []),
      ...(w.markProcessed && w.markProcessed.length > 0
        ? [
            `processed AS (
               UPDATE sources s SET processed_signature = m->>'signature', updated_at = $5
               FROM jsonb_array_elements(${arg(JSON.stringify(w.markProcessed))}::jsonb) AS u(m)
               WHERE s.id = (m->>'sourceId')::uuid AND ${applied})`,
          ]
        : []),
    ];
    const r = await this.db.one<{ n: number }>(
      `WITH ${ctes.join(',\n')} SELECT (SELECT count(*) FROM upd)::int AS n${w.enqueue ? `, ${notified} AS woken` : ''}`,
      args,
    );
    return r.n === 1 ? 'ok' : this.whyNot(this.db, w);
  }

  private async whyNot(tx: Db | Tx, w: ExecutionWrite): Promise<WriteResult> {
    if (w.fence) {
      const held = await tx.oneOrNone(
        `SELECT 1 FROM jobs WHERE id = $1 AND fencing_token = $2 AND state = 'running'`,
        [w.fence.jobId, w.fence.token],
      );
      if (!held) return 'lease_lost';
    }
    return 'state_changed';
  }

  async awaitingAdmission(limit: number): Promise<Execution[]> {
    const rows = await this.db.any<Row>(
      `SELECT * FROM executions WHERE state = 'pending' AND execute_requested_at IS NOT NULL
       ORDER BY execute_requested_at, id LIMIT $1`,
      [limit],
    );
    return rows.map(toExecution);
  }

  unansweredTargets(before: Date, projectModule: string | null) {
    return executionFigures.unansweredTargets(this.db, before, projectModule);
  }
  endedSince(since: Date, projectModule: string | null, failedLimit: number) {
    return executionFigures.endedSince(this.db, since, projectModule, failedLimit);
  }
  pendingSince(before: Date, projectModule: string | null, limit: number) {
    return executionFigures.pendingSince(this.db, before, projectModule, limit);
  }
  async inFlightByProject(): Promise<ReadonlyMap<string, number>> {
    const rows = await this.db.any<{ project_module: string; n: number }>(
      `SELECT project_module, count(*)::int AS n FROM executions WHERE ${inFlight} GROUP BY project_module`,
    );
    return new Map(rows.map((r) => [r.project_module, r.n]));
  }

  async onTarget(target: string, limit: number): Promise<Execution[]> {
    const rows = await this.db.any<Row>(
      `SELECT * FROM executions WHERE backend_target = $1 AND state IN ('running', 'cancelling')
       ORDER BY submitted_at, id LIMIT $2`,
      [target, limit],
    );
    return rows.map(toExecution);
  }

  async pollTargets(): Promise<PollTarget[]> {
    const rows = await this.db.any<{
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
  }

  async schedulePolls(
    rounds: readonly { target: string; job: EnqueueRequest }[],
    now: Date,
  ): Promise<number> {
    if (rounds.length === 0) return 0;
    const jobs = jobsJson(rounds.map((r) => ({ ...r.job, for: r.target })));
    const r = await this.db.one<{ n: number }>(
      `WITH ${jobsCte('$1', '$2')},
       rounds AS (
         INSERT INTO poll_targets (target, last_polled_at)
         SELECT u.j->>'for', $2 FROM jb JOIN jsonb_array_elements($1::jsonb) AS u(j) ON (u.j->>'id')::uuid = jb.id
         ON CONFLICT (target) DO UPDATE SET prev_polled_at = poll_targets.last_polled_at, last_polled_at = $2)
       SELECT (SELECT count(*) FROM jb)::int AS n, ${notified} AS woken`,
      [jobs, now],
    );
    return r.n;
  }

  async recordRound(target: string, startedAt: Date, now: Date, error: string | null, answered: boolean) {
    // A round that writes and was answered records its answer; one that stops the answers keeps
    // the last answer known (see lastAnswered).
    await this.db.none(
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
  }

  async lastAnswered(target: string): Promise<Date | null> {
    const r = await this.db.oneOrNone<{ at: Date | null }>(
      `SELECT CASE WHEN t.answering THEN ${answeredWhileAnswering} ELSE t.last_answered_at END AS at
       FROM poll_targets t WHERE target = $1`,
      [target],
    );
    return r?.at ?? null;
  }

  saveArtifact(
    a: Parameters<ExecutionRepository['saveArtifact']>[0],
    fence: { jobId: string; token: number },
    now: Date,
  ) {
    return executionArtifacts.saveArtifact(this.db, a, fence, now);
  }
  artifact(executionId: string, attempt: number, name: string) {
    return executionArtifacts.artifact(this.db, executionId, attempt, name);
  }
  artifacts(executionId: string) {
    return executionArtifacts.artifacts(this.db, executionId);
  }

  countsByState() {
    return executionFigures.countsByState(this.db);
  }

  remoteQueueWaits(now: Date) {
    return executionFigures.remoteQueueWaits(this.db, now);
  }
  async sourcesToProcess(projectModule: string, requiredFlags: readonly string[], limit: number) {
    const flags = JSON.stringify(Object.fromEntries(requiredFlags.map((f) => [f, true])));
    const rows = await this.db.any<{ id: string; source_identifier: string; discovered_at: Date }>(
      // NOT IN a hashed subplan filters the index scan as it goes, in the index's order, so the read
      // stops at the limit (an anti join would read and sort every ready source first).
      `SELECT s.id, s.source_identifier, s.discovered_at FROM sources s
       WHERE s.project_module = $1 AND s.enabled AND s.metadata IS NOT NULL
         AND s.signature IS DISTINCT FROM s.processed_signature
         AND s.discovery_flags @> $2::jsonb
         AND s.id NOT IN (SELECT unnest(source_ids) FROM executions WHERE project_module = $1 AND ${unfinished})
       ORDER BY s.discovered_at, s.id LIMIT $3`,
      [projectModule, flags, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      sourceIdentifier: r.source_identifier,
      discoveredAt: r.discovered_at,
    }));
  }

  async list(
    filter: ExecutionFilter,
    limit: number,
    cursor: string | null,
  ): Promise<ExecutionPage | 'bad_cursor'> {
    const after = cursor === null ? null : decodeListCursor(cursor);
    if (after === 'bad') return 'bad_cursor';
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    if (filter.projectModule !== undefined) where.push(`project_module = ${arg(filter.projectModule)}`);
    if (filter.state !== undefined) where.push(`state = ${arg(filter.state)}`);
    if (filter.profileId !== undefined) where.push(`profile_id = ${arg(filter.profileId)}`);
    if (filter.profileName !== undefined)
      where.push(`profile_snapshot->>'name' = ${arg(filter.profileName)}`);
    if (after) where.push(`(created_at, id) < (${arg(after.createdAt)}, ${arg(after.id)})`);
    const rows = await this.db.any<Row>(
      `SELECT * FROM executions ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, id DESC LIMIT ${arg(limit + 1)}`,
      args,
    );
    const items = rows.slice(0, limit).map(toExecution);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeListCursor(last) : null };
  }

  async get(id: string): Promise<Execution | null> {
    const r = await this.db.oneOrNone<Row>('SELECT * FROM executions WHERE id = $1', [id]);
    return r ? toExecution(r) : null;
  }

  async getWithSourceStates(id: string): Promise<{ execution: Execution; sources: SourceState[] } | null> {
    // The sources as JSON in the same row: one round trip, and only what readiness needs of them.
    // Prepared (planned once per connection); its columns are named, so a column added later
    // cannot change a planned result.
    const r = await this.db.oneOrNone<Row & { source_states: SourceStateJson[] | null }>(
      new pgp.PreparedStatement({
        name: 'surveyor-execution-status',
        text: `SELECT ${rowColumns.map((c) => `e.${c}`).join(', ')}, (
         SELECT json_agg(json_build_object(
           'id', s.id, 'source_identifier', s.source_identifier, 'enabled', s.enabled,
           'discovery_state', s.discovery_state, 'discovery_error', s.discovery_error,
           'discovery_flags', s.discovery_flags,
           'datasets', CASE WHEN s.metadata IS NULL THEN NULL ELSE jsonb_array_length(s.metadata->'datasets') END)
           ORDER BY array_position(e.source_ids, s.id))
         FROM sources s WHERE s.id = ANY(e.source_ids)) AS source_states
       FROM executions e WHERE e.id = $1`,
        values: [id],
      }),
    );
    if (!r) return null;
    return {
      execution: toExecution(r),
      sources: (r.source_states ?? []).map((x) => ({
        id: x.id,
        sourceIdentifier: x.source_identifier,
        enabled: x.enabled,
        discoveryState: x.discovery_state,
        discoveryError: x.discovery_error,
        discoveryFlags: x.discovery_flags,
        metadata: x.datasets === null ? null : { datasets: { length: x.datasets } },
      })),
    };
  }

  async findByIdempotencyKey(key: string): Promise<Execution | null> {
    const r = await this.db.oneOrNone<Row>('SELECT * FROM executions WHERE idempotency_key = $1', [key]);
    return r ? toExecution(r) : null;
  }
}
