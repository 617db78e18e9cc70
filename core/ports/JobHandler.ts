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

/** What a worker does with one kind of job. The payload is decoded with `codec` before `handle`. */
export interface JobHandler<P = unknown> {
  readonly kind: string;
  readonly codec: t.Type<P, unknown, unknown>;
  handle(payload: P, ctx: JobContext): Promise<void>;
}
