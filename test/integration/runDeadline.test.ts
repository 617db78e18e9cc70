// Poll rounds keep a run's deadline honestly, with a clock that moves hours ahead: a batch job
// that waits in the cluster's queue for three hours is not failed (the old deadline counted the
// wait), its wait is reported when it starts, and its wall time plus a margin from the start is
// what ends it. A login node that stops answering neither strands the execution nor fails the
// round's job: the deadline is kept from the last round it answered.
import test from 'ava';
import type { RemoteOutcome } from '../../core/domain/backendStates.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { pollRound, scriptedBackends } from '../support/pollRound.js';
import { runThrough } from '../support/runThrough.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const ids = ['HIPASSJ0400', 'HIPASSJ0401', 'HIPASSJ0402', 'HIPASSJ0403', 'HIPASSJ0404'];
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
  p = await prepareProject(api, ids, undefined, {
    translation: {},
    deployment: {
      kind: 'batch_remote',
      login_node: 'hpc.example.org',
      account: 'astro',
      home_dir: '/home/astro',
      log_dir: '/scratch/astro/log',
      dlg_root: '/scratch/astro/dlg',
      job_duration_minutes: 30,
    },
  });
});
test.after.always(async () => {
  await api?.close();
});

/** A batch backend whose answer the test sets; it counts the cancels it is sent. */
const scripted = () => {
  const s = { answer: 'queued' as 'queued' | 'running' | 'down' };
  const down = () => {
    if (s.answer === 'down') throw new Error('connect ECONNREFUSED hpc.example.org:22');
  };
  const { backends, cancels } = scriptedBackends(
    api,
    'batch_remote',
    async (_target, items) => {
      down();
      return new Map(
        items.map((i): [string, RemoteOutcome] => [
          i.executionId,
          s.answer === 'queued'
            ? { kind: 'in_progress', remoteState: 'pending', queued: true }
            : { kind: 'in_progress', remoteState: 'running' },
        ]),
      );
    },
    async () => down(),
  );
  return { s, backends, cancels };
};

const at = (minutes: number) => ({ now: () => new Date(Date.now() + minutes * 60_000) });

test.serial(
  'a job that waits three hours in the queue is not failed; its wall time counts from its start',
  async (t) => {
    const id = await runThrough(api, p, ids[0]!, 'submitted');
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const { s, backends, cancels } = scripted();
    // Past poll_max_rounds × poll_interval_seconds (40 min), still waiting for nodes: no fault.
    await pollRound(api, backends, at(120));
    let e = (await executions.get(id))!;
    t.is(e.state, 'running', String(e.error));
    t.is(e.runRecord['remote_state'], 'pending');
    t.is(e.runRecord['remote_started_at'], undefined);

    s.answer = 'running';
    await pollRound(api, backends, at(180));
    e = (await executions.get(id))!;
    t.is(e.state, 'running');
    const wait = e.runRecord['queue_wait_seconds'] as number;
    t.true(Math.abs(wait - 180 * 60) < 30, `queue wait ${wait} s`);
    const events = await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 100, null);
    const started = events.items.find((ev) => ev.kind === 'execution.remote_started');
    t.is(started?.payload['queue_wait_seconds'], wait);

    // 30 min wall time + 10 min margin from the start.
    await pollRound(api, backends, at(218));
    t.is((await executions.get(id))!.state, 'running');
    t.deepEqual(cancels, []);
    await pollRound(api, backends, at(222));
    e = (await executions.get(id))!;
    t.is(e.state, 'failed');
    t.regex(
      e.error ?? '',
      /the job started .* past job_duration_minutes \(30\) plus a margin of 10 min; asked the backend to cancel/,
    );
    t.is(e.runRecord['remote_terminal'], false, 'nobody confirmed the job ended');
    t.deepEqual(cancels, [id]);
  },
);

test.serial(
  'a login node that stops answering: rounds end without retries, and the deadline is kept',
  async (t) => {
    const id = await runThrough(api, p, ids[1]!, 'submitted');
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const queue = api.container.get<JobQueue>(TYPES.Queue);
    const { s, backends } = scripted();
    await pollRound(api, backends, at(230)); // answered: the job waits in the queue
    s.answer = 'down';
    const down = await pollRound(api, backends, at(260));
    t.regex(down.r.error ?? '', /ECONNREFUSED/, 'the round says why');
    t.is((await executions.get(id))!.state, 'running', 'a job that started at 230 could still run until 270');
    t.is((await queue.stats(new Date())).dead, 0, 'no failed poll jobs pile up');
    await pollRound(api, backends, at(272));
    const e = (await executions.get(id))!;
    t.is(e.state, 'failed');
    t.regex(
      e.error ?? '',
      /login node has not answered since .*; the backend did not answer: connect ECONNREFUSED/,
    );
    t.is(e.runRecord['remote_terminal'], false);
    t.is((await queue.stats(new Date())).dead, 0);
  },
);

test.serial(
  'max_queue_wait_minutes fails a job still waiting, not one that starts in that round',
  async (t) => {
    await api.uploadConfig(
      manualWallabyYaml.replace('poll_max_rounds: 40', 'poll_max_rounds: 40\n    max_queue_wait_minutes: 60'),
      p.adminToken,
    );
    const starting = await runThrough(api, p, ids[2]!, 'submitted');
    const waiting = await runThrough(api, p, ids[3]!, 'submitted');
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const { backends } = scriptedBackends(
      api,
      'batch_remote',
      async (_target, items) =>
        new Map(
          items.map((i): [string, RemoteOutcome] => [
            i.executionId,
            i.executionId === starting
              ? { kind: 'in_progress', remoteState: 'running' }
              : { kind: 'in_progress', remoteState: 'pending', queued: true },
          ]),
        ),
    );
    await pollRound(api, backends, at(61));
    const s = (await executions.get(starting))!;
    t.is(s.state, 'running', String(s.error));
    t.truthy(s.runRecord['remote_started_at']);
    const w = (await executions.get(waiting))!;
    t.is(w.state, 'failed');
    t.regex(w.error ?? '', /waited in the batch queue longer than max_queue_wait_minutes \(60\)/);
  },
);

test.serial(
  'a job that ended in the queue, its end awaiting the accounting: not started, not failed by a deadline',
  async (t) => {
    const id = await runThrough(api, p, ids[4]!, 'submitted');
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    let answer: RemoteOutcome = { kind: 'in_progress', remoteState: 'pending', queued: true };
    const { backends, cancels } = scriptedBackends(
      api,
      'batch_remote',
      async (_target, items) => new Map(items.map((i): [string, RemoteOutcome] => [i.executionId, answer])),
    );
    await pollRound(api, backends, at(1));
    // Cancelled in the queue, sacct behind: past max_queue_wait_minutes (60), and still no fault.
    answer = {
      kind: 'in_progress',
      remoteState: 'cancelled (awaiting accounting: sacct still says PENDING)',
      ended: true,
    };
    await pollRound(api, backends, at(100));
    const e = (await executions.get(id))!;
    t.is(e.state, 'running', String(e.error));
    t.is(e.runRecord['remote_started_at'], undefined, 'a job that never left the queue did not start');
    t.deepEqual(cancels, []);
    const events = await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 100, null);
    t.false(events.items.some((ev) => ev.kind === 'execution.remote_started'));
  },
);
