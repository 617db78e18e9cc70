// A site's limits are waits, not failures, on the real Slurm testbed: its QOS `capped` refuses a
// user's jobs past MaxSubmitJobsPerUser (sbatch: "QOSMaxSubmitJobPerUserLimit ... Job violates
// accounting/QOS policy"). Five runs go to a profile with that QOS, three slots: the refused ones
// wait, told once, no attempt spent, their status saying why, and submit as the poll rounds count
// room; every run completes, each with exactly one Slurm job.
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { eventsOfKind, executionStatus } from '../support/executionStatus.js';
import { sacctByName, schedulerCalls, testbedDeployment, untilTrue } from '../support/slurm.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';

const ids = ['HIPASSJ1303+07', 'HIPASSJ1318-21', 'HIPASSJ1321-31', 'HIPASSJ1324-30', 'HIPASSJ1337-29'];
let suite: SlurmSuite | undefined;
let api: SlurmSuite['api'];
let p: SlurmSuite['p'];
test.before(async () => {
  suite = await startSlurmSuite(ids, (g) =>
    yamlWithGraph('BashCommand.graph', g.sha['BashCommand.graph']!, bashCommand('sleep 4')),
  );
  ({ api, p } = suite);
});
test.after.always(async () => {
  await suite?.stop();
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
  300_000,
);
const events = (id: string, kind: string) => eventsOfKind(api, p.token, id, kind);

test.serial('runs past the QOS submit limit wait for room, then complete, one job each', async (t) => {
  t.timeout(360_000);
  const tb = suite!.tb;
  t.is(tb.capped.maxSubmit, 3, 'the testbed caps a user at three jobs in the QOS');
  const made = await api.call('POST', '/deployment-profiles', {
    token: p.adminToken,
    body: {
      name: 'capped',
      project_module: p.module,
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      deployment: testbedDeployment(tb, { qos: tb.capped.qos }),
    },
  });
  t.is(made.status, 201, made.text);
  const sbatchesBefore = schedulerCalls(tb).filter((c) => c.startsWith('sbatch')).length;
  const runs: string[] = [];
  for (const id of ids)
    runs.push(await p.execute(id, { do_stage: false }, { deployment_profile_name: 'capped' }));

  // Some wait, saying why, in submitting, with nothing spent.
  let waiting = '';
  await untilTrue(
    'a run waiting on the site limit',
    async () => {
      for (const id of runs)
        if ((await events(id, 'execution.waiting_on_site_limit')).length > 0) waiting = id;
      return waiting !== '';
    },
    120_000,
  );
  const status = (await api.call('GET', `/executions/${waiting}/status`, { token: p.token })).body as {
    state: string;
    blocked_by: string[];
  };
  if (status.state === 'submitting')
    t.true(
      status.blocked_by.some((b) =>
        /refused a job for one of its limits \(.*QOSMaxSubmitJobPerUserLimit/.test(b),
      ),
      JSON.stringify(status.blocked_by),
    );

  const ended = await Promise.all(runs.map((id) => untilState(t, id, ['completed', 'failed', 'cancelled'])));
  for (const e of ended) {
    t.is(e.state, 'completed', String(e['error']));
    t.is(e.attempt, 1, 'no attempt spent on a limit');
  }
  let waited = 0;
  for (const id of runs) {
    const told = await events(id, 'execution.waiting_on_site_limit');
    t.true(told.length <= 1, `told once: ${told.length}`);
    waited += told.length;
    t.is((await events(id, 'execution.failed')).length, 0);
    t.is(sacctByName(`surveyor-${id}-a1`).length, 1, `one Slurm job for ${id}`);
  }
  t.true(waited >= ids.length - tb.capped.maxSubmit, `${waited} runs waited`);
  // Waiting cost the login node few refusals: a try only when a round counted room.
  const sbatches = schedulerCalls(tb).filter((c) => c.startsWith('sbatch')).length - sbatchesBefore;
  t.log(`${waited} runs waited; ${sbatches} sbatch calls for ${ids.length} jobs`);
  t.true(sbatches <= ids.length + 2 * waited, `${sbatches} sbatch calls`);
});
