// A retry after an attempt whose end the backend never confirmed (the backend accepted it, then the
// connection dropped) must settle that attempt first: look it up by name, cancel it, wait for its
// end. Only then may the new attempt reach the backend: the work never runs twice. A cancel of such
// a failed execution stops that work without a retry.
import test from 'ava';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { RemoteOutcome } from '../../core/domain/backendStates.js';
import type {
  DeploymentBackend,
  PollItem,
  SubmitRequest,
  Submission,
} from '../../core/ports/DeploymentBackend.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import { runJob } from '../../core/usecases/run/runJob.js';
import { settleJob } from '../../core/usecases/run/settleJob.js';
import { settleEnded } from '../../core/usecases/run/settleEnded.js';
import { runExecution } from '../../core/usecases/run/runExecution.js';
import { runDeps, TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';
import { runContext } from '../support/runContext.js';

/** A backend that remembers what it accepted by name, like a DIM or Slurm does. */
class RememberingBackend implements DeploymentBackend {
  readonly kind = 'rest_remote' as const;
  readonly needsMapping = false;
  readonly work = new Map<string, 'running' | 'cancelled'>();
  dropConnectionAfterAccepting = false;
  target(): string {
    return 'remembering';
  }
  private sub(name: string): Submission {
    return { schedulerJobId: name, runRecord: { name }, debug: {} };
  }
  async find(_p: DeploymentProfile, name: string) {
    return this.work.has(name) ? this.sub(name) : null;
  }
  async submit(req: SubmitRequest) {
    await req.confirm();
    this.work.set(req.externalName, 'running');
    if (this.dropConnectionAfterAccepting) throw new Error('socket hang up');
    return this.sub(req.externalName);
  }
  async poll(_t: string, items: readonly PollItem[]) {
    const out = new Map<string, RemoteOutcome>();
    for (const i of items) {
      const s = this.work.get(i.schedulerJobId);
      out.set(
        i.executionId,
        s === undefined
          ? { kind: 'unknown', remoteState: 'unknown', reason: 'not here' }
          : s === 'running'
            ? { kind: 'in_progress', remoteState: 'running' }
            : { kind: 'cancelled', remoteState: 'cancelled' },
      );
    }
    return out;
  }
  cancelled: string[] = [];
  async cancel(i: PollItem) {
    this.cancelled.push(i.schedulerJobId);
  }
  async ping() {
    return [];
  }
}

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
  p = await prepareProject(api, ['HIPASSJ0200+01', 'HIPASSJ0201+01', 'HIPASSJ0202+01']);
});
test.after.always(async () => {
  await api?.close();
});

test.serial(
  'retry after an unconfirmed submission cancels the earlier attempt and waits for its end',
  async (t) => {
    const id = await p.execute('HIPASSJ0200+01', { do_stage: false });
    const queue = api.container.get<JobQueue>(TYPES.Queue);
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const backend = new RememberingBackend();
    const deps = { ...runDeps(api.container), backends: { get: () => backend } };

    // Attempt 1: the backend takes the work, the answer is lost, and it was the job's last try.
    backend.dropConnectionAfterAccepting = true;
    const [a1] = await queue.claim('w', [runJob.name], 1, 60, new Date());
    await runExecution(deps, { execution_id: id, attempt: 1 }, runContext(queue, a1!.lease, undefined, true));
    const failed = (await executions.get(id))!;
    t.is(failed.state, 'failed');
    t.is(failed.runRecord['remote_terminal'], false);
    backend.dropConnectionAfterAccepting = false;

    const retry = await api.call('POST', `/executions/${id}/retry`, { token: p.token, body: {} });
    t.is(retry.status, 202, retry.text);
    const name1 = `surveyor-${id}-a1`;
    const name2 = `surveyor-${id}-a2`;
    t.is((retry.body as { state: string }).state, 'queued', 'admitted again at once');

    // Attempt 2's run finds attempt 1 still running: it asks to cancel it and waits (a retried error).
    const [j2] = await queue.claim('w', [runJob.name], 1, 60, new Date());
    if (!j2) throw new Error('attempt 2 was never queued');
    await t.throwsAsync(runExecution(deps, { execution_id: id, attempt: 2 }, runContext(queue, j2.lease)), {
      message: /attempt 1 \(surveyor-.*-a1\) still runs on the backend; it was asked to cancel/,
    });
    t.deepEqual(backend.cancelled, [name1]);
    t.false(backend.work.has(name2), 'attempt 2 did not reach the backend while attempt 1 ran');
    t.is((await executions.get(id))!.state, 'queued');

    t.deepEqual(
      (await executions.get(id))!.runRecord['unsettled_attempts'],
      [{ attempt: 1, external_name: name1, scheduler_job_id: name1, submission: { name: name1 } }],
      'what the lookup found is kept for the next look',
    );

    // The backend confirms the cancel; the next try settles attempt 1 and submits attempt 2.
    backend.work.set(name1, 'cancelled');
    await runExecution(deps, { execution_id: id, attempt: 2 }, runContext(queue, j2.lease));
    const e = (await executions.get(id))!;
    t.is(e.state, 'running', e.error ?? '');
    t.is(e.schedulerJobId, name2);
    t.deepEqual([...backend.work.keys()], [name1, name2]);
    const events = await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null);
    const settled = events.items.filter((x) => x.kind === 'execution.attempt_settled');
    t.is(settled.length, 1);
    t.regex(JSON.stringify(settled[0]!.payload), /ended cancelled/);
  },
);

test.serial('cancelling a retry that is still settling keeps the remote end unconfirmed', async (t) => {
  const id = await p.execute('HIPASSJ0201+01', { do_stage: false });
  const queue = api.container.get<JobQueue>(TYPES.Queue);
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  const backend = new RememberingBackend();
  backend.dropConnectionAfterAccepting = true;
  const deps = { ...runDeps(api.container), backends: { get: () => backend } };
  const [a1] = await queue.claim('w', [runJob.name], 1, 60, new Date());
  await runExecution(deps, { execution_id: id, attempt: 1 }, runContext(queue, a1!.lease, undefined, true));
  t.is((await api.call('POST', `/executions/${id}/retry`, { token: p.token, body: {} })).status, 202);
  const cancel = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
  t.is(cancel.status, 202, cancel.text);
  const e = (await executions.get(id))!;
  t.is(e.state, 'cancelled');
  t.is(e.runRecord['remote_terminal'], false, 'attempt 1 may still run');
  t.is((await api.call('POST', `/executions/${id}/retry`, { token: p.token, body: {} })).status, 202);
  t.deepEqual(
    ((await executions.get(id))!.runRecord['unsettled_attempts'] as { attempt: number }[]).map(
      (u) => u.attempt,
    ),
    [1],
    'the next retry still settles attempt 1 first',
  );
});

test.serial('a cancel of a failed execution whose work may still run stops that work', async (t) => {
  const queue = api.container.get<JobQueue>(TYPES.Queue);
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  const backend = new RememberingBackend();
  const deps = { ...runDeps(api.container), backends: { get: () => backend } };
  const id = await p.execute('HIPASSJ0202+01', { do_stage: false });
  backend.dropConnectionAfterAccepting = true;
  const [a1] = await queue.claim('w', [runJob.name], 1, 60, new Date());
  await runExecution(deps, { execution_id: id, attempt: 1 }, runContext(queue, a1!.lease, undefined, true));
  t.is((await executions.get(id))!.state, 'failed');
  const name = `surveyor-${id}-a1`;

  const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
  t.is(c.status, 202, c.text);
  t.is((c.body as { state: string }).state, 'failed', 'it stays failed: only its remote work is stopped');
  const [job] = await queue.claim('w', [settleJob.name], 1, 60, new Date());
  if (!job) throw new Error('no settle job was queued');
  const ctx = { lease: job.lease, signal: new AbortController().signal };
  // Still running there: cancel sent, and the job looks again later.
  await t.throwsAsync(settleEnded(deps, { execution_id: id, attempt: 1 }, ctx), {
    message: /attempt 1 \(surveyor-.*-a1\) still runs on the backend; it was asked to cancel/,
  });
  t.deepEqual(backend.cancelled, [name]);
  t.is((await executions.get(id))!.runRecord['remote_terminal'], false);
  backend.work.set(name, 'cancelled');
  t.deepEqual(await settleEnded(deps, { execution_id: id, attempt: 1 }, ctx), { settled: 1, remaining: 0 });
  const e = (await executions.get(id))!;
  t.is(e.runRecord['remote_terminal'], true);
  t.is(e.state, 'failed');
  // Settled: a second cancel has nothing to do, and a retry has nothing to settle first.
  t.is((await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} })).status, 409);
  t.is((await api.call('POST', `/executions/${id}/retry`, { token: p.token, body: {} })).status, 202);
  t.is((await executions.get(id))!.runRecord['unsettled_attempts'], undefined);
});
