// A survey on the Slurm testbed's facility, as automation runs it: sources registered and
// discovered (on the archive testbed by TAP, and staged from it by async SODA; or on the mock
// archive), a configuration version that turns automation on (sources grouped `perExecution` to a
// run, one graph and one Slurm job each), and the run of them all to the end on the facility's
// partition and QOS, under its limits. Then
// the figures a survey team asks for, read from Slurm's accounting and the database: the CI test
// (test/slurm/survey) and the bench (scripts/bench survey) share it.
import type { Db } from '../../adapters/postgres/db.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { bashCommand, yamlWithGraph } from './daliuge.js';
import { automatedYaml, registerSources } from './project.js';
import { schedulerCalls, slurmLocal, slurmTestbed, sshLogins } from './slurm.js';
import { facilityProfile, type SlurmSuite } from './slurmSuite.js';

export interface SurveyPhase {
  readonly label: string;
  readonly identifiers: readonly string[];
  /** Sources automation puts in one execution (one graph, one job). */
  readonly perExecution: number;
  /** How long each job's graph works (a bash `sleep`). */
  readonly sleepSeconds: number;
  readonly timeoutMs: number;
  /**
   * Where its sources are discovered: the archive testbed's TAP service (DaCHS) under the
   * testbed's project and configuration, or (none) the mock archive under the suite's project.
   */
  readonly archive?: { readonly module: string; readonly yaml: string };
  /**
   * Every source discovered before automation is turned on (a survey's usual state: discovery
   * runs on its own schedule, ahead of the runs); the time to drain counts from then. Otherwise
   * automation is on while sources are being discovered, a batch at a time.
   */
  readonly discoveredAhead?: boolean;
}

export interface SurveyFigures {
  readonly label: string;
  readonly sources: number;
  /** Registered, but discovery found them not ready (no catalogue row): automation leaves them. */
  readonly notReady: number;
  readonly perExecution: number;
  readonly executions: number;
  readonly completed: number;
  readonly failed: number;
  /** Slurm jobs named after the phase's executions (every attempt's), as sacct lists them. */
  readonly jobs: number;
  /** Sources in more than one execution, and executions with other than one job. */
  readonly sourcesRunTwice: number;
  readonly executionsNotOneJob: number;
  /** Runs that waited on a site limit (told once each). */
  readonly limitWaits: number;
  /** Archive jobs made to stage the phase's files (async SODA), and the files staged. */
  readonly archiveJobs: number;
  readonly stagedFiles: number;
  /** From automation on (with sources discovered ahead) or from registration, to the last source's run ended. */
  readonly drainSeconds: number;
  /** Node-seconds our jobs held, over the facility's nodes × from the first submit to the last end. */
  readonly nodesBusy: number;
  /** The same, from the first submit to the last start: while some run still waited for nodes. */
  readonly nodesBusyWhileWaiting: number;
  /** Median per run: created to queued (held by the project's and profile's caps, or a limit). */
  readonly heldSecondsPerRun: number;
  /** Median per run: queued to sbatch, and the job's end to the run's (staging, translation, polls). */
  readonly ourSecondsPerRun: number;
  readonly sshLogins: number;
  readonly sshLoginsPerMinute: number;
  readonly slurmCommandsPerMinute: number;
  /** This process's CPU (the API, the worker and the scheduler run in it) per source. */
  readonly cpuMsPerSource: number;
  readonly dbMbPer1000Sources: number;
}

/** The configuration of a phase: BashCommand sleeping, automation on (or off) with the survey's profile. */
const surveyYaml = (suite: SlurmSuite, profile: string, phase: SurveyPhase, enabled = true): string =>
  automatedYaml(
    yamlWithGraph(
      'BashCommand.graph',
      suite.graphs.sha['BashCommand.graph']!,
      bashCommand(`sleep ${phase.sleepSeconds}`),
      phase.archive?.yaml,
    ),
    // The facility's QOS holds 20 jobs of a user; the profile's own cap keeps below it.
    { profile, perExecution: phase.perExecution, concurrentRuns: 40, enabled },
  );

/** The facility's profile for the survey, with its QOS (made once; later phases find it). */
const ensureProfile = async (suite: SlurmSuite, name: string, module: string): Promise<void> => {
  const r = await facilityProfile(
    suite,
    name,
    { qos: suite.tb.facility.qos, job_duration_minutes: 10, max_queued_jobs: 16 },
    module,
  );
  if (r.status !== 201 && r.status !== 409) throw new Error(`the survey profile: ${r.text}`);
};

interface SacctJob {
  readonly name: string;
  readonly submit: number;
  readonly start: number;
  readonly end: number;
  readonly nodes: number;
}

/** Every job of the testbed's user since `since` (epoch seconds), from sacct. */
const sacctJobsSince = (since: number): SacctJob[] => {
  const out = slurmLocal(
    'sacct',
    [
      '--noheader',
      '--parsable2',
      '--allocations',
      `--user=${slurmTestbed().user}`,
      `--starttime=${new Date(since * 1000).toISOString().slice(0, 19)}`,
      '--format=JobName,Submit,Start,End,AllocNodes',
    ],
    { SLURM_TIME_FORMAT: '%s', TZ: 'UTC' },
  );
  return out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('|'))
    .map(([name, submit, start, end, nodes]) => ({
      name: name!,
      submit: Number(submit),
      start: Number(start),
      end: Number(end),
      nodes: Number(nodes),
    }));
};

const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * Runs one phase of a survey to its end: every source of it in a completed execution, or an error
 * naming the first failed run (or what is left when the time is up). Returns its figures.
 */
export const runSurveyPhase = async (
  suite: SlurmSuite,
  phase: SurveyPhase,
  say: (line: string) => void = () => {},
): Promise<SurveyFigures> => {
  const { api, p, tb } = suite;
  const module = phase.archive?.module ?? p.module;
  const db = api.container.get<Db>(TYPES.Db);
  const profile = 'survey-facility';
  const size = async () =>
    Number((await db.one<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).n);
  const before = {
    cpu: process.cpuUsage(),
    db: await size(),
    logins: sshLogins(tb),
    calls: schedulerCalls(tb).length,
  };
  let t0 = Date.now();
  // The phase's grouping first: a source discovered under the previous phase's would be grouped by it.
  await api.uploadConfig(surveyYaml(suite, profile, phase, !phase.discoveredAhead), p.adminToken);
  await ensureProfile(suite, profile, module);
  // On the archive testbed, as its configuration batches (each TAP job costs seconds of polling).
  const registered = Object.values(
    await registerSources(api, p.token, module, phase.identifiers, phase.archive ? 500 : 100),
  );
  if (phase.discoveredAhead) {
    await api.uploadConfig(surveyYaml(suite, profile, phase), p.adminToken);
    t0 = Date.now();
  }
  // What automation runs: the sources discovery found ready (every flag it set true).
  const ids = (
    await db.any<{ id: string }>(
      `SELECT id FROM sources WHERE id = ANY($1::uuid[]) AND discovery_state = 'done'
          AND NOT EXISTS (SELECT 1 FROM jsonb_each(discovery_flags) f WHERE f.value <> 'true'::jsonb)`,
      [registered],
    )
  ).map((r) => r.id);
  say(
    `${phase.label}: ${registered.length} sources registered and discovered, ${ids.length} ready${phase.archive ? ' (the archive testbed)' : ''}`,
  );
  const phaseRuns = `SELECT e.* FROM executions e WHERE e.project_module = $1 AND e.source_ids && $2::uuid[]`;
  for (let said = { done: 0, at: t0 }; ; ) {
    const r = await db.one<{ done: number; failed: number; error: string | null }>(
      `SELECT count(DISTINCT sid) FILTER (WHERE e.state = 'completed')::int AS done,
              count(DISTINCT e.id) FILTER (WHERE e.state IN ('failed', 'cancelled'))::int AS failed,
              min(e.error) FILTER (WHERE e.state IN ('failed', 'cancelled')) AS error
         FROM (${phaseRuns}) e, unnest(e.source_ids) sid WHERE sid = ANY($2::uuid[])`,
      [module, ids],
    );
    if (r.failed > 0)
      throw new Error(`${phase.label}: ${r.failed} run(s) ended without completing: ${r.error}`);
    if (r.done === ids.length) break;
    if (Date.now() - t0 > phase.timeoutMs)
      throw new Error(
        `${phase.label}: ${r.done} of ${ids.length} sources completed after ${phase.timeoutMs} ms`,
      );
    if (r.done !== said.done && Date.now() - said.at >= 10_000) {
      say(
        `${phase.label}: ${r.done} of ${ids.length} sources completed (${Math.round((Date.now() - t0) / 1000)} s)`,
      );
      said = { done: r.done, at: Date.now() };
    }
    await new Promise((res) => setTimeout(res, 1000));
  }
  const drainSeconds = (Date.now() - t0) / 1000;
  const cpu = process.cpuUsage(before.cpu);
  const runs = await db.any<{
    id: string;
    state: string;
    created_at: Date;
    updated_at: Date;
    source_ids: string[];
  }>(phaseRuns, [module, ids]);
  const marks = await db.any<{ id: string; kind: string; at: Date }>(
    `SELECT subject_id AS id, kind, min(created_at) AS at FROM provenance_events
      WHERE subject_type = 'execution' AND kind IN ('execution.queued', 'execution.submitted')
        AND subject_id = ANY($1::text[]) GROUP BY subject_id, kind`,
    [runs.map((r) => r.id)],
  );
  const mark = (id: string, kind: string) =>
    marks.find((m) => m.id === id && m.kind === kind)?.at.getTime() ?? Number.NaN;
  const waits = await db.one<{ n: number }>(
    `SELECT count(DISTINCT subject_id)::int AS n FROM provenance_events
      WHERE subject_type = 'execution' AND kind = 'execution.waiting_on_site_limit' AND subject_id = ANY($1::text[])`,
    [runs.map((r) => r.id)],
  );
  const staging = await db.one<{ jobs: number; files: number }>(
    `SELECT count(*) FILTER (WHERE kind = 'execution.job_created')::int AS jobs,
            count(*) FILTER (WHERE kind = 'execution.file_staged')::int AS files
       FROM provenance_events WHERE subject_type = 'execution' AND subject_id = ANY($1::text[])`,
    [runs.map((r) => r.id)],
  );
  // slurmdbd learns of a job's end a moment after it: the phase's jobs, once each has an end.
  let jobs: SacctJob[] = [];
  for (const end = Date.now() + 30_000; ; ) {
    const names = new Set(runs.map((r) => r.id));
    jobs = sacctJobsSince(Math.floor(t0 / 1000) - 60).filter((j) =>
      names.has(/^surveyor-(.+)-a\d+$/.exec(j.name)?.[1] ?? ''),
    );
    if (jobs.length >= runs.length && jobs.every((j) => j.end > 0)) break;
    if (Date.now() > end) break;
    await new Promise((res) => setTimeout(res, 1000));
  }
  const jobsOf = (id: string) => jobs.filter((j) => j.name.startsWith(`surveyor-${id}-`));
  const perSource = new Map<string, number>();
  for (const r of runs) for (const s of r.source_ids) perSource.set(s, (perSource.get(s) ?? 0) + 1);
  const from = jobs.length ? Math.min(...jobs.map((j) => j.submit)) : 0;
  const to = jobs.length ? Math.max(...jobs.map((j) => j.end)) : 0;
  const lastStart = jobs.length ? Math.max(...jobs.map((j) => j.start)) : 0;
  // Node-seconds of the phase's jobs inside [a, b], over what the facility's nodes could give.
  const busyShare = (a: number, b: number) =>
    b > a
      ? jobs.reduce((n, j) => n + Math.max(0, Math.min(j.end, b) - Math.max(j.start, a)) * j.nodes, 0) /
        (tb.facility.nodes.length * (b - a))
      : 0;
  const minutes = drainSeconds / 60;
  return {
    label: phase.label,
    sources: ids.length,
    notReady: registered.length - ids.length,
    perExecution: phase.perExecution,
    executions: runs.length,
    completed: runs.filter((r) => r.state === 'completed').length,
    failed: runs.filter((r) => r.state === 'failed').length,
    jobs: jobs.length,
    sourcesRunTwice: [...perSource.values()].filter((n) => n > 1).length,
    executionsNotOneJob: runs.filter((r) => jobsOf(r.id).length !== 1).length,
    limitWaits: waits.n,
    archiveJobs: staging.jobs,
    stagedFiles: staging.files,
    drainSeconds,
    nodesBusy: busyShare(from, to),
    nodesBusyWhileWaiting: busyShare(from, lastStart),
    heldSecondsPerRun: median(
      runs.map((r) => (mark(r.id, 'execution.queued') - r.created_at.getTime()) / 1000),
    ),
    ourSecondsPerRun: median(
      runs.map((r) => {
        const j = jobsOf(r.id)[0];
        const toSbatch = (mark(r.id, 'execution.submitted') - mark(r.id, 'execution.queued')) / 1000;
        return toSbatch + (j ? Math.max(0, r.updated_at.getTime() / 1000 - j.end) : 0);
      }),
    ),
    sshLogins: sshLogins(tb) - before.logins,
    sshLoginsPerMinute: (sshLogins(tb) - before.logins) / minutes,
    slurmCommandsPerMinute: (schedulerCalls(tb).length - before.calls) / minutes,
    cpuMsPerSource: (cpu.user + cpu.system) / 1000 / ids.length,
    dbMbPer1000Sources: (((await size()) - before.db) / 1e6) * (1000 / ids.length),
  };
};

/** The phases' figures side by side, a line per figure. */
export const surveyTable = (phases: readonly SurveyFigures[]): string[] => {
  const rows: [string, (f: SurveyFigures) => string][] = [
    ['sources (and not ready after discovery)', (f) => `${f.sources} (${f.notReady})`],
    ['sources per execution', (f) => String(f.perExecution)],
    ['executions (completed, failed)', (f) => `${f.executions} (${f.completed}, ${f.failed})`],
    ['Slurm jobs', (f) => String(f.jobs)],
    ['jobs per source', (f) => (f.jobs / f.sources).toFixed(3)],
    ['sources run twice', (f) => String(f.sourcesRunTwice)],
    ['executions without exactly one job', (f) => String(f.executionsNotOneJob)],
    ['runs that waited on a site limit', (f) => String(f.limitWaits)],
    ['archive jobs (files staged)', (f) => `${f.archiveJobs} (${f.stagedFiles})`],
    ['runs failed (by a limit or otherwise)', (f) => String(f.failed)],
    ['time to drain (s)', (f) => f.drainSeconds.toFixed(0)],
    ['facility nodes busy, first submit to last end', (f) => `${(f.nodesBusy * 100).toFixed(0)}%`],
    // The tail (the last wave running while nothing waits) is the survey's size, not our pace.
    [
      'facility nodes busy while runs waited, first submit to last start',
      (f) => `${(f.nodesBusyWhileWaiting * 100).toFixed(1)}%`,
    ],
    ['per run, held by our caps: created to queued, median (s)', (f) => f.heldSecondsPerRun.toFixed(1)],
    ['per run, ours: queued to sbatch, job end to run end, median (s)', (f) => f.ourSecondsPerRun.toFixed(1)],
    ['SSH logins (per minute)', (f) => `${f.sshLogins} (${f.sshLoginsPerMinute.toFixed(2)})`],
    ['Slurm commands per minute', (f) => f.slurmCommandsPerMinute.toFixed(1)],
    ['control-plane CPU per source (ms)', (f) => f.cpuMsPerSource.toFixed(1)],
    ['database growth per 1,000 sources (MB)', (f) => f.dbMbPer1000Sources.toFixed(2)],
  ];
  const width = Math.max(...rows.map(([n]) => n.length));
  const head = `${''.padEnd(width)}  ${phases.map((f) => f.label.padStart(14)).join('  ')}`;
  return [
    head,
    ...rows.map(([n, v]) => `${n.padEnd(width)}  ${phases.map((f) => v(f).padStart(14)).join('  ')}`),
  ];
};
