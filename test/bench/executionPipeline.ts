// 1,000 executions through the mock pipeline (stage, manifest, graph patches, translate, submit,
// poll to completed), with one in-process worker at concurrency 4 and at 16, side by side.
// Prints wall time and executions per second; asserts nothing.
// Run: scripts/bench pipeline [executions]
import * as E from 'fp-ts/lib/Either.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { createExecution } from '../../core/usecases/executions/createExecution.js';
import { requestExecute } from '../../core/usecases/executions/requestExecute.js';
import type { Db } from '../../adapters/postgres/db.js';
import { executionDeps, TYPES } from '../../hosts/shared/composition.js';
import { startWorker } from '../../hosts/worker/worker.js';
import { startTestApi } from '../support/api.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';

const total = Number(process.argv[2] ?? 1000);
const yaml = manualWallabyYaml.replace('concurrent_runs: 10', 'concurrent_runs: 100000');

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
  const cols = [...new Set(milestones.flatMap(([a, b]) => [a, b]))];
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
    const deps = executionDeps(api.container);
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      const r = await createExecution(
        deps,
        {
          project_module: 'wallaby_hires',
          archive_name: 'casda',
          sources: [{ source_identifier: names[i % names.length]! }],
        },
        { requestHash: '', by: 'bench' },
      );
      if (E.isLeft(r)) throw new Error(r.left.message);
      ids.push(r.right.execution.id);
    }
    const repo = api.container.get<ExecutionRepository>(TYPES.Executions);
    const started = performance.now();
    for (const id of ids) await requestExecute(deps, id, {}, 'bench');
    const queuedAt = performance.now();
    const worker = await startWorker(api.container);
    try {
      for (;;) {
        const counts = await repo.countsByState();
        const ended = counts.filter((c) => ['completed', 'failed', 'cancelled'].includes(c.state));
        if (ended.reduce((n, c) => n + c.count, 0) >= total) {
          const failed = counts.find((c) => c.state !== 'completed' && ended.includes(c));
          if (failed) throw new Error(`${failed.count} executions ended ${failed.state}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.stop(5000);
    }
    const wall = (performance.now() - started) / 1000;
    return {
      wall,
      admit: (queuedAt - started) / 1000,
      steps: await stepTimes(api.container.get<Db>(TYPES.Db)),
    };
  } finally {
    await api.close();
  }
};

console.log(
  `${total} executions through the mock pipeline (no simulated delay, polls at most every 1 s per target)`,
);
const rows: string[] = [];
const head = [
  'worker concurrency',
  'wall time (s)',
  'of which execute + admit (s)',
  'executions/s',
  ...milestones.map(([, , n]) => `${n} (mean ms)`),
];
for (const c of [4, 16]) {
  const r = await once(c);
  rows.push(
    `| ${[c, r.wall.toFixed(1), r.admit.toFixed(1), (total / r.wall).toFixed(1), ...r.steps.map((x) => x.toFixed(0))].join(' | ')} |`,
  );
}
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---|').join('')}`);
for (const r of rows) console.log(r);
