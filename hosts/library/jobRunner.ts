import {
  backoffSeconds,
  LeaseLostError,
  PermanentJobError,
  type RetryPolicy,
} from '../../core/domain/job.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { JobHandler } from '../../core/ports/JobHandler.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { Random } from '../../core/ports/Random.js';
import { jobWork } from '../shared/jobWork.js';

/** A job that failed, as the harness saw it. */
export interface JobFailure {
  readonly jobId: string;
  readonly kind: string;
  readonly attempt: number;
  readonly error: string;
  /** No retry follows (a permanent error, or the attempts are used up). */
  readonly final: boolean;
}

export interface JobRunnerSettings {
  readonly leaseSeconds: number;
  readonly retry: RetryPolicy;
  /** Jobs one `runDue` runs at most: a job that keeps enqueuing work due at once stops here. */
  readonly maxJobs: number;
}

/**
 * Runs due jobs one at a time in this process, with the worker's rules (leases, fencing, retry
 * with backoff, permanent failures), on a clock that moves only when told: the harness's worker.
 */
export const jobRunner = (
  deps: { queue: JobQueue; clock: Clock; random: Random; handlers: readonly JobHandler[] },
  s: JobRunnerSettings,
) => {
  const byKind = new Map(deps.handlers.map((h) => [h.kind, h]));
  const kinds = [...byKind.keys()];
  const failures: JobFailure[] = [];

  const runOne = async (): Promise<boolean> => {
    const [job] = await deps.queue.claim('harness', kinds, 1, s.leaseSeconds, deps.clock.now());
    if (!job) return false;
    const abort = new AbortController();
    const confirmLease = async () => {
      if (!(await deps.queue.renew(job.lease, s.leaseSeconds, deps.clock.now()))) {
        abort.abort(new LeaseLostError(job.lease));
        throw new LeaseLostError(job.lease);
      }
    };
    try {
      await jobWork(byKind, job)({ job, signal: abort.signal, confirmLease });
      await deps.queue.complete(job.lease, deps.clock.now());
    } catch (err) {
      if (err instanceof LeaseLostError) return true;
      const now = deps.clock.now();
      const permanent = err instanceof PermanentJobError;
      const retryAt = permanent
        ? null
        : new Date(now.getTime() + backoffSeconds(job.attempts, s.retry, deps.random.fraction()) * 1000);
      await deps.queue.fail(job.lease, err instanceof Error ? err.message : String(err), retryAt, now);
      failures.push({
        jobId: job.id,
        kind: job.kind,
        attempt: job.attempts,
        error: err instanceof Error ? err.message : String(err),
        final: permanent || job.attempts >= job.maxAttempts,
      });
    }
    return true;
  };

  return {
    failures: failures as readonly JobFailure[],
    /** Runs jobs until none is due now; returns how many ran. */
    async runDue(): Promise<number> {
      let n = 0;
      while (n < s.maxJobs && (await runOne())) n++;
      return n;
    },
  };
};
