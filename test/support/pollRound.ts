// One poll round with a chosen backend and clock, and scriptedBackends, a backend the test scripts
// round by round.
import type { Clock } from '../../core/ports/Clock.js';
import type { DeploymentBackend, DeploymentBackends } from '../../core/ports/DeploymentBackend.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import { pollJob } from '../../core/usecases/poll/pollJob.js';
import { type PollJobPayload, pollTarget } from '../../core/usecases/poll/pollTarget.js';
import { pollDeps, TYPES } from '../../hosts/composition/composition.js';
import type { TestApi } from './api.js';

/**
 * One poll round as a worker runs it (claim the target's poll job, run it, complete it), with the
 * given backends and clock; queues the next round's job as the tick would.
 */
export const pollRound = async (api: TestApi, backends: DeploymentBackends, clock?: Clock) => {
  const queue = api.container.get<JobQueue>(TYPES.Queue);
  const [job] = await queue.claim('w', [pollJob.name], 1, 60, new Date());
  if (!job) throw new Error('no poll job is queued for the target');
  const payload = job.payload as PollJobPayload;
  const r = await pollTarget({ ...pollDeps(api.container), backends, ...(clock ? { clock } : {}) }, payload, {
    lease: job.lease,
    signal: new AbortController().signal,
  });
  await queue.complete(job.lease, new Date());
  await queue.enqueue(pollJob.request(payload), new Date());
  return { r, target: payload.target };
};

/**
 * The process's own backends of one kind with `poll` (and `cancel`, by default recorded and
 * successful) replaced by the test's: a backend whose answers the test scripts, round by round.
 * With `removeEnded`, it also deletes ended runs' records as that says (the mock keeps none).
 */
export const scriptedBackends = (
  api: TestApi,
  kind: 'rest_remote' | 'batch_remote',
  poll: DeploymentBackend['poll'],
  cancel?: DeploymentBackend['cancel'],
  removeEnded?: DeploymentBackend['removeEnded'],
): { backends: DeploymentBackends; cancels: string[] } => {
  const real = pollDeps(api.container).backends.get(kind);
  const cancels: string[] = [];
  const backend: DeploymentBackend = {
    ...real,
    target: (p) => real.target(p),
    poll,
    cancel: async (item, signal) => {
      cancels.push(item.executionId);
      await cancel?.(item, signal);
    },
    ...(removeEnded ? { removeEnded } : {}),
  };
  return { backends: { get: () => backend }, cancels };
};
