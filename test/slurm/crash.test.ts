// A worker process SIGKILLed at the most delicate point of a batch_remote submission, against the
// real Slurm testbed over real SSH: right before sbatch submits, and right after it did (before
// the worker reads the job id). The testbed's sbatch wrapper holds at that point (~/sbatch-hook)
// while the test kills the worker. Another worker takes the job over; sacct then counts exactly
// one Slurm job for the attempt, and the execution completes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { fastWorkerEnv, runCli, workerUntil } from '../support/child.js';
import { daliugeGraphDir, daliugeTestbed, yamlWithGraph } from '../support/daliuge.js';
import { eventKinds, runJobAttempts } from '../support/executionStatus.js';
import { prepareProject } from '../support/project.js';
import {
  sacctSettled,
  schedulerCalls,
  type SlurmTestbed,
  slurmTestbed,
  testbedDeployment,
  testbedSshEnv,
  untilTrue,
} from '../support/slurm.js';

let tb: SlurmTestbed;
let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
let env: NodeJS.ProcessEnv;
let dataDir: string;
const hook = () => join(tb.home, 'sbatch-hook');
const reached = () => join(tb.home, 'sbatch-hook.reached');
const fault = () => join(tb.home, 'scheduler-fault');

test.before(async () => {
  tb = slurmTestbed();
  const dlg = daliugeTestbed();
  const graphs = daliugeGraphDir();
  api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    // Deployment for real on the mock archive's rows: the archive has its own suites.
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    ...testbedSshEnv(tb),
  });
  p = await prepareProject(
    api,
    ['HIPASSJ0005+01', 'HIPASSJ0006+01', 'HIPASSJ0007+01'],
    yamlWithGraph('HelloWorld-simple.graph', graphs.sha['HelloWorld-simple.graph']!, ' []'),
    { translation: { num_par: 1, num_islands: 1 }, deployment: testbedDeployment(tb) },
  );
  dataDir = mkdtempSync(join(tmpdir(), 'surveyor-slurm-crash-'));
  env = fastWorkerEnv(api.container.get<Config>(TYPES.Config).DATABASE_URL!, dataDir, {
    SERVICE_GRAPH_DIR: graphs.dir,
    SERVICE_USE_REAL_BACKENDS: 'true',
    // Deployment for real on the mock archive's rows: the archive has its own suites.
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    SERVICE_BATCH_POLL_MIN_SECONDS: '1',
    ...testbedSshEnv(tb),
  });
});
test.after.always(async () => {
  rmSync(hook(), { force: true });
  rmSync(reached(), { force: true });
  rmSync(fault(), { force: true });
  await api?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts worker A, runs the source's execution, and SIGKILLs A while sbatch holds at the hook. */
const killWorkerAtSbatch = async (
  t: { teardown(f: () => void): void },
  identifier: string,
  when: 'before' | 'after',
): Promise<string> => {
  rmSync(reached(), { force: true });
  writeFileSync(hook(), when, { mode: 0o644 });
  const a = runCli(['worker'], env);
  t.teardown(() => {
    if (a.child.exitCode === null && a.child.signalCode === null) a.child.kill('SIGKILL');
  });
  const id = await p.execute(identifier, { do_stage: false });
  await untilTrue('sbatch to reach the hook', () => existsSync(reached()), 90_000);
  a.child.kill('SIGKILL');
  await a.exited();
  return id;
};

for (const when of ['before', 'after'] as const)
  test.serial(`a worker killed right ${when} sbatch leaves one Slurm job for the attempt`, async (t) => {
    const identifier = when === 'before' ? 'HIPASSJ0005+01' : 'HIPASSJ0006+01';
    const callsBefore = schedulerCalls(tb).length;
    const id = await killWorkerAtSbatch(t, identifier, when);
    rmSync(hook());
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    t.is((await executions.get(id))!.state, 'submitting', 'A died while submitting');

    await workerUntil(
      env,
      async () => ['completed', 'failed', 'cancelled'].includes((await executions.get(id))!.state),
      (f) => t.teardown(f),
      150_000,
    );
    const e = (await executions.get(id))!;
    t.is(e.state, 'completed', e.error ?? '');
    t.is(e.attempt, 1);
    const name = `surveyor-${id}-a1`;
    // Slurm holds exactly one job with the attempt's name, and it completed.
    const jobs = await sacctSettled(name);
    t.is(jobs.length, 1, JSON.stringify(jobs));
    t.is(jobs[0]!.state, 'COMPLETED');
    t.true(String(e.schedulerJobId).endsWith(`/${jobs[0]!.id}`));
    // A's sbatch reached the wrapper either way; after it, B adopted the job instead of submitting.
    const sbatches = schedulerCalls(tb)
      .slice(callsBefore)
      .filter((c) => c.startsWith('sbatch') && c.includes(name));
    t.is(sbatches.length, when === 'before' ? 2 : 1, sbatches.join('\n'));
    t.is((e.runRecord['submission'] as Record<string, unknown>)['adopted'] === true, when === 'after');
    const kinds = await eventKinds(api, id);
    for (const k of ['execution.submitted', 'execution.completed'])
      t.is(kinds.filter((x) => x === k).length, 1, `${k} once in ${kinds.join(', ')}`);
    t.is(await runJobAttempts(api, id), 2, 'B took the job over from A');
  });

test.serial(
  'a lookup that fails is "unknown", not "absent": an overloaded controller gets no second job',
  async (t) => {
    // sbatch took the job, then the worker died; now squeue times out and sacct does not list the job
    // yet, as on a controller too loaded to answer. The next worker must wait, not submit again.
    const identifier = 'HIPASSJ0007+01';
    const id = await killWorkerAtSbatch(t, identifier, 'after');
    writeFileSync(fault(), 'squeue-fails sacct-empty', { mode: 0o644 });
    rmSync(hook());
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const callsBefore = schedulerCalls(tb).length;
    const name = `surveyor-${id}-a1`;
    let lookupsWhileFaulty = 0;
    await workerUntil(
      env,
      async () => {
        if (existsSync(fault())) {
          lookupsWhileFaulty = schedulerCalls(tb)
            .slice(callsBefore)
            .filter((c) => c.startsWith('squeue') && c.includes(name)).length;
          // Two lookups that could not decide; then the controller recovers.
          if (lookupsWhileFaulty >= 2) rmSync(fault());
        }
        return ['completed', 'failed', 'cancelled'].includes((await executions.get(id))!.state);
      },
      (f) => t.teardown(f),
      150_000,
    );
    const e = (await executions.get(id))!;
    t.is(e.state, 'completed', e.error ?? '');
    t.true(lookupsWhileFaulty >= 2);
    const jobs = await sacctSettled(name);
    t.is(jobs.length, 1, JSON.stringify(jobs));
    const sbatches = schedulerCalls(tb)
      .slice(callsBefore)
      .filter((c) => c.startsWith('sbatch'));
    t.deepEqual(sbatches, [], 'no sbatch after the worker died');
    t.is((e.runRecord['submission'] as Record<string, unknown>)['adopted'], true);
    const events = await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null);
    t.regex(
      JSON.stringify(events.items.filter((x) => x.kind === 'execution.step_retried')),
      /whether it exists is unknown/,
    );
  },
);
