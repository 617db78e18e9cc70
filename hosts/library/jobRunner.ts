import { LeaseLostError, type RetryPolicy } from '../../core/domain/job.js';
import { failureDecision, retryAt, trustedUntil } from '../../core/domain/jobLifecycle.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { JobHandler } from '../../core/ports/JobHandler.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { Random } from '../../core/ports/Random.js';
import { jobWork } from '../composition/jobWork.js';

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
 * Runs due jobs one at a time in this process, with the worker's rules (core/domain/jobLifecycle:
 * leases trusted until their last renewal less the margin, fencing, retry with backoff, permanent
 * failures, expired leases reclaimed with backoff), on a clock that moves only when told: the
 * harness's worker.
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
    let renewedAt = deps.clock.now();
    // The clock moves only when told: a lease past its trusted time is lost when next looked at.
    const trusted = () => deps.clock.now() <= trustedUntil(renewedAt, s.leaseSeconds);
    const confirmLease = async () => {
      const sentAt = deps.clock.now();
      if (!trusted() || !(await deps.queue.renew(job.lease, s.leaseSeconds, sentAt))) {
        abort.abort(new LeaseLostError(job.lease));
        throw new LeaseLostError(job.lease);
      }
      renewedAt = sentAt;
    };
    try {
      await jobWork(byKind, job)({ job, signal: abort.signal, confirmLease });
      if (!trusted()) throw new LeaseLostError(job.lease);
      await deps.queue.complete(job.lease, deps.clock.now());
    } catch (err) {
      if (err instanceof LeaseLostError) return true;
      const now = deps.clock.now();
      const f = failureDecision(err, job, s.retry, now, deps.random.fraction());
      if (f.deferUntil) {
        await deps.queue.release(job.lease, now, f.deferUntil);
        return true;
      }
      await deps.queue.fail(job.lease, f.message, f.retryAt, now);
      failures.push({
        jobId: job.id,
        kind: job.kind,
        attempt: job.attempts,
        error: f.message,
        final: f.final,
      });
    }
    return true;
  };

  return {
    failures: failures as readonly JobFailure[],
    /** Puts jobs whose lease expired back in the queue, due after the same backoff as a failure. */
    reclaim: (now: Date) =>
      deps.queue.reclaimExpired(now, (attempts) => retryAt(attempts, s.retry, now, deps.random.fraction())),
    /** Runs jobs until none is due now; returns how many ran. */
    async runDue(): Promise<number> {
      let n = 0;
      while (n < s.maxJobs && (await runOne())) n++;
      return n;
    },
  };
};
