import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { ClaimedJob } from '../domain/job.js';

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

/**
 * What a worker does with one kind of job. `prepare` decodes a payload with the kind's codec and
 * answers the work to run, or the decoding errors (the job then fails for good).
 */
export interface JobHandler {
  readonly kind: string;
  prepare(payload: unknown): E.Either<t.Errors, (ctx: JobContext) => Promise<void>>;
}

/** A handler from a kind's codec and a function of its typed payload. */
export const jobHandler = <P>(
  kind: string,
  codec: t.Decoder<unknown, P>,
  handle: (payload: P, ctx: JobContext) => Promise<void>,
): JobHandler => ({
  kind,
  prepare: (payload) => E.map((p: P) => (ctx: JobContext) => handle(p, ctx))(codec.decode(payload)),
});
