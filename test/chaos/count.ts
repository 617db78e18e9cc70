// What the chaos run left behind, counted on the real systems: Slurm's accounting by job name, the
// requests the island manager answered (a proxy in front of it sees them), the node managers'
// session lists (they outlive an island manager's restart), and the database.
import type { Db } from '../../adapters/postgres/db.js';
import { externalName } from '../../core/domain/externalWork.js';
import { unsettledAfter } from '../../core/domain/externalWork.js';
import { discoveryJob } from '../../core/usecases/discovery/discoveryJob.js';
import { sacctByName } from '../support/slurm.js';

export interface Created {
  readonly id: string;
  readonly backend: 'daliuge' | 'slurm';
}

/** What the proxy in front of the DIM saw answered 2xx: deploys per session id. */
export interface DimTally {
  readonly deploys: Map<string, number>;
}

export interface Counts {
  executions: number;
  ended: number;
  states: Record<string, number>;
  /** Created (the API said so) but not in the database. */
  missing: string[];
  /** Not in a terminal state when the run ended. */
  stranded: string[];
  /** Remote work the execution does not know (an attempt it never recorded), or still running after its end. */
  orphaned: string[];
  /** An attempt's name that ran twice: two Slurm jobs, or two sessions deployed. */
  twice: string[];
  /** Queue jobs whose lease ran out long ago and that nobody took over. */
  stuckLeases: number;
  /** Sources still claimed for discovery with no discovery job left. */
  stuckClaims: number;
  /** Executions whose end the backend never confirmed (a retry would settle them first). */
  unsettled: number;
  /** Why failed executions failed, with how many. */
  failures: Record<string, number>;
  /** Statements that timed out in any process (see statementTimeouts). */
  statementTimeouts: number;
  /** Attempt names found on the real systems (Slurm jobs, deployed DIM sessions). */
  found: { slurm: number; daliuge: number };
  /** Completed executions whose attempt the real systems do not show: the count itself would be wrong. */
  unaccounted: string[];
  /** What the faults did to the run, from the database. */
  effects: Record<string, number>;
  /**
   * The survey automation ran: its sources, those in no execution, and those in more than one
   * that did not fail (a source of a failed run may be run again, alone; never twice otherwise).
   */
  survey: { sources: number; neverRun: string[]; twice: string[] };
}

/** Counts of a run of `executions` before anything is counted. */
export const noCounts = (executions: number): Counts => ({
  executions,
  ended: 0,
  states: {},
  missing: [],
  stranded: [],
  orphaned: [],
  twice: [],
  stuckLeases: 0,
  stuckClaims: 0,
  unsettled: 0,
  failures: {},
  found: { slurm: 0, daliuge: 0 },
  unaccounted: [],
  effects: {},
  statementTimeouts: 0,
  survey: { sources: 0, neverRun: [], twice: [] },
});

/**
 * Statements that timed out, as the processes logged them: PostgreSQL's statement_timeout, or the
 * client's own read timeout. Nothing in the service is meant to run into either, even on a slow
 * or lossy database link.
 */
export const statementTimeouts = (output: string): number =>
  (output.match(/canceling statement due to statement timeout|Query read timeout/g) ?? []).length;

/** The states an execution ends in. */
export const terminal = new Set(['completed', 'failed', 'cancelled']);

interface Row {
  id: string;
  state: string;
  attempt: number;
  scheduler_job_id: string | null;
  error: string | null;
  run_record: Record<string, unknown>;
}

/** Each node manager's sessions (id and DALiuGE session state), from its own REST API. */
const nmSessions = async (nodes: readonly string[]): Promise<Map<string, number>> => {
  const out = new Map<string, number>();
  for (const n of nodes) {
    const [host, port] = n.split(':');
    const res = await fetch(`http://${host}:${port}/api/sessions`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`node manager ${host}:${port} answered ${res.status} for its sessions`);
    for (const s of (await res.json()) as { sessionId: string; status: number }[])
      out.set(s.sessionId, Math.max(out.get(s.sessionId) ?? -1, s.status));
  }
  return out;
};

export const countAll = async (
  db: Db,
  created: readonly Created[],
  dim: DimTally,
  nodes: readonly string[],
  leaseSeconds: number,
  output: string,
  surveyModule: string,
): Promise<Counts> => {
  const c = { ...noCounts(created.length), statementTimeouts: statementTimeouts(output) };
  const sessions = await nmSessions(nodes);
  for (const x of created) {
    const r = await db.oneOrNone<Row>(
      'SELECT id, state, attempt, scheduler_job_id, error, run_record FROM executions WHERE id = $1',
      [x.id],
    );
    if (!r) {
      c.missing.push(x.id);
      continue;
    }
    c.states[r.state] = (c.states[r.state] ?? 0) + 1;
    if (terminal.has(r.state)) c.ended += 1;
    else c.stranded.push(`${x.id} (${r.state})`);
    if (r.state === 'failed') {
      const why = (r.error ?? '').replace(/[0-9a-f-]{36}(-a\d+)?/g, '…').slice(0, 140);
      c.failures[why] = (c.failures[why] ?? 0) + 1;
    }
    if (
      unsettledAfter({
        id: r.id,
        attempt: r.attempt,
        schedulerJobId: r.scheduler_job_id,
        runRecord: r.run_record,
      }).length > 0
    )
      c.unsettled += 1;
    // Every attempt it made, and the one after: work under a name it never reached is an orphan.
    for (let a = 1; a <= r.attempt + 1; a++) {
      const n = externalName({ id: x.id, attempt: a });
      const known = a <= r.attempt;
      if (x.backend === 'slurm') {
        const jobs = sacctByName(n);
        if (jobs.length > 0) c.found.slurm += 1;
        else if (a === r.attempt && r.state === 'completed') c.unaccounted.push(`${n}: no Slurm job`);
        if (jobs.length > 1) c.twice.push(`${n}: ${jobs.map((j) => `${j.id} ${j.state}`).join(', ')}`);
        if (jobs.length > 0 && !known) c.orphaned.push(`${n}: Slurm job ${jobs[0]!.id}, never recorded`);
        const live = jobs.filter((j) => ['PENDING', 'RUNNING', 'REQUEUED', 'SUSPENDED'].includes(j.state));
        if (live.length > 0 && terminal.has(r.state))
          c.orphaned.push(`${n}: Slurm job ${live[0]!.id} still ${live[0]!.state} after the execution ended`);
      } else {
        const deploys = dim.deploys.get(n) ?? 0;
        if (deploys > 1) c.twice.push(`${n}: deployed ${deploys} times`);
        const state = sessions.get(n);
        if (deploys > 0) c.found.daliuge += 1;
        else if (a === r.attempt && r.state === 'completed') c.unaccounted.push(`${n}: never deployed`);
        if ((deploys > 0 || state !== undefined) && !known)
          c.orphaned.push(`${n}: a session the execution never recorded`);
        // DALiuGE's session states: 2 deploying, 3 running.
        if ((state === 2 || state === 3) && terminal.has(r.state))
          c.orphaned.push(`${n}: session still running on a node manager after the execution ended`);
      }
    }
  }
  const countOf = async (sql: string, params: unknown[] = []) =>
    Number((await db.one<{ n: string }>(sql, params)).n);
  c.stuckLeases = await countOf(
    "SELECT count(*) AS n FROM jobs WHERE state = 'running' AND lease_expires_at < now() - make_interval(secs => $1)",
    [3 * leaseSeconds],
  );
  c.stuckClaims = await countOf(
    `SELECT count(*) AS n FROM sources WHERE discovery_state IN ('queued', 'running')
       AND NOT EXISTS (SELECT 1 FROM jobs WHERE kind = $1 AND state IN ('queued', 'running'))`,
    [discoveryJob.name],
  );
  c.effects['queue jobs run more than once'] = await countOf(
    'SELECT count(*) AS n FROM jobs WHERE attempts > 1',
  );
  c.effects['queue jobs dead'] = await countOf("SELECT count(*) AS n FROM jobs WHERE state = 'dead'");
  c.effects['steps retried'] = await countOf(
    "SELECT count(*) AS n FROM provenance_events WHERE kind = 'execution.step_retried'",
  );
  c.effects['runs that waited on a site limit'] = await countOf(
    "SELECT count(DISTINCT subject_id) AS n FROM provenance_events WHERE kind = 'execution.waiting_on_site_limit'",
  );
  for (const s of await db.any<{ name: string; runs: number; live: number; states: string }>(
    `SELECT s.source_identifier AS name, count(e.id)::int AS runs,
            count(e.id) FILTER (WHERE e.state <> 'failed')::int AS live,
            coalesce(string_agg(e.state, ', ' ORDER BY e.created_at), '') AS states
       FROM sources s LEFT JOIN executions e ON e.project_module = s.project_module AND s.id = ANY(e.source_ids)
      WHERE s.project_module = $1 GROUP BY s.source_identifier`,
    [surveyModule],
  )) {
    c.survey.sources += 1;
    if (s.runs === 0) c.survey.neverRun.push(`${s.name}: in no execution`);
    if (s.live > 1) c.survey.twice.push(`${s.name}: in ${s.runs} executions (${s.states})`);
  }
  c.effects['runs adopted after a restore or promotion'] = await countOf(
    `SELECT count(DISTINCT subject_id) AS n FROM provenance_events
      WHERE kind = 'execution.submitted' AND payload->>'after_restore' = 'true'`,
  );
  c.effects['submissions adopted or resumed'] = await countOf(
    `SELECT count(*) AS n FROM executions WHERE run_record->'submission'->>'adopted' = 'true'
       OR run_record->'submission'->>'resumed' = 'true'`,
  );
  return c;
};
