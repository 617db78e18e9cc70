// Walltimes from history on the real Slurm testbed: a profile with job_duration_minutes: auto and
// no history gives its first run the fallback (1 minute); the run needs longer, Slurm stops it at
// its limit (sacct TIMEOUT), and the execution fails saying so. Retried, the attempt is estimated
// again from the profile's runs: twice the limit that was reached (sbatch --time 2 minutes, as
// sacct's Timelimit shows), and it completes. The graph's command sleeps long on its first run
// and briefly after (a marker file on the shared filesystem tells them apart), so the test does not
// hang on Slurm's time-limit check, which runs every 30 s or so.
// (About 2 minutes: most of it the first run reaching its limit.)
import { randomUUID } from 'node:crypto';
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { eventsOfKind, executionStatus } from '../support/executionStatus.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { sacctFieldsByName, sacctSettled, testbedDeployment } from '../support/slurm.js';

const ids = ['HIPASSJ1303+07'];
const marker = `/tmp/surveyor-walltime-${randomUUID()}`;
let suite: SlurmSuite | undefined;

test.before(async () => {
  suite = await startSlurmSuite(ids, (g) =>
    yamlWithGraph(
      'BashCommand.graph',
      g.sha['BashCommand.graph']!,
      bashCommand(`if [ -e ${marker} ]; then sleep 2; else touch ${marker}; sleep 600; fi`),
    ),
  );
});
test.after.always(async () => {
  await suite?.stop();
});

test.serial(
  'a run that reaches its wall time is told TIMEOUT; its retry is given twice as long',
  async (t) => {
    const { api, p, tb } = suite!;
    const { untilState } = executionStatus(
      () => api,
      () => p.token,
      240_000,
    );
    const events = (id: string, kind: string) => eventsOfKind(api, p.token, id, kind);
    const profile = await api.call('POST', '/deployment-profiles', {
      token: p.adminToken,
      body: {
        name: 'slurm-auto',
        project_module: p.module,
        translation: { algo: 'metis', num_par: 1, num_islands: 1 },
        deployment: testbedDeployment(tb, { job_duration_minutes: 'auto', job_duration_fallback_minutes: 1 }),
      },
    });
    t.is(profile.status, 201, profile.text);
    t.is(
      (profile.body as { deployment: { job_duration_minutes: unknown } }).deployment.job_duration_minutes,
      'auto',
    );

    const id = await p.execute(ids[0]!, { do_stage: false }, { deployment_profile_name: 'slurm-auto' });
    const first = await untilState(t, id, ['completed', 'failed', 'cancelled']);
    t.is(first.state, 'failed');
    t.regex(String(first['error']), /time limit \(TIMEOUT\)/);
    t.deepEqual(
      (await sacctSettled(`surveyor-${id}-a1`)).map((j) => j.state),
      ['TIMEOUT'],
    );
    const [estimated] = await events(id, 'execution.walltime_estimated');
    t.like(estimated?.payload, { attempt: 1, minutes: 1, from: 'fallback', sources: 1 });
    t.regex(String(estimated?.payload['basis']), /job_duration_fallback_minutes: 0 completed runs, 3 needed/);
    t.is(first.run_record['walltime'] && (first.run_record['walltime'] as { minutes: number }).minutes, 1);

    const r = await api.call('POST', `/executions/${id}/retry`, { token: p.token, body: {} });
    t.is(r.status, 202, r.text);
    const second = await untilState(t, id, ['completed', 'failed', 'cancelled']);
    t.is(second.state, 'completed', String(second['error']));
    const again = (await events(id, 'execution.walltime_estimated')).find((e) => e.payload['attempt'] === 2);
    t.like(again?.payload, { minutes: 2, from: 'history' });
    t.regex(String(again?.payload['basis']), /twice the 1 min a run of 1 source reached \(TIMEOUT\)/);
    await sacctSettled(`surveyor-${id}-a2`);
    t.deepEqual(sacctFieldsByName(`surveyor-${id}-a2`, ['State', 'Timelimit']), [['COMPLETED', '00:02:00']]);
    t.deepEqual(sacctFieldsByName(`surveyor-${id}-a1`, ['Timelimit']), [['00:01:00']]);
    // The usage answer shows what auto gives one source now, from both runs.
    const usage = await api.call('GET', `/projects/${p.module}/usage`, { token: p.token });
    const w = (usage.body as { walltimes: Record<string, unknown>[] }).walltimes.find(
      (x) => x['profile_name'] === 'slurm-auto',
    );
    t.like(w, {
      job_duration_minutes: 'auto',
      estimate_minutes: 2,
      from: 'history',
      completed_runs: 1,
      timed_out_runs: 1,
    });
  },
);
