import { backoffSeconds, type ClaimedJob, DeferredJob, PermanentJobError, type RetryPolicy } from './job.js';

/**
 * The rules of a queue job's life, the same for every runner (the worker's consumer and the
 * library's harness): when a lease is renewed and when expired ones are reaped, how long a lease
 * may be trusted after its last renewal, and what follows a failure.
 */
export interface LeaseTimings {
  /** A running job's lease is renewed this often: a third of the lease, so two renewals may fail. */
  readonly renewEveryMs: number;
  /** Expired leases are reaped this often: half the lease. */
  readonly reapEveryMs: number;
  /**
   * A lease is trusted until its last renewal plus the lease, less this margin for clock skew and
   * transit; past that another worker may have reclaimed the job, so the holder stops on its own.
   */
  readonly marginMs: number;
}

export const leaseTimings = (leaseSeconds: number): LeaseTimings => {
  const leaseMs = leaseSeconds * 1000;
  return {
    renewEveryMs: Math.max(1, leaseSeconds / 3) * 1000,
    reapEveryMs: Math.max(1, leaseSeconds / 2) * 1000,
    marginMs: Math.min(5000, leaseMs / 6),
  };
};

/** Until when a lease renewed (or claimed) at `renewedAt` may be trusted. */
export const trustedUntil = (renewedAt: Date, leaseSeconds: number): Date =>
  new Date(renewedAt.getTime() + leaseSeconds * 1000 - leaseTimings(leaseSeconds).marginMs);

/** When a job that failed (or whose lease lapsed) on its `attempts`th try runs again. */
export const retryAt = (attempts: number, policy: RetryPolicy, now: Date, fraction: number): Date =>
  new Date(now.getTime() + backoffSeconds(attempts, policy, fraction) * 1000);

export interface FailureDecision {
  readonly message: string;
  /**
   * Not a failure: the job is given back (`JobQueue.release`, the attempt not counted) to run again
   * then; `retryAt` is null and `final` false.
   */
  readonly deferUntil: Date | null;
  /** When it runs again; null for a permanent error (the queue then ends it dead). */
  readonly retryAt: Date | null;
  /** No retry follows: a permanent error, or the attempts are used up. */
  readonly final: boolean;
}

/** What a job's error means for it: given back until a time (deferred), retried after a backoff, or ended. */
export const failureDecision = (
  err: unknown,
  job: Pick<ClaimedJob, 'attempts' | 'maxAttempts'>,
  policy: RetryPolicy,
  now: Date,
  fraction: number,
): FailureDecision => {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof DeferredJob) return { message, deferUntil: err.until, retryAt: null, final: false };
  const permanent = err instanceof PermanentJobError;
  return {
    message,
    deferUntil: null,
    retryAt: permanent ? null : retryAt(job.attempts, policy, now, fraction),
    final: permanent || job.attempts >= job.maxAttempts,
  };
};
