import { defaultFallbackMinutes, type WalltimeSample } from '../../core/domain/walltime.js';
import type { InFlightShape, Spent } from '../../core/domain/budget.js';
import type { AttemptUsage } from '../../core/domain/usage.js';
import type { UsageLedger } from '../../core/ports/UsageLedger.js';
import type { Db } from './db.js';

// What attempts used on their backends (table attempt_usage, written by executionWrites.ts).

interface UsageRow {
  execution_id: string;
  attempt: number;
  project_module: string;
  profile_name: string;
  backend: 'rest_remote' | 'batch_remote';
  outcome: AttemptUsage['outcome'];
  source: AttemptUsage['source'];
  job_id: string | null;
  submitted_at: Date | null;
  started_at: Date | null;
  ended_at: Date;
  queue_seconds: number;
  run_seconds: number;
  nodes: number;
  cpus: number | null;
  node_seconds: number;
  cpu_seconds: number | null;
  max_rss_bytes: string | null;
  remote_state: string;
  exit_code: string | null;
  limit_minutes: number | null;
  our_seconds: number | null;
  graph: string | null;
}

const toUsage = (r: UsageRow): AttemptUsage => ({
  executionId: r.execution_id,
  attempt: r.attempt,
  projectModule: r.project_module,
  profileName: r.profile_name,
  backend: r.backend,
  outcome: r.outcome,
  source: r.source,
  jobId: r.job_id,
  submittedAt: r.submitted_at,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  queueSeconds: r.queue_seconds,
  runSeconds: r.run_seconds,
  nodes: r.nodes,
  cpus: r.cpus,
  nodeSeconds: r.node_seconds,
  cpuSeconds: r.cpu_seconds,
  maxRssBytes: r.max_rss_bytes === null ? null : Number(r.max_rss_bytes),
  remoteState: r.remote_state,
  exitCode: r.exit_code,
  limitMinutes: r.limit_minutes,
  ourSeconds: r.our_seconds,
  graph: r.graph,
});

/** The columns of a usage row in the order `usageInsert` writes them. */
const usageColumns =
  'execution_id, attempt, project_module, profile_name, backend, outcome, source, job_id, submitted_at, started_at, ended_at, queue_seconds, run_seconds, nodes, cpus, node_seconds, cpu_seconds, max_rss_bytes, remote_state, exit_code, limit_minutes, our_seconds, graph';

/** A usage row as JSON for `usageInsert` (dates as ISO text). */
export const usageJson = (u: AttemptUsage) => ({
  execution_id: u.executionId,
  attempt: u.attempt,
  project_module: u.projectModule,
  profile_name: u.profileName,
  backend: u.backend,
  outcome: u.outcome,
  source: u.source,
  job_id: u.jobId,
  submitted_at: u.submittedAt?.toISOString() ?? null,
  started_at: u.startedAt?.toISOString() ?? null,
  ended_at: u.endedAt.toISOString(),
  queue_seconds: u.queueSeconds,
  run_seconds: u.runSeconds,
  nodes: u.nodes,
  cpus: u.cpus,
  node_seconds: u.nodeSeconds,
  cpu_seconds: u.cpuSeconds,
  max_rss_bytes: u.maxRssBytes,
  remote_state: u.remoteState,
  exit_code: u.exitCode,
  limit_minutes: u.limitMinutes,
  our_seconds: u.ourSeconds,
  graph: u.graph,
});

/**
 * Inserts the usage rows of a JSON array (`usageJson` each) whose execution `applied` names; the
 * first row of an attempt stays.
 */
export const usageInsert = (jsonParam: string, applied: string) =>
  `INSERT INTO attempt_usage (${usageColumns})
   SELECT ${usageColumns} FROM jsonb_populate_recordset(NULL::attempt_usage, ${jsonParam}::jsonb)
   WHERE ${applied}
   ON CONFLICT (execution_id, attempt) DO NOTHING`;

// The share of a run inside [$from, $to), as domain/usage.ts shareWithin computes it.
const share = (from: string, to: string) => `CASE
    WHEN started_at IS NULL THEN 0
    WHEN ended_at <= started_at THEN CASE WHEN ended_at >= ${from} AND ended_at < ${to} THEN 1 ELSE 0 END
    ELSE greatest(0, extract(epoch FROM least(ended_at, ${to}) - greatest(started_at, ${from})))
         / extract(epoch FROM ended_at - started_at) END`;

const overlaps = (from: string, to: string) =>
  `ended_at >= ${from} AND coalesce(started_at, ended_at) < ${to}`;

export class PgUsageLedger implements UsageLedger {
  constructor(private readonly db: Db) {}

  async ofExecution(executionId: string) {
    return (
      await this.db.any<UsageRow>('SELECT * FROM attempt_usage WHERE execution_id = $1 ORDER BY attempt', [
        executionId,
      ])
    ).map(toUsage);
  }

  async within(projectModule: string | null, from: Date, to: Date, limit: number) {
    const rows = await this.db.any<UsageRow>(
      `SELECT * FROM attempt_usage
       WHERE ($1::text IS NULL OR project_module = $1) AND ${overlaps('$2::timestamptz', '$3::timestamptz')}
       ORDER BY ended_at, execution_id, attempt LIMIT $4`,
      [projectModule, from, to, limit + 1],
    );
    return { rows: rows.slice(0, limit).map(toUsage), more: rows.length > limit };
  }

  async spent(projectModule: string, from: Date, to: Date): Promise<Spent> {
    const f = '$2::timestamptz';
    const t = '$3::timestamptz';
    const r = await this.db.one<{ node: number; cpu: number }>(
      `SELECT coalesce(sum(node_seconds * s), 0)::float8 AS node, coalesce(sum(coalesce(cpu_seconds, 0) * s), 0)::float8 AS cpu
       FROM (SELECT node_seconds, cpu_seconds, ${share(f, t)} AS s
             FROM attempt_usage WHERE project_module = $1 AND ${overlaps(f, t)}) x`,
      [projectModule, from, to],
    );
    return { nodeSeconds: r.node, cpuSeconds: r.cpu };
  }

  async sourcesOf(executionIds: readonly string[]) {
    const rows = await this.db.any<{ id: string; names: string[] }>(
      `SELECT e.id, array_agg(s.source_identifier ORDER BY s.source_identifier) AS names
         FROM executions e JOIN sources s ON s.id = ANY(e.source_ids)
        WHERE e.id = ANY($1::uuid[]) GROUP BY e.id`,
      [executionIds],
    );
    return new Map(rows.map((r) => [r.id, r.names]));
  }

  async walltimeHistory(
    projectModule: string,
    profileName: string,
    limit: number,
  ): Promise<WalltimeSample[]> {
    // As domain/walltime.ts timedOutState reads a state.
    const rows = await this.db.any<{
      run_seconds: number;
      sources: number;
      timed_out: boolean;
      limit_minutes: number | null;
    }>(
      `SELECT u.run_seconds, coalesce(cardinality(e.source_ids), 0) AS sources,
              u.remote_state ~* '^timeout\\M' AS timed_out, u.limit_minutes
       FROM attempt_usage u JOIN executions e ON e.id = u.execution_id
       WHERE u.project_module = $1 AND u.profile_name = $2 AND u.backend = 'batch_remote'
         AND (u.outcome = 'completed' OR u.remote_state ~* '^timeout\\M')
       ORDER BY u.ended_at DESC
       LIMIT $3`,
      [projectModule, profileName, limit],
    );
    return rows.map((r) => ({
      runSeconds: r.run_seconds,
      sources: r.sources,
      timedOut: r.timed_out,
      limitMinutes: r.limit_minutes,
    }));
  }

  async inFlight(projectModule: string): Promise<InFlightShape[]> {
    // As domain/budget.ts shapeOf reads a profile snapshot.
    const rows = await this.db.any<{
      kind: 'rest_remote' | 'batch_remote';
      nodes: number;
      minutes: number | null;
      cpus_per_task: number | null;
      n: number;
    }>(
      `SELECT kind,
              CASE WHEN kind = 'batch_remote' THEN (d->>'num_nodes')::int
                   ELSE greatest(1, (profile_snapshot->'translation'->>'num_par')::int) END AS nodes,
              CASE WHEN kind <> 'batch_remote' THEN NULL
                   WHEN d->>'job_duration_minutes' <> 'auto' THEN (d->>'job_duration_minutes')::int
                   -- As domain/walltime.ts walltimeMinutes: the attempt's estimate, else the fallback.
                   ELSE coalesce(CASE WHEN (run_record->'walltime'->>'attempt')::int = attempt
                                      THEN (run_record->'walltime'->>'minutes')::int END,
                                 (d->>'job_duration_fallback_minutes')::int, $2) END AS minutes,
              CASE WHEN kind = 'batch_remote' THEN (d->>'cpus_per_task')::int END AS cpus_per_task,
              count(*)::int AS n
       FROM (SELECT profile_snapshot, profile_snapshot->'deployment' AS d,
                    profile_snapshot->'deployment'->>'kind' AS kind, run_record, attempt
             FROM executions
             WHERE project_module = $1
               AND state IN ('queued', 'staging', 'translating', 'submitting', 'running', 'cancelling')) x
       GROUP BY 1, 2, 3, 4`,
      [projectModule, defaultFallbackMinutes],
    );
    return rows.map((r) => ({
      kind: r.kind,
      nodes: r.nodes,
      minutes: r.minutes,
      cpusPerTask: r.cpus_per_task,
      count: r.n,
    }));
  }

  async totals() {
    const rows = await this.db.any<{
      project_module: string;
      profile_name: string;
      outcome: string;
      n: number;
      node: number;
      cpu: number;
    }>(
      `SELECT project_module, profile_name, outcome, count(*)::int AS n, sum(node_seconds)::float8 AS node,
              sum(coalesce(cpu_seconds, 0))::float8 AS cpu
       FROM attempt_usage GROUP BY 1, 2, 3`,
    );
    return rows.map((r) => ({
      projectModule: r.project_module,
      profileName: r.profile_name,
      outcome: r.outcome,
      attempts: r.n,
      nodeSeconds: r.node,
      cpuSeconds: r.cpu,
    }));
  }

  async durationHistograms(bounds: readonly number[]) {
    // One pass over the attempts per bound: the table holds one row per ended attempt.
    const rows = await this.db.any<{
      backend: string;
      field: 'run' | 'queue';
      i: number;
      le: number;
      n: number;
      s: number;
    }>(
      `WITH v AS (
         SELECT backend, 'run' AS field, run_seconds AS v FROM attempt_usage
         UNION ALL SELECT backend, 'queue', queue_seconds FROM attempt_usage)
       SELECT v.backend, v.field, b.i::int AS i, count(*) FILTER (WHERE v.v <= b.bound)::int AS le,
              count(*)::int AS n, sum(v.v)::float8 AS s
       FROM v CROSS JOIN unnest($1::float8[]) WITH ORDINALITY AS b(bound, i)
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [bounds],
    );
    const out = new Map<
      string,
      { backend: string; field: 'run' | 'queue'; counts: number[]; count: number; sum: number }
    >();
    for (const r of rows) {
      const k = `${r.backend}:${r.field}`;
      const h = out.get(k) ?? { backend: r.backend, field: r.field, counts: [], count: r.n, sum: r.s };
      h.counts[r.i - 1] = r.le;
      out.set(k, h);
    }
    return [...out.values()];
  }
}
