// The upstream graphs that complete on DALiuGE, in Slurm jobs on the testbed: parallelPi patched over
// its active configuration, branchTest's untaken side skipped (not missing), SharedMemoryTest_update and
// ArrayLoop_e2e with their outputs written, and a stall failing from the job helper's progress file.
import { readFileSync } from 'node:fs';
import test, { type ExecutionContext } from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { translatedDrops } from '../support/api.js';
import { executionStatus } from '../support/executionStatus.js';
import { sacctByName, sacctSettled, testbedDeployment, untilTrue } from '../support/slurm.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { addUpstreamGraphs } from '../support/upstreamGraphs.js';

const upstream = [
  'parallelPi.graph',
  'branchTest.graph',
  'SharedMemoryTest_update.graph',
  'ArrayLoop_e2e.graph',
] as const;
const ids = ['HIPASSJ2200-01', 'HIPASSJ2201-01', 'HIPASSJ2202-01', 'HIPASSJ2203-01', 'HIPASSJ2204-01'];
let suite: SlurmSuite;

test.before(async () => {
  suite = await startSlurmSuite(ids, (g) =>
    yamlWithGraph('HelloWorld-simple.graph', g.sha['HelloWorld-simple.graph']!, ' []'),
  );
  addUpstreamGraphs(suite.graphs, upstream);
});
test.after.always(async () => {
  await suite?.stop();
});

const { untilState } = executionStatus(
  () => suite.api,
  () => suite.p.token,
  150_000,
);
const useGraph = (path: string, patches: string) => suite.useGraph(path, patches);
const translatedOf = (id: string) => translatedDrops(suite.api, id);

/** Runs a graph in a Slurm job to its end; Slurm itself must say the job completed. */
const runToEnd = async (t: ExecutionContext, graph: string, patches: string, source: string) => {
  await useGraph(graph, patches);
  const id = await suite.p.execute(source, { do_stage: false });
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
  return { id, e, jobs: await sacctSettled(`surveyor-${id}-a1`) };
};

test.serial(
  'parallelPi in a Slurm job: the patch over its active configuration makes 3 copies, and the run completes',
  async (t) => {
    const r = await runToEnd(
      t,
      'parallelPi.graph',
      '\n  - match: { kind: node_name, equals: Scatter PI generation }\n    set: { num_of_copies: 3 }' +
        '\n  - match: { kind: node_name, equals: Gather results }\n    set: { num_of_inputs: 3 }' +
        '\n  - match: { kind: node_name, equals: generate_start_digits }\n    set: { n_split: 3 }',
      ids[0]!,
    );
    t.is(r.e.state, 'completed', String(r.e['error']));
    t.deepEqual(
      r.jobs.map((j) => j.state),
      ['COMPLETED'],
    );
    const apps = (await translatedOf(r.id)).filter(
      (d) => d['name'] === 'pi_k' && d['categoryType'] === 'Application',
    );
    t.is(apps.length, 3);
    t.like(r.e.run_record['outputs'], { required: true, checked: true, incomplete_count: 0 });
  },
);

test.serial('branchTest in a Slurm job: the untaken side is skipped, not missing', async (t) => {
  const r = await runToEnd(t, 'branchTest.graph', ' []', ids[1]!);
  t.is(r.e.state, 'completed', String(r.e['error']));
  const outputs = r.e.run_record['outputs'] as Record<string, number>;
  t.like(outputs, { required: true, checked: true, incomplete_count: 0 });
  t.true(
    outputs['skipped_count']! >= 1 && outputs['skipped_count']! < outputs['count']!,
    JSON.stringify(outputs),
  );
});

for (const [graph, source] of [
  ['SharedMemoryTest_update.graph', ids[2]!],
  ['ArrayLoop_e2e.graph', ids[3]!],
] as const)
  test.serial(`${graph} completes in a Slurm job with its outputs written`, async (t) => {
    const r = await runToEnd(t, graph, ' []', source);
    t.is(r.e.state, 'completed', String(r.e['error']));
    t.deepEqual(
      r.jobs.map((j) => j.state),
      ['COMPLETED'],
    );
    t.is(r.e.run_record['drops'], (await translatedOf(r.id)).length);
    t.like(r.e.run_record['outputs'], { checked: true, incomplete_count: 0 });
  });

test.serial(
  'a job whose application never returns fails after stall_fail_minutes, naming it, and Slurm cancels the job',
  async (t) => {
    t.timeout(240_000);
    const r = await suite.api.call('POST', '/deployment-profiles', {
      token: suite.p.adminToken,
      body: {
        name: 'slurm-stall',
        project_module: 'wallaby_hires',
        translation: { algo: 'metis', num_par: 1, num_islands: 1 },
        deployment: testbedDeployment(suite.tb, { stall_warn_minutes: 0, stall_fail_minutes: 1 }),
      },
    });
    t.is(r.status, 201, r.text);
    await useGraph('BashCommand.graph', bashCommand('sleep 600'));
    const id = await suite.p.execute(
      ids[4]!,
      { do_stage: false },
      { deployment_profile_name: 'slurm-stall' },
    );
    const name = `surveyor-${id}-a1`;
    const e = await untilState(t, id, ['completed', 'failed', 'cancelled'], 200_000);
    t.is(e.state, 'failed');
    t.regex(
      String(e['error']),
      /^no progress for 1 minute; last drops running: Run command \(\S+\); asked the backend to cancel$/,
    );
    t.like(e.run_record['progress'], { running_count: 1, drops: 2 });
    // The job's helper wrote what it saw, and Slurm ended the job on our scancel.
    const progress = JSON.parse(
      readFileSync(`${suite.tb.home}/dlg/workspace/${name}/surveyor-progress.json`, 'utf8'),
    ) as Record<string, unknown>;
    t.like(progress, { running_count: 1, drops: 2 });
    await untilTrue('sacct to say CANCELLED', () => sacctByName(name)[0]?.state === 'CANCELLED', 60_000);
  },
);
