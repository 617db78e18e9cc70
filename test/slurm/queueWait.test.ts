// Waiting in a real Slurm queue is no fault. The testbed has one node and every job takes it whole
// (--exclusive), so a second job waits (PENDING, reason Resources) while the first runs. With
// poll_max_rounds × poll_interval_seconds = 5 s, the old deadline failed and scancel'ed both; now
// each job's clock starts when it starts, its queue wait is reported, and both complete. A project
// that caps the wait (max_queue_wait_minutes) has the waiting job cancelled in the queue (it never
// runs) and failed with the reason; a cancel then confirms its end, and a retry runs it once the
// node is free.
// (Cap test: about 80 s, most of it the one-minute cap.)
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { type Execution, executionStatus } from '../support/executionStatus.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { sacctByName, sacctSettled, sacctFieldsByName, untilTrue } from '../support/slurm.js';

let api: SlurmSuite['api'];
let p: SlurmSuite['p'];
let graphs: SlurmSuite['graphs'];
const ids = ['HIPASSJ1303+07', 'HIPASSJ1318-21', 'HIPASSJ1321-31', 'HIPASSJ1324-30'];

/** BashCommand running `command`, polled every second, 5 rounds, and `extra` automation settings. */
const config = (command: string, extra = '') =>
  yamlWithGraph('BashCommand.graph', graphs.sha['BashCommand.graph']!, bashCommand(command)).replace(
    'poll_max_rounds: 40',
    `poll_max_rounds: 5${extra}`,
  );

let suite: SlurmSuite | undefined;
test.before(async () => {
  suite = await startSlurmSuite(ids, (g) => {
    graphs = g;
    return config('sleep 20');
  });
  ({ api, p } = suite);
});
test.after.always(async () => {
  await suite?.stop();
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
  180_000,
);
const ended = ['completed', 'failed', 'cancelled'];
const event = async (id: string, kind: string) => {
  const r = await api.call('GET', `/executions/${id}/events?limit=200`, { token: p.token });
  return (r.body as { items: { kind: string; payload: Record<string, unknown> }[] }).items.find(
    (e) => e.kind === kind,
  );
};
/** sacct's Start of the job with this name ("None" for a job that never started). */
const slurmStart = (name: string) => sacctFieldsByName(name, ['Start'])[0]?.[0];
const untilSlurmSays = (name: string, state: string) =>
  untilTrue(`${name} ${state} in sacct`, () => sacctByName(name).some((j) => j.state === state), 60_000);

test.serial(
  'a job that waits for the node is not failed: both complete, and the wait is reported',
  async (t) => {
    const first = await p.execute(ids[0]!, { do_stage: false });
    await untilSlurmSays(`surveyor-${first}-a1`, 'RUNNING');
    const second = await p.execute(ids[1]!, { do_stage: false });
    await untilSlurmSays(`surveyor-${second}-a1`, 'PENDING');
    // Its status says why it waits, in Slurm's word and ours, from the poll's squeue.
    const blockers = async () =>
      (
        (await api.call('GET', `/executions/${second}/status`, { token: p.token })).body as {
          blocked_by: string[];
        }
      ).blocked_by;
    await untilTrue(
      'the status to name the queue reason',
      async () => (await blockers()).some((b) => /^the batch queue keeps the job pending: /.test(b)),
      60_000,
    );
    const said = (await blockers()).find((b) => b.startsWith('the batch queue'));
    t.regex(
      said ?? '',
      /pending: (Resources \(waiting for nodes to become free\)|Priority \(jobs of higher priority are ahead of it\))$/,
    );
    const [a, b] = await Promise.all([untilState(t, first, ended), untilState(t, second, ended)]);
    t.is(a.state, 'completed', String(a['error']));
    t.is(b.state, 'completed', String(b['error']));
    t.false(
      (await blockers()).some((x) => x.startsWith('the batch queue')),
      'a job that left the queue has no queue reason',
    );
    t.is(b.run_record['queue_reason'], undefined);
    const wait = (e: Execution) => e.run_record['queue_wait_seconds'] as number;
    t.true(wait(b) >= 10, `the second job waited ${wait(b)} s for the node`);
    t.true(wait(a) < wait(b), `the first job waited ${wait(a)} s`);
    t.is((await event(second, 'execution.remote_started'))?.payload['queue_wait_seconds'], wait(b));
    const summary = await api.call('GET', `/executions/${second}/summary`, { token: p.token });
    const remoteQueue = (summary.body as { durations_seconds: { remote_queue: number } }).durations_seconds
      .remote_queue;
    t.true(Math.abs(remoteQueue - wait(b)) < 3, `summary says ${remoteQueue} s`);
    // Slurm ran each once, to the end: nothing was scancel'ed.
    t.deepEqual(
      (await sacctSettled(`surveyor-${second}-a1`)).map((j) => j.state),
      ['COMPLETED'],
    );
  },
);

test.serial(
  'max_queue_wait_minutes cancels a job in the queue; a cancel settles it; a retry runs it',
  async (t) => {
    // The running job's configuration has no cap; the waiting one's has (each pins its own).
    await api.uploadConfig(config('sleep 75'), p.adminToken);
    const first = await p.execute(ids[2]!, { do_stage: false });
    await untilSlurmSays(`surveyor-${first}-a1`, 'RUNNING');
    await api.uploadConfig(config('sleep 1', '\n    max_queue_wait_minutes: 1'), p.adminToken);
    const waiting = await p.execute(ids[3]!, { do_stage: false });
    const name = `surveyor-${waiting}-a1`;
    await untilSlurmSays(name, 'PENDING');
    const e = await untilState(t, waiting, ended, 120_000);
    t.is(e.state, 'failed');
    t.regex(String(e['error']), /waited in the batch queue longer than max_queue_wait_minutes \(1\)/);
    await untilSlurmSays(name, 'CANCELLED');
    // It never ran: cancelled while pending, so it has no start time.
    t.is(slurmStart(name), 'None');
    t.is((await untilState(t, first, ended)).state, 'completed', 'the running job was left alone');

    // Failed by a deadline, its end unconfirmed by a poll: a cancel settles it (Slurm says CANCELLED).
    t.is(e.run_record['remote_terminal'], false);
    const c = await api.call('POST', `/executions/${waiting}/cancel`, { token: p.token, body: {} });
    t.is(c.status, 202, c.text);
    await untilTrue(
      'the settle job to confirm the end',
      async () => (await untilState(t, waiting, ended)).run_record['remote_terminal'] === true,
      30_000,
    );
    t.regex(String((await event(waiting, 'execution.attempt_settled'))?.payload['how']), /ended cancelled/);
    const r = await api.call('POST', `/executions/${waiting}/retry`, { token: p.token, body: {} });
    t.is(r.status, 202, r.text);
    const again = await untilState(t, waiting, ended);
    t.is(again.state, 'completed', String(again['error']));
    t.deepEqual(
      (await sacctSettled(`surveyor-${waiting}-a2`)).map((j) => j.state),
      ['COMPLETED'],
    );
    t.deepEqual(
      sacctByName(name).map((j) => j.state),
      ['CANCELLED'],
      'the first attempt stays cancelled',
    );
  },
);
