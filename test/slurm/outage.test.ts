// A login node whose sshd is down while a run submits, against the real Slurm testbed (its sshd
// killed with its connections and started again after 25 s): past the queue's retries the run
// waits in `submitting` (told once, `execution.waiting_on_outage`, its status naming the login
// node), nothing of it reaches Slurm meanwhile, and once sshd is back the run looks its job up by
// name, submits it once and completes, in the same attempt.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { yamlWithGraph } from '../support/daliuge.js';
import { eventKinds, executionStatus } from '../support/executionStatus.js';
import { sacctFieldsByName, sacctSettled } from '../support/slurm.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { until } from '../support/until.js';

const ids = ['HIPASSJ1338-20'];
let suite: SlurmSuite | undefined;

test.before(async () => {
  suite = await startSlurmSuite(
    ids,
    (g) => yamlWithGraph('HelloWorld-simple.graph', g.sha['HelloWorld-simple.graph']!, ' []'),
    {
      // The queue's five tries over a few seconds, then the wait, looked at every 2 s.
      SERVICE_JOB_RETRY_BASE_SECONDS: '1',
      SERVICE_JOB_RETRY_CAP_SECONDS: '2',
      SERVICE_OUTAGE_WAIT_MINUTES: '10',
      SERVICE_OUTAGE_RECHECK_SECONDS: '2',
    },
  );
});
test.after.always(async () => {
  await suite?.stop();
});

test('a run waits through a login node whose sshd is down, then submits its job once', async (t) => {
  const { api, p } = suite!;
  const { untilState } = executionStatus(
    () => api,
    () => p.token,
    150_000,
  );
  const sshdBack = promisify(execFile)(
    join(process.cwd(), 'scripts', 'testbed', 'slurm'),
    ['restart-sshd', '25'],
    {
      timeout: 90_000,
    },
  );
  // sshd is killed at once; the run starts meanwhile.
  await new Promise((r) => setTimeout(r, 1000));
  const id = await p.execute(ids[0]!, { do_stage: false });
  const name = `surveyor-${id}-a1`;
  await until(
    'the run to wait for the login node',
    async () => (await eventKinds(api, id)).includes('execution.waiting_on_outage'),
    60_000,
  );
  const held = (await api.call('GET', `/executions/${id}/status`, { token: p.token })).body as {
    state: string;
    blocked_by: string[];
  };
  t.is(held.state, 'submitting');
  t.true(
    held.blocked_by.some((b) => /^the login node of profile \S+ has not answered since /.test(b)),
    held.blocked_by.join('\n'),
  );
  t.deepEqual(sacctFieldsByName(name, ['JobID']), [], 'nothing reached Slurm while it waited');
  await sshdBack;
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
  t.is(e.state, 'completed', String(e['error']));
  t.is(e['attempt'], 1);
  await sacctSettled(name);
  t.deepEqual(
    sacctFieldsByName(name, ['State']).map(([s]) => s),
    ['COMPLETED'],
    'one job',
  );
  const kinds = await eventKinds(api, id);
  t.is(kinds.filter((k) => k === 'execution.waiting_on_outage').length, 1);
  t.is(kinds.filter((k) => k === 'execution.submitted').length, 1);
});
