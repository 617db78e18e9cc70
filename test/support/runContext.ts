import { LeaseLostError, type Lease } from '../../core/domain/job.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { RunContext } from '../../core/usecases/run/attempt.js';

/** What the worker's consumer hands a run job: the lease, a signal, and the fenced lease check. */
export const runContext = (
  queue: JobQueue,
  lease: Lease,
  signal: AbortSignal = new AbortController().signal,
  lastAttempt = false,
): RunContext => ({
  lease,
  signal,
  lastAttempt,
  confirmLease: async () => {
    if (!(await queue.renew(lease, 60, new Date()))) throw new LeaseLostError(lease);
  },
});
