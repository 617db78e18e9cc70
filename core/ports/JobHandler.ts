import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { ClaimedJob, EnqueueRequest } from '../domain/job.js';

export interface JobContext {
  readonly job: ClaimedJob;
  /** Aborted when the lease is lost or the worker must stop now: stop and write nothing more. */
  readonly signal: AbortSignal;
  /**
   * Renews the lease now, fenced in the database, and throws LeaseLostError when it is no longer
   * held (the job's signal is aborted too). Called right before an external side effect (sbatch, a
   * DIM session), so a worker that lost its job meanwhile sends nothing.
   */
  confirmLease(): Promise<void>;
}

/** The line a job's work leaves in the log (the application adds the job's id). */
export interface JobLine {
  readonly level: 'info' | 'warn' | 'debug';
  readonly message: string;
  readonly fields: object;
  /** Seconds of the named phases the work went through (a run's steps): what a host may measure. */
  readonly durations?: Readonly<Record<string, number>>;
}

/**
 * What a worker does with one kind of job. `prepare` decodes a payload with the kind's codec and
 * answers the work to run, or the decoding errors (the job then fails for good).
 */
export interface JobHandler {
  readonly kind: string;
  prepare(payload: unknown): E.Either<t.Errors, JobWork>;
}

/** A decoded job's work: what it leaves in the log, if anything. */
export type JobWork = (ctx: JobContext) => Promise<JobLine | undefined>;

const decoding = <P>(kind: string, codec: t.Decoder<unknown, P>, work: (p: P) => JobWork): JobHandler => ({
  kind,
  prepare: (payload) => E.map(work)(codec.decode(payload)),
});

/** A handler from a kind's name and codec and a function of its typed payload that logs for itself. */
export const jobHandler = <P>(
  kind: string,
  codec: t.Decoder<unknown, P>,
  handle: (payload: P, ctx: JobContext) => Promise<void>,
): JobHandler =>
  decoding(kind, codec, (p) => async (ctx) => {
    await handle(p, ctx);
    return undefined;
  });

/**
 * One kind of queue job, whole: its name, the codec its payload is decoded with, how it is queued
 * (idempotency key, tries, priority), and what a worker does with it on its feature's deps `D`,
 * with the line that leaves in the log. Each lives in its feature's folder (`<name>Job.ts`) and is
 * listed by that feature's descriptor.
 */
export interface JobKind<P, D> {
  readonly name: string;
  readonly codec: t.Decoder<unknown, P>;
  /** The queue request for one payload. */
  request(payload: P): EnqueueRequest;
  /** The handler a worker runs, on the feature's deps. */
  handler(deps: D): JobHandler;
}

export interface JobKindSpec<P, D> {
  readonly name: string;
  readonly codec: t.Decoder<unknown, P>;
  /** At most one live job per key (see EnqueueRequest.idempotencyKey); none: every request queues. */
  readonly key?: (payload: P) => string;
  readonly maxAttempts: number;
  readonly priority?: number;
  readonly run: (deps: D, payload: P, ctx: JobContext) => Promise<JobLine | undefined>;
}

export const jobKind = <P, D>(spec: JobKindSpec<P, D>): JobKind<P, D> => ({
  name: spec.name,
  codec: spec.codec,
  request: (payload) => ({
    kind: spec.name,
    payload,
    ...(spec.key ? { idempotencyKey: spec.key(payload) } : {}),
    maxAttempts: spec.maxAttempts,
    ...(spec.priority !== undefined ? { priority: spec.priority } : {}),
  }),
  handler: (deps) => decoding(spec.name, spec.codec, (p) => (ctx) => spec.run(deps, p, ctx)),
});

/** Whether this try of the job is its last (the queue tries it no more after a failure). */
export const lastTry = (ctx: JobContext): boolean => ctx.job.attempts >= ctx.job.maxAttempts;

/** A job's log line, with the seconds of its phases when it has any. */
export const jobLine = (
  level: JobLine['level'],
  message: string,
  fields: object,
  durations?: Readonly<Record<string, number>>,
): JobLine => ({ level, message, fields, ...(durations ? { durations } : {}) });
