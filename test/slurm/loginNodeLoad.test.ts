// What the service costs a login node, as its metrics say and as the login node itself counts it
// (sshd's accepted logins, the testbed's wrappers around squeue, sacct and sbatch): the two agree,
// a poll round is one squeue however many runs are in flight, and the pooled connection is opened
// once for the whole test (the login node sees at most one new connection a minute).
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { schedulerCalls, sshLogins } from '../support/slurm.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';

const ids = ['HIPASSJ1303+07', 'HIPASSJ1318-21', 'HIPASSJ1321-31'];
let suite: SlurmSuite | undefined;
let api: SlurmSuite['api'];
let p: SlurmSuite['p'];
let loginsBefore = 0;
let callsBefore = 0;
const startedAt = Date.now();
test.before(async () => {
  suite = await startSlurmSuite(
    ids,
    (g) => yamlWithGraph('BashCommand.graph', g.sha['BashCommand.graph']!, bashCommand('sleep 6')),
    // The pool keeps its connection for the whole test: the login node's sshd counts one login.
    { SERVICE_BATCH_SSH_IDLE_SECONDS: '600' },
  );
  ({ api, p } = suite);
  loginsBefore = sshLogins(suite.tb);
  callsBefore = schedulerCalls(suite.tb).length;
});
test.after.always(async () => {
  await suite?.stop();
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
  240_000,
);

/** A counter's value for this test's login node in the metrics a reader sees. */
const sample = (text: string, name: string, labels: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) && l.includes(labels))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);

test.serial('our count of connections and scheduler commands is the login node’s own', async (t) => {
  t.timeout(300_000);
  const tb = suite!.tb;
  const runs = [];
  for (const id of ids) runs.push(await p.execute(id, { do_stage: false }));
  for (const id of runs)
    t.is((await untilState(t, id, ['completed', 'failed', 'cancelled'])).state, 'completed');
  const metrics = (await api.call('GET', '/metrics', { token: p.token })).text;
  const node = `login_node="${tb.user}@[${tb.host}]:${tb.port}"`;
  const connections = sample(metrics, 'surveyor_ssh_connections_total', node);
  const logins = sshLogins(tb) - loginsBefore;
  t.is(connections, logins, 'our connections are the logins sshd accepted');
  const minutes = (Date.now() - startedAt) / 60_000;
  t.true(logins <= 1 + Math.floor(minutes), `${logins} logins in ${minutes.toFixed(1)} minutes`);

  const calls = schedulerCalls(tb).slice(callsBefore);
  const polls = sample(metrics, 'surveyor_ssh_commands_total', `${node},command="poll"`);
  const roundSqueues = calls.filter((c) => c.startsWith('squeue') && !c.includes('--name=')).length;
  t.is(polls, roundSqueues, 'each poll round is one squeue, whatever runs are in flight');
  t.is(sample(metrics, 'surveyor_ssh_commands_total', `${node},command="submit"`), ids.length);
  t.is(calls.filter((c) => c.startsWith('sbatch')).length, ids.length);
  t.true(sample(metrics, 'surveyor_ssh_bytes_total', `${node},direction="sent"`) > 0);
  t.log(
    `${logins} login(s), ${polls} poll rounds, ${calls.length} scheduler commands for ${ids.length} runs in ${minutes.toFixed(1)} min`,
  );
  // Without a token the API's port does not name login nodes.
  t.false((await api.call('GET', '/metrics')).text.includes('surveyor_ssh_'));
});
