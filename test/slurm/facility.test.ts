// A facility's rules on the real Slurm testbed (its eight facility nodes, a partition with MaxTime,
// an account with an allocation of CPU-minutes, a second user): a run that only waits its turn
// says so and completes; runs the site's rules will not start as they are (a wall time past the
// partition's MaxTime, an allocation used up) wait in the queue, their status saying why in
// Slurm's word and ours, and nothing fails on its own; a cancel ends them with one job each.
// (About a minute: most of it the second user's jobs holding every node.)
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import {
  facilityProfile as makeFacilityProfile,
  type SlurmSuite,
  startSlurmSuite,
} from '../support/slurmSuite.js';
import { sacctFieldsByName, sacctSettled, slurmTestbedCommand, untilTrue } from '../support/slurm.js';

const ids = ['HIPASSJ1303+07', 'HIPASSJ1318-21', 'HIPASSJ1321-31'];
let suite: SlurmSuite | undefined;
test.before(async () => {
  suite = await startSlurmSuite(ids, (g) =>
    yamlWithGraph('BashCommand.graph', g.sha['BashCommand.graph']!, bashCommand('sleep 2')),
  );
});
test.after.always(async () => {
  await suite?.stop();
});

const ended = ['completed', 'failed', 'cancelled'];
const blockers = async (id: string) =>
  (
    (await suite!.api.call('GET', `/executions/${id}/status`, { token: suite!.p.token })).body as {
      blocked_by: string[];
    }
  ).blocked_by;
const queueLine = async (id: string) =>
  (await blockers(id)).find((b) => b.startsWith('the batch queue keeps the job pending: '));
/** A profile on the facility's partition, with `over` on top. */
const facilityProfile = async (name: string, over: Record<string, unknown>) => {
  const r = await makeFacilityProfile(suite!, name, { job_duration_minutes: 5, ...over });
  if (r.status !== 201) throw new Error(r.text);
};

test.serial(
  "the other user's jobs hold every facility node: the run says Resources, then completes",
  async (t) => {
    const { api, p, tb } = suite!;
    t.is(tb.facility.nodes.length, 8, 'the facility has eight nodes');
    const { untilState } = executionStatus(
      () => api,
      () => p.token,
      180_000,
    );
    await facilityProfile('facility', {});
    slurmTestbedCommand('compete', String(tb.facility.nodes.length), '25');
    const id = await p.execute(ids[0]!, { do_stage: false }, { deployment_profile_name: 'facility' });
    await untilTrue(
      'the queue reason in the status',
      async () => (await queueLine(id)) !== undefined,
      60_000,
    );
    t.regex((await queueLine(id))!, /pending: (Resources|Priority) \(/);
    const e = await untilState(t, id, ended);
    t.is(e.state, 'completed', String(e['error']));
    t.is(await queueLine(id), undefined);
    t.deepEqual(
      (await sacctSettled(`surveyor-${id}-a1`)).map((j) => j.state),
      ['COMPLETED'],
    );
    // It ran on the facility's nodes, after the other user's.
    const node = sacctFieldsByName(`surveyor-${id}-a1`, ['NodeList'])[0]?.[0] ?? '';
    t.true(tb.facility.nodes.includes(node), node);
  },
);

for (const [source, what, over, reason, words] of [
  [
    ids[1]!,
    "a wall time past the partition's MaxTime",
    () => ({ job_duration_minutes: suite!.tb.facility.maxMinutes + 10 }),
    'PartitionTimeLimit',
    /longer than the partition's MaxTime: it will not start; lower job_duration_minutes/,
  ],
  [
    ids[2]!,
    'an account whose allocation of CPU-minutes the job would pass',
    () => ({
      account: suite!.tb.facility.allocAccount,
      job_duration_minutes: suite!.tb.facility.allocCpuMinutes,
    }),
    'AssocGrpCPUMinutesLimit',
    /allocation of minutes \(GrpTRESMins\) is used up: it starts when the site renews or raises it/,
  ],
] as const)
  test.serial(
    `${what} waits in the queue, saying it will not start as it is; a cancel ends it`,
    async (t) => {
      const { api, p } = suite!;
      const { untilState } = executionStatus(
        () => api,
        () => p.token,
        120_000,
      );
      const name = `facility-${reason}`;
      await facilityProfile(name, over());
      const id = await p.execute(source, { do_stage: false }, { deployment_profile_name: name });
      // Slurm may give another word first (PartitionConfig before PartitionTimeLimit): a new one is kept.
      await untilTrue(
        `${reason} in the status`,
        async () => (await queueLine(id))?.includes(`: ${reason} (`) === true,
        90_000,
      );
      const line = (await queueLine(id))!;
      t.true(line.startsWith(`the batch queue keeps the job pending: ${reason} (`), line);
      t.regex(line, words);
      const running = (await api.call('GET', `/executions/${id}`, { token: p.token })).body as {
        state: string;
        run_record: Record<string, unknown>;
      };
      t.is(running.state, 'running', 'it waits: nothing fails it');
      t.is(running.run_record['queue_reason'], reason);
      const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
      t.is(c.status, 202, c.text);
      t.is((await untilState(t, id, ended)).state, 'cancelled');
      t.deepEqual(
        // slurmdbd learns of the cancel a moment later: sacct may not list the job at once.
        (await sacctSettled(`surveyor-${id}-a1`)).map((j) => j.state),
        ['CANCELLED'],
      );
    },
  );
