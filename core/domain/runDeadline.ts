import { walltimeMinutes } from './walltime.js';
import type { Execution } from './executionRecord.js';

/** The project settings a run's deadline depends on (automation.execution). */
export interface DeadlinePolicy {
  readonly poll_interval_seconds: number;
  readonly poll_max_rounds: number;
  readonly max_queue_wait_minutes?: number;
}

/** What the last poll round knew about one execution's remote work. */
export type PollAnswer =
  /** The backend said where the work is. */
  | { readonly kind: 'answered' }
  /** The backend answered, but does not know the work (neither queue nor accounting lists it). */
  | { readonly kind: 'unknown' }
  /** The round got no answer at all; `lastAnsweredAt` is the last round that did (null: never). */
  | { readonly kind: 'no_answer'; readonly lastAnsweredAt: Date | null };

export interface Deadline {
  readonly at: Date;
  /** Why the run is over at `at`, in words (the execution's error). */
  readonly why: string;
}

/** When the remote work started running (left the batch queue), as the run record holds it. */
export const remoteStartedAt = (e: Execution): Date | null => {
  const v = e.runRecord['remote_started_at'];
  return typeof v === 'string' ? new Date(v) : null;
};

/**
 * A batch job's wall time is Slurm's to enforce; past it plus this margin (at least 10 minutes or
 * three poll intervals) the job has ended whether or not anyone saw it end.
 */
export const batchMarginSeconds = (policy: DeadlinePolicy): number =>
  Math.max(600, 3 * policy.poll_interval_seconds);

const plus = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);
const minutes = (s: number) => Math.round(s / 60);

/**
 * When a run in flight is over, and why. An island manager runs a graph as soon as it has it, so a
 * rest_remote run has poll_max_rounds × poll_interval_seconds from submission. A batch job first
 * waits in the cluster's queue, which is no fault: its clock starts when it starts (its wall time
 * plus a margin); the wait itself is capped only by max_queue_wait_minutes when a project sets
 * it. When the backend does not answer, the deadline is still kept: a job not seen starting is
 * given its wall time from the last round that saw it waiting, the latest it could have started.
 */
export const runDeadline = (e: Execution, policy: DeadlinePolicy, answer: PollAnswer): Deadline => {
  const submittedAt = e.submittedAt ?? e.updatedAt;
  const d = e.profileSnapshot.deployment;
  if (d.kind === 'rest_remote')
    return {
      at: plus(submittedAt, policy.poll_interval_seconds * policy.poll_max_rounds),
      why: `no end after poll_max_rounds (${policy.poll_max_rounds}) × poll_interval_seconds (${policy.poll_interval_seconds})`,
    };
  const wall = walltimeMinutes(e) ?? 0;
  const run = wall * 60 + batchMarginSeconds(policy);
  const runWhy = `${d.job_duration_minutes === 'auto' ? 'the estimated wall time' : 'job_duration_minutes'} (${wall}) plus a margin of ${minutes(batchMarginSeconds(policy))} min`;
  const started = remoteStartedAt(e);
  if (started)
    return { at: plus(started, run), why: `the job started ${started.toISOString()} and is past ${runWhy}` };
  const options: Deadline[] = [];
  if (policy.max_queue_wait_minutes !== undefined)
    options.push({
      at: plus(submittedAt, policy.max_queue_wait_minutes * 60),
      why: `the job waited in the batch queue longer than max_queue_wait_minutes (${policy.max_queue_wait_minutes})`,
    });
  if (answer.kind === 'unknown')
    options.push({
      at: plus(submittedAt, run),
      why: `the scheduler no longer knows the job, and ${runWhy} have passed since its submission`,
    });
  if (answer.kind === 'no_answer') {
    const seen =
      answer.lastAnsweredAt && answer.lastAnsweredAt > submittedAt ? answer.lastAnsweredAt : submittedAt;
    options.push({
      at: plus(seen, run),
      why: `the login node has not answered since ${seen.toISOString()}, and a job that started then would be past ${runWhy}`,
    });
  }
  // Waiting in the queue with nobody to say otherwise: the scheduler decides how long.
  if (options.length === 0)
    return { at: new Date(8.64e15), why: 'no deadline while the job waits in the queue' };
  return options.reduce((a, b) => (b.at < a.at ? b : a));
};
