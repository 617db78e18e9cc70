// 1,000 executions through the mock pipeline (create, execute, admission, stage, manifest, graph
// patches, translate, submit, poll to completed), with one in-process worker at concurrency 4 and
// at 16, side by side; 8 clients create and execute while the worker runs. Then the same with
// `surveyor worker` as a group of 1 and 2 processes (pipelineProcesses.ts).
// Prints wall time and executions per second; asserts nothing.
// Run: scripts/bench pipeline [executions]
import * as E from 'fp-ts/lib/Either.js';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import { createExecution } from '../../core/usecases/executions/createExecution.js';
import { requestExecute } from '../../core/usecases/executions/requestExecute.js';
import type { Db } from '../../adapters/postgres/db.js';
import { executionDeps, TYPES } from '../../hosts/composition/composition.js';
import { startWorker } from '../../hosts/worker/worker.js';
import { startTestApi } from '../support/api.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';
import { ownCpu, postgresCpu } from './cpuUse.js';
import { createAndExecute, untilAllCompleted } from './pipelineClients.js';
import { workerGroupRun } from './pipelineProcesses.js';
import { shapeOf, sqlWatch } from './sqlWatch.js';

const total = Number(process.argv[2] ?? 1000);
const yaml = manualWallabyYaml.replace('concurrent_runs: 10', 'concurrent_runs: 100000');

// SURVEYOR_BENCH_SQL=1: the statement shapes that took the most time in each timed run.
const watch = sqlWatch();
const byShape = new Map<string, { n: number; ms: number }>();
if (process.env['SURVEYOR_BENCH_SQL'])
  watch.onAnswer = ({ sql, ms }) => {
    const k = shapeOf(sql);
    const x = byShape.get(k) ?? { n: 0, ms: 0 };
    byShape.set(k, { n: x.n + 1, ms: x.ms + ms });
  };

// SURVEYOR_BENCH_PROFILE=<dir>: a CPU profile of this process over each timed run (API and worker).
const startProfile = async () => {
  const dir = process.env['SURVEYOR_BENCH_PROFILE'];
  if (!dir) return async (_name: string) => {};
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (name: string) => {
    const { profile } = await session.post('Profiler.stop');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
};

// Where an execution's time goes: the mean time between its milestones (events), in ms.
const milestones = [
  ['execute_requested', 'queued', 'admission'],
  ['queued', 'staging', 'run job waits for a worker'],
  ['staging', 'staged', 'stage'],
  ['staged', 'translated', 'manifest, graph, translate'],
  ['translated', 'submitted', 'submit'],
  ['submitted', 'completed', 'poll to completed'],
] as const;
const stepTimes = async (db: Db) => {
  const cols = [...new Set(milestones.flatMap((m) => [m[0], m[1]]))];
  const row = await db.one<Record<string, number>>(
    `WITH m AS (
       SELECT subject_id, ${cols.map((c) => `min(created_at) FILTER (WHERE kind = 'execution.${c}') AS "${c}"`).join(', ')}
       FROM provenance_events WHERE subject_type = 'execution' GROUP BY subject_id)
     SELECT ${milestones.map(([a, b], i) => `avg(extract(epoch FROM m."${b}" - m."${a}") * 1000)::float8 AS s${i}`).join(', ')} FROM m`,
  );
  return milestones.map((_, i) => row[`s${i}`] ?? 0);
};

const once = async (concurrency: number) => {
  const api = await startTestApi({
    SERVICE_LOG_LEVEL: 'warn',
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_MOCK_STEP_MS: '0',
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_WORKER_CONCURRENCY: String(concurrency),
    SERVICE_DB_POOL_MAX: String(concurrency + 6),
  });
  try {
    const names = Array.from({ length: 100 }, (_, i) => `HIPASSJ${String(i).padStart(4, '0')}+00`);
    await prepareProject(api, names, yaml);
    for (const q of (process.env['EXP'] ?? '').split(';').filter((x) => x.trim()))
      await api.container.get<Db>(TYPES.Db).any(q);
    const deps = executionDeps(api.container);
    const repo = api.container.get<ExecutionFigures>(TYPES.ExecutionFigures);
    const worker = await startWorker(api.container);
    const profiler = await startProfile();
    byShape.clear();
    watch.statements = 0;
    const cpu0 = { node: ownCpu(), pg: postgresCpu() };
    const started = performance.now();
    // Clients create and execute in parallel (8 at a time), as API callers would, while the
    // worker runs what is admitted.
    await createAndExecute(deps, names, total);
    const queuedAt = performance.now();
    try {
      await untilAllCompleted(repo, total);
    } finally {
      await worker.stop(5000);
    }
    const wall = (performance.now() - started) / 1000;
    const cpu = { node: ownCpu() - cpu0.node, pg: postgresCpu() - cpu0.pg };
    await profiler(`pipeline-c${concurrency}`);
    const statements = watch.statements;
    for (const [k, x] of [...byShape].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
      console.log(
        `  ${(x.n / total).toFixed(2).padStart(6)}/execution ${x.ms.toFixed(0).padStart(7)} ms  ${k}`,
      );
    return {
      wall,
      statements,
      admit: (queuedAt - started) / 1000,
      cpu,
      steps: await stepTimes(api.container.get<Db>(TYPES.Db)),
    };
  } finally {
    await api.close();
  }
};

/**
 * Issue 17, part 5: executions that stay running, polled every second, with nothing changing:
 * what the rounds write (rows of executions, events and poll targets, by their timestamps and
 * transaction ids) and how many statements the whole process sends meanwhile (ticks, rounds,
 * heartbeats, the queue).
 */
async function steadyPolling() {
  const running = 200;
  const seconds = 10;
  const api = await startTestApi({
    SERVICE_LOG_LEVEL: 'warn',
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_MOCK_STEP_MS: '0',
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
  });
  try {
    const names = Array.from({ length: running }, (_, i) => `HIPASSJ${String(i).padStart(4, '0')}MOCKHOLD`);
    await prepareProject(api, names, yaml);
    const deps = executionDeps(api.container);
    const db = api.container.get<Db>(TYPES.Db);
    const worker = await startWorker(api.container);
    try {
      for (const n of names) {
        const r = await createExecution(
          deps,
          { project_module: 'wallaby_hires', archive_name: 'casda', sources: [{ source_identifier: n }] },
          { requestHash: '', by: 'bench' },
        );
        if (E.isLeft(r)) throw new Error(r.left.message);
        await requestExecute(deps, r.right.execution.id, {}, 'bench');
      }
      // Running, with the remote state every round reports (running) already recorded.
      for (;;) {
        const r = await db.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM executions WHERE state = 'running' AND run_record->>'remote_state' = 'running'`,
        );
        if (r.n === running) break;
        await new Promise((x) => setTimeout(x, 200));
      }
      await new Promise((x) => setTimeout(x, 2000));
      const t0 = new Date();
      // What a round would write (the tick's schedule writes last_polled_at with the round's job).
      const roundState = `SELECT target, concat_ws('|', last_error, answering, last_answered_at) AS v FROM poll_targets`;
      const targets = await db.any<{ target: string; v: string }>(roundState);
      const events0 = await db.one<{ id: number }>(
        'SELECT coalesce(max(id), 0)::int AS id FROM provenance_events',
      );
      watch.statements = 0;
      await new Promise((x) => setTimeout(x, seconds * 1000));
      const statements = watch.statements;
      const rounds = await db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE kind = 'execution.poll' AND created_at >= $1`,
        [t0],
      );
      const executions = await db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM executions WHERE updated_at >= $1',
        [t0],
      );
      const events = await db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM provenance_events WHERE id > $1',
        [events0.id],
      );
      const after = new Map(
        (await db.any<{ target: string; v: string }>(roundState)).map((r) => [r.target, r.v]),
      );
      return {
        running,
        seconds,
        rounds: rounds.n,
        statements,
        written: {
          executions: executions.n,
          events: events.n,
          targets: targets.filter((t) => after.get(t.target) !== t.v).length,
        },
      };
    } finally {
      await worker.stop(5000);
    }
  } finally {
    await api.close();
  }
}

console.log(
  `${total} executions through the mock pipeline (no simulated delay, polls at most every 1 s per target)`,
);
const rows: string[] = [];
const head = [
  'worker concurrency',
  'wall time (s)',
  'of which create + execute (s)',
  'executions/s',
  'statements per execution',
  'CPU per execution, node + PostgreSQL (ms)',
  ...milestones.map(([, , n]) => `${n} (mean ms)`),
];
for (const c of [4, 16]) {
  const r = await once(c);
  rows.push(
    `| ${[c, r.wall.toFixed(1), r.admit.toFixed(1), (total / r.wall).toFixed(1), (r.statements / total).toFixed(1), `${((1000 * r.cpu.node) / total).toFixed(1)} + ${((1000 * r.cpu.pg) / total).toFixed(1)}`, ...r.steps.map((x) => x.toFixed(0))].join(' | ')} |`,
  );
}
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---|').join('')}`);
for (const r of rows) console.log(r);

const s = await steadyPolling();
console.log(
  `\nSteady state: ${s.running} executions running on one target that never changes (MOCKHOLD), ${s.seconds} s`,
);
console.log(
  '| poll rounds (each: its job, and its schedule on the target, written by the tick) | rows the rounds wrote (executions, events, targets) | statements, whole process | statements per round |',
);
console.log('|---|---|---|---|');
console.log(
  `| ${s.rounds} | ${s.written.executions}, ${s.written.events}, ${s.written.targets} | ${s.statements} | ${(s.statements / Math.max(1, s.rounds)).toFixed(1)} |`,
);

// The same pipeline with the workers out of this process: `surveyor worker` as 1 and 2 processes.
console.log(
  `\n${total} executions, \`surveyor worker\` with SERVICE_WORKER_PROCESSES 1 and 2 (concurrency 8 each), 8 clients in this process`,
);
console.log('| worker processes | wall time (s) | executions/s |');
console.log('|---|---|---|');
for (const processes of [1, 2]) {
  const wall = await workerGroupRun(yaml, total, processes);
  console.log(`| ${processes} | ${wall.toFixed(1)} | ${(total / wall).toFixed(1)} |`);
}
process.exit(0);
