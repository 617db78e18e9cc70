// A series of submissions to one login node polls it no more often than
// SERVICE_BATCH_POLL_MIN_SECONDS: each submission asks for a poll round, due no sooner than the
// minimum after the round last scheduled there (before, each one that came after a finished round
// started another at once). The testbed's wrappers log when each squeue of a round ran.
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { schedulerCallsAt, slurmLocal } from '../support/slurm.js';

const minSeconds = 6;
const ids = ['HIPASSJ1303+07', 'HIPASSJ1318-21', 'HIPASSJ1321-31', 'HIPASSJ1324-30'];
let suite: SlurmSuite | undefined;
const executions: string[] = [];

test.before(async () => {
  suite = await startSlurmSuite(
    ids,
    (g) => yamlWithGraph('BashCommand.graph', g.sha['BashCommand.graph']!, bashCommand('sleep 600')),
    { SERVICE_BATCH_POLL_MIN_SECONDS: String(minSeconds), SERVICE_WORKER_IDLE_POLL_SECONDS: '1' },
  );
});
test.after.always(async () => {
  // The runs sleep; nothing of them may outlive the suite on the shared testbed.
  for (const id of executions) slurmLocal('scancel', [`--name=surveyor-${id}-a1`]);
  await suite?.stop();
});

const { untilState } = executionStatus(
  () => suite!.api,
  () => suite!.p.token,
  120_000,
);

test.serial('four runs submitted 2 s apart: the login node is polled at most once per minimum', async (t) => {
  t.timeout(240_000);
  const { api, p, tb } = suite!;
  const since = Date.now() / 1000;
  // Submissions further apart than a round takes, closer than the minimum.
  for (const id of ids) {
    executions.push(await p.execute(id, { do_stage: false }));
    await new Promise((r) => setTimeout(r, 2000));
  }
  for (const id of executions) {
    const e = await untilState(t, id, ['running', 'failed', 'completed']);
    t.is(e.state, 'running', String(e['error']));
  }
  // A few more rounds of the tick's own after the submissions.
  await new Promise((r) => setTimeout(r, 3 * minSeconds * 1000));
  const rounds = schedulerCallsAt(tb)
    // A round's squeue lists the login user's jobs in the poll's format (a lookup names its job).
    .filter(
      (c) =>
        c.at >= since &&
        c.call.startsWith('squeue --noheader --user=') &&
        c.call.includes('%r|%N') &&
        !c.call.includes('--name='),
    )
    .map((c) => c.at);
  const submits = schedulerCallsAt(tb).filter((c) => c.at >= since && c.call.startsWith('sbatch')).length;
  t.is(submits, 4);
  const gaps = rounds.slice(1).map((at, i) => at - rounds[i]!);
  t.log(`${rounds.length} rounds; seconds between them: ${gaps.map((g) => g.toFixed(1)).join(', ')}`);
  t.true(rounds.length >= 3, `${rounds.length} rounds`);
  // A round starts when it is due, or later: a round that starts late counts from its start.
  // The slack is the start of a round up to a second after it was due, and the SSH round trip.
  for (const g of gaps)
    t.true(g >= minSeconds - 1.5, `rounds ${g.toFixed(1)} s apart (minimum ${minSeconds} s)`);
  for (const id of executions) {
    const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
    t.is(c.status, 202, c.text);
  }
  for (const id of executions)
    t.is((await untilState(t, id, ['cancelled', 'failed', 'completed'])).state, 'cancelled');
});
