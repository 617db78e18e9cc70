// DALiuGE across two compute nodes in one Slurm job: parallelPi allocated two nodes, each node
// manager running its share of the session, and a node lost mid-job: NODE_FAIL, the execution failed
// naming the node and Slurm's reason, no second job, the other node freed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { translatedDrops } from '../support/api.js';
import { executionStatus } from '../support/executionStatus.js';
import {
  sacctFieldsByName,
  sacctSettled,
  schedulerCalls,
  slurmLocal,
  slurmNodes,
  slurmTestbedCommand,
  testbedDeployment,
  untilTrue,
} from '../support/slurm.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { addUpstreamGraphs } from '../support/upstreamGraphs.js';

const ids = ['HIPASSJ2300-01', 'HIPASSJ2301-01'];
let suite: SlurmSuite;

test.before(async () => {
  suite = await startSlurmSuite(ids, (g) =>
    yamlWithGraph('HelloWorld-simple.graph', g.sha['HelloWorld-simple.graph']!, ' []'),
  );
  addUpstreamGraphs(suite.graphs, ['parallelPi.graph']);
  const r = await suite.api.call('POST', '/deployment-profiles', {
    token: suite.p.adminToken,
    body: {
      name: 'slurm-two-nodes',
      project_module: 'wallaby_hires',
      translation: { algo: 'metis', num_par: 2, num_islands: 1 },
      deployment: testbedDeployment(suite.tb, {
        num_nodes: 2,
        partition: 'wide',
        // What upstream's Slurm scripts run DALiuGE with: one task per node.
        exec_prefix: 'srun -l',
        stall_warn_minutes: 0,
      }),
    },
  });
  if (r.status !== 201) throw new Error(r.text);
});
test.after.always(async () => {
  // A test that failed half-way must not leave a node cut for the suites after it.
  slurmTestbedCommand('heal-node', '2');
  await suite?.stop();
});

const { untilState } = executionStatus(
  () => suite.api,
  () => suite.p.token,
  150_000,
);
const useGraph = (path: string, patches: string) => suite.useGraph(path, patches);
const twoNodes = { deployment_profile_name: 'slurm-two-nodes' };

test.serial(
  'parallelPi across two nodes: sacct allocates 2, each node manager runs drops of the session, it completes',
  async (t) => {
    await useGraph(
      'parallelPi.graph',
      '\n  - match: { kind: node_name, equals: Scatter PI generation }\n    set: { num_of_copies: 4 }' +
        '\n  - match: { kind: node_name, equals: Gather results }\n    set: { num_of_inputs: 4 }' +
        '\n  - match: { kind: node_name, equals: generate_start_digits }\n    set: { n_split: 4 }',
    );
    const id = await suite.p.execute(ids[0]!, { do_stage: false }, twoNodes);
    const name = `surveyor-${id}-a1`;
    const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
    t.is(e.state, 'completed', String(e['error']));
    t.like(e.run_record['outputs'], { required: true, checked: true, incomplete_count: 0 });
    await sacctSettled(name);
    const [row] = sacctFieldsByName(name, ['State', 'AllocNodes', 'NodeList']);
    t.deepEqual(row, ['COMPLETED', '2', '198.18.10.[11-12]']);
    // The translator made two partitions, and start_dlg_cluster mapped one onto each node.
    const translated = await translatedDrops(suite.api, id);
    t.is(new Set(translated.map((d) => d['node'])).size, 2);
    // Each node's managers log under <log_dir>/<job>/<node address>/; each node manager ran drops of this session.
    const logDir = `${suite.tb.home}/dlg/log/${name}`;
    t.deepEqual(
      readdirSync(logDir)
        .filter((f) => /^\d+\.\d+\.\d+\.\d+$/.test(f))
        .sort(),
      slurmNodes(suite.tb),
    );
    let created = 0;
    for (const node of slurmNodes(suite.tb)) {
      // dlgNM.<hostname>.log: the node manager's own log.
      const nm = readdirSync(join(logDir, node)).find((f) => /^dlgNM\..+\.log$/.test(f));
      t.truthy(nm, `a node manager log on ${node}`);
      const log = readFileSync(join(logDir, node, nm!), 'utf8');
      t.true(log.includes(`Created session ${name}`), `the node manager on ${node} made the session`);
      const n = Number(/(\d+) drops successfully created/.exec(log)?.[1] ?? 0);
      t.true(n > 0, `the node manager on ${node} created drops of the session`);
      created += n;
    }
    t.is(created, translated.length, 'every drop on one of the two');
  },
);

test.serial(
  'a compute node lost mid-job: NODE_FAIL, the execution fails naming the node, no second job, the other node is freed',
  async (t) => {
    t.timeout(330_000);
    await useGraph('BashCommand.graph', bashCommand('sleep 600'));
    const id = await suite.p.execute(ids[1]!, { do_stage: false }, twoNodes);
    const name = `surveyor-${id}-a1`;
    // Wait until the session runs its application (the helper's progress file says so).
    const progress = `${suite.tb.home}/dlg/workspace/${name}/surveyor-progress.json`;
    await untilTrue(
      'the session to run its application',
      () => existsSync(progress) && /"running_count": ?1/.test(readFileSync(progress, 'utf8')),
      120_000,
    );
    const cutAt = Date.now();
    slurmTestbedCommand('cut-node', '2');
    const e = await untilState(t, id, ['completed', 'failed', 'cancelled'], 150_000);
    const took = (Date.now() - cutAt) / 1000;
    t.is(e.state, 'failed');
    t.regex(
      String(e['error']),
      /^Slurm ended the job NODE_FAIL.* on nodes 198\.18\.10\.\[11-12\]; node 198\.18\.10\.12 is down\S* \(Not responding\)/,
      'the reason names the lost node and why Slurm holds it down',
    );
    t.true(took < 120, `failed ${took} s after the cut`);
    t.log(`failed ${took.toFixed(1)} s after the cut: ${String(e['error'])}`);
    slurmTestbedCommand('heal-node', '2');
    // Exactly one job; Slurm did not put it back in the queue; the first node is free again.
    const jobs = await sacctSettled(name);
    t.is(jobs.length, 1);
    t.is(schedulerCalls(suite.tb).filter((c) => c.startsWith('sbatch') && c.includes(name)).length, 1);
    await untilTrue(
      'the first node to be idle',
      () =>
        slurmLocal('sinfo', ['-h', '-N', '-p', 'debug', '-n', '198.18.10.11', '-o', '%T']).trim() === 'idle',
      60_000,
    );
    // Slurm takes a DOWN node back when a ping reaches it again: 90 s after the heal was seen once.
    await untilTrue(
      'the lost node to return',
      () =>
        /^(idle|mixed|allocated)$/.test(
          slurmLocal('sinfo', ['-h', '-N', '-p', 'wide', '-n', '198.18.10.12', '-o', '%T']).trim(),
        ),
      180_000,
    );
  },
);
