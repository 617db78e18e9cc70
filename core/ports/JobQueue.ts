import type { ClaimedJob, EnqueueRequest, Lease } from '../domain/job.js';

export interface QueueStats {
  readonly queued: number;
  readonly running: number;
  readonly dead: number;
  readonly oldestQueuedAgeSeconds: number;
}

export interface JobQueue {
  /** Adds a job, or returns the live job holding the same idempotency key. */
  enqueue(req: EnqueueRequest, now: Date): Promise<{ readonly id: string; readonly created: boolean }>;
  /** Claims up to `limit` due jobs of the given kinds for `workerId`; each gets a new fencing token. */
  claim(
    workerId: string,
    kinds: readonly string[],
    limit: number,
    leaseSeconds: number,
    now: Date,
  ): Promise<ClaimedJob[]>;
  /** Extends a lease; false when it is no longer held. */
  renew(lease: Lease, leaseSeconds: number, now: Date): Promise<boolean>;
  complete(lease: Lease, now: Date): Promise<boolean>;
  /**
   * Completes held jobs and claims up to `limit` more in one step (one round trip on PostgreSQL): a
   * busy worker records what finished and refills its slots at once. Returns the ids it completed
   * (a lease lost meanwhile is left out, and nothing is written for it), the jobs it claimed and,
   * when it claimed fewer than `limit`, the soonest `run_at` still ahead of `now` among queued jobs
   * of those kinds (null when there is none, or when it filled `limit`): an idle worker sleeps until
   * then, so a job due in the future (a poll round at its spacing, a retry) starts on time.
   */
  completeAndClaim(
    leases: readonly Lease[],
    workerId: string,
    kinds: readonly string[],
    limit: number,
    leaseSeconds: number,
    now: Date,
  ): Promise<{
    readonly completed: ReadonlySet<string>;
    readonly claimed: ClaimedJob[];
    readonly nextRunAt: Date | null;
  }>;
  /** Records a failure: retried at `retryAt`, or dead when `retryAt` is null. */
  fail(lease: Lease, error: string, retryAt: Date | null, now: Date): Promise<boolean>;
  /**
   * Gives a job back untouched (graceful shutdown, a deferred job): queued again, the attempt not
   * counted, due at `runAt` (default now).
   */
  release(lease: Lease, now: Date, runAt?: Date): Promise<boolean>;
  /** Requeues (or buries, when out of attempts) running jobs whose lease expired. Returns how many. */
  reclaimExpired(now: Date, retryAt: (attempts: number) => Date): Promise<{ requeued: number; dead: number }>;
  cancel(jobId: string, now: Date): Promise<boolean>;
  stats(now: Date): Promise<QueueStats>;
}
