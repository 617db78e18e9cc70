/**
 * Queue jobs (core/README.md, The queue). queued -> running (a claim, with a lease and a new fencing
 * token) -> succeeded | failed (retry scheduled: back to queued) | dead (attempts used up) |
 * cancelled. A running job whose lease expired is reclaimed: back to queued, or dead when it has no
 * attempts left.
 */
export const jobStates = ['queued', 'running', 'succeeded', 'failed', 'dead', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

/** Proof that a worker holds a job: every write about the job must present it. */
export interface Lease {
  readonly jobId: string;
  readonly token: number;
}

export interface ClaimedJob {
  readonly id: string;
  readonly kind: string;
  readonly payload: unknown;
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly idempotencyKey: string | null;
  readonly lease: Lease;
  readonly leaseExpiresAt: Date;
}

export interface EnqueueRequest {
  readonly kind: string;
  readonly payload: unknown;
  /** At most one live (queued or running) job per key: a second enqueue returns the first. */
  readonly idempotencyKey?: string;
  readonly runAt?: Date;
  readonly maxAttempts?: number;
  readonly priority?: number;
}

export interface RetryPolicy {
  readonly baseSeconds: number;
  readonly capSeconds: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseSeconds: 5, capSeconds: 900 };

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so retries of
 * many jobs that failed together spread out but none retries immediately. `fraction` is in [0, 1).
 */
export const backoffSeconds = (attempt: number, policy: RetryPolicy, fraction: number): number => {
  const exp = Math.min(policy.capSeconds, policy.baseSeconds * 2 ** Math.max(0, attempt - 1));
  return exp / 2 + (exp / 2) * fraction;
};

export class LeaseLostError extends Error {
  constructor(readonly lease: Lease) {
    super(`the lease on job ${lease.jobId} (token ${lease.token}) is no longer held`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Not a failure: the job cannot go on now (its run's profile is paused) and is given back
 * untouched, its attempt not counted, to be claimed again at `until`.
 */
export class DeferredJob extends Error {
  constructor(
    readonly until: Date,
    reason: string,
  ) {
    super(reason);
    this.name = 'DeferredJob';
  }
}

/** What a run talks to besides the database (the names of `dependency_down`'s dependencies). */
export type Peer = 'archive' | 'translator' | 'island_manager' | 'login_node';

/**
 * The site refused a submission for one of its limits (jobs per user or QOS, an association's):
 * not a failure of the run, which waits for room in the site's queue (domain/siteLimit.ts).
 * `accountJobs`: the account's jobs the site held when it refused.
 */
export class SiteLimited extends Error {
  constructor(
    readonly reason: string,
    readonly accountJobs: number,
  ) {
    super(`the site refused the job for one of its limits: ${reason}`);
    this.name = 'SiteLimited';
  }
}

/**
 * A peer a job needs did not answer, or answered that it cannot now: trying later may cure it.
 * Adapters throw their own kinds of it (`ArchiveUnavailable`, `DlgUnreachable`, `SshUnavailable`).
 */
export class PeerUnavailable extends Error {
  constructor(
    readonly peer: Peer,
    message: string,
  ) {
    super(message);
    this.name = 'PeerUnavailable';
  }
}

/** A failure that retrying cannot fix (bad payload, refused input): the job goes straight to dead. */
export class PermanentJobError extends Error {
  /**
   * @param remoteEnded the backend confirmed that nothing of this attempt runs there any more (for
   *   example a deploy it refused, after which the session was removed), so a retry may follow.
   */
  constructor(
    message: string,
    readonly remoteEnded = false,
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
