// A worker whose lease was taken cannot commit anything about the execution: not a step, not an
// artifact, not an event. The worker that holds the lease now runs it to the end.
import test from 'ava';
import { LeaseLostError } from '../../core/domain/job.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import { runJob } from '../../core/usecases/run/runJob.js';
import { runExecution } from '../../core/usecases/run/runExecution.js';
import { runDeps, TYPES } from '../../hosts/composition/composition.js';
import { runContext } from '../support/runContext.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
  p = await prepareProject(api, ['HIPASSJ0100+01', 'HIPASSJ0101+01']);
});
test.after.always(async () => {
  await api?.close();
});

test.serial('a worker that lost its lease commits nothing; the new holder finishes the step', async (t) => {
  const id = await p.execute('HIPASSJ0100+01', { do_stage: true, do_submit: false });
  const queue = api.container.get<JobQueue>(TYPES.Queue);
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  const events = api.container.get<EventLog>(TYPES.Events);
  const t0 = new Date();

  const [a] = await queue.claim('worker-a', [runJob.name], 1, 5, t0);
  t.truthy(a);
  // Worker A goes silent; its lease expires and worker B takes the job with a new token.
  const later = new Date(t0.getTime() + 10_000);
  t.deepEqual(await queue.reclaimExpired(later, () => later), { requeued: 1, dead: 0 });
  const [b] = await queue.claim('worker-b', [runJob.name], 1, 60, later);
  t.is(b!.id, a!.id);
  t.true(b!.lease.token > a!.lease.token);

  const eventCount = async () =>
    (await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)).items.length;
  const before = await eventCount();
  const signal = new AbortController().signal;
  await t.throwsAsync(
    runExecution(
      runDeps(api.container),
      { execution_id: id, attempt: 1 },
      runContext(queue, a!.lease, signal),
    ),
    {
      instanceOf: LeaseLostError,
    },
  );
  t.is((await executions.get(id))!.state, 'queued', 'the stale worker did not move the execution');
  t.is(await eventCount(), before, 'nor wrote an event');
  t.is(
    await api.container
      .get<ArtifactStore>(TYPES.Artifacts)
      .saveArtifact(
        { executionId: id, attempt: 1, name: 'x', mediaType: 'text/plain', content: 'x', sha256: 'x' },
        a!.lease,
        new Date(),
      ),
    'lease_lost',
  );
  t.deepEqual(await api.container.get<ArtifactStore>(TYPES.Artifacts).artifacts(id), []);

  await runExecution(
    runDeps(api.container),
    { execution_id: id, attempt: 1 },
    runContext(queue, b!.lease, signal),
  );
  const done = (await executions.get(id))!;
  t.is(done.state, 'completed', done.error ?? '');
  t.deepEqual(
    (await api.container.get<ArtifactStore>(TYPES.Artifacts).artifacts(id)).map((x) => x.name).sort(),
    ['logical.graph', 'manifest.json', 'sources.json', 'staged.json'],
  );
});

test.serial('a worker that lost its lease just before submitting sends nothing to the backend', async (t) => {
  const id = await p.execute('HIPASSJ0101+01', { do_stage: false });
  const queue = api.container.get<JobQueue>(TYPES.Queue);
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  const t0 = new Date();
  const [a] = await queue.claim('worker-a', [runJob.name], 1, 5, t0);
  let b: Awaited<ReturnType<JobQueue['claim']>>[number] | undefined;
  let sent = 0;
  const real = runDeps(api.container);
  // The backend counts what passes its lease check: that is where the side effect would happen.
  const backends = (lose: boolean) => ({
    get: (kind: 'rest_remote' | 'batch_remote') => {
      const backend = real.backends.get(kind);
      return Object.assign(Object.create(backend) as typeof backend, {
        find: async (...args: Parameters<typeof backend.find>) => {
          if (lose && !b) {
            // Worker A stalls here (a long GC pause, a slow lookup); its lease runs out and B takes the job.
            const later = new Date(Date.now() + 10_000);
            await queue.reclaimExpired(later, () => later);
            [b] = await queue.claim('worker-b', [runJob.name], 1, 60, later);
          }
          return backend.find(...args);
        },
        submit: (req: Parameters<typeof backend.submit>[0], signal?: AbortSignal) =>
          backend.submit(
            {
              ...req,
              confirm: async () => {
                await req.confirm();
                sent++;
              },
            },
            signal,
          ),
      });
    },
  });
  await t.throwsAsync(
    runExecution(
      { ...real, backends: backends(true) },
      { execution_id: id, attempt: 1 },
      runContext(queue, a!.lease),
    ),
    { instanceOf: LeaseLostError },
  );
  t.is(sent, 0, 'the stale worker sent nothing');
  t.is((await executions.get(id))!.state, 'submitting');
  t.truthy(b);
  await runExecution(
    { ...real, backends: backends(false) },
    { execution_id: id, attempt: 1 },
    runContext(queue, b!.lease),
  );
  t.is(sent, 1);
  t.is((await executions.get(id))!.state, 'running');
});
