// A poll round whose cancel cannot be sent yet (the backend refuses for now) still polls, records
// why, and sends the cancel again next round; a cancelling execution whose work the backend no
// longer knows ends cancelled.
import test from 'ava';
import type { Db } from '../../adapters/postgres/db.js';
import type { RemoteOutcome } from '../../core/domain/backendStates.js';
import type { DeploymentBackends } from '../../core/ports/DeploymentBackend.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import { runJob } from '../../core/usecases/run/runJob.js';
import { runExecution } from '../../core/usecases/run/runExecution.js';
import { runDeps, TYPES } from '../../hosts/composition/composition.js';
import { pollRound } from '../support/pollRound.js';
import { runContext } from '../support/runContext.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';

let api: TestApi;
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
});
test.after.always(async () => {
  await api?.close();
});

test('a refused cancel is retried next round; an unknown run that was cancelled ends cancelled', async (t) => {
  const p = await prepareProject(api, ['HIPASSJ0300MOCKHOLD']);
  const id = await p.execute('HIPASSJ0300MOCKHOLD', { do_stage: false });
  const queue = api.container.get<JobQueue>(TYPES.Queue);
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  const signal = new AbortController().signal;
  const [run] = await queue.claim('w', [runJob.name], 1, 60, new Date());
  await runExecution(
    runDeps(api.container),
    { execution_id: id, attempt: 1 },
    runContext(queue, run!.lease, signal),
  );
  t.is((await executions.get(id))!.state, 'running');
  const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
  t.is(c.status, 202, c.text);

  const real = runDeps(api.container).backends.get('rest_remote');
  let refuse = true;
  let remote: RemoteOutcome['kind'] = 'in_progress';
  const cancels: string[] = [];
  const backends: DeploymentBackends = {
    get: () => ({
      ...real,
      target: (pr) => real.target(pr),
      cancel: async (item) => {
        cancels.push(item.executionId);
        if (refuse) throw new Error('session is still deploying; the cancel is sent again next round');
      },
      poll: async (_target, items) =>
        new Map(
          items.map((i) => [
            i.executionId,
            remote === 'unknown'
              ? { kind: 'unknown', remoteState: 'unknown', reason: 'the island manager does not know it' }
              : { kind: 'in_progress', remoteState: 'running' },
          ]),
        ),
    }),
  };
  const round = () => pollRound(api, backends);

  const first = await round();
  t.is(first.r.polled, 1, 'the execution is still polled');
  let e = (await executions.get(id))!;
  t.is(e.state, 'cancelling');
  t.is(e.cancelSentAt, null, 'not recorded as sent');
  const db = api.container.get<Db>(TYPES.Db);
  const err = await db.one<{ last_error: string | null }>(
    'SELECT last_error FROM poll_targets WHERE target = $1',
    [first.target],
  );
  t.regex(err.last_error ?? '', /still deploying/);

  refuse = false;
  remote = 'unknown';
  await round();
  t.is(cancels.length, 2, 'sent again');
  e = (await executions.get(id))!;
  t.is(e.state, 'cancelled');
  t.is(e.runRecord['remote_terminal'], true);
});
