import type { EnqueueRequest } from './job.js';

/** The backends that are polled: a DALiuGE island manager, a Slurm cluster. */
export type PolledKind = 'rest_remote' | 'batch_remote';

/** Least seconds between two poll rounds on one target, per backend kind. */
export type PollSpacing = { readonly [K in PolledKind]: number };

/**
 * A poll round asked for by a write (a submission, a cancel): it starts no sooner than
 * `spacingSeconds` after the round last scheduled on the target, so runs submitted one after
 * another cannot poll a login node more often than its minimum (see ExecutionWrite.pollRound).
 * `usecases/poll/pollJob.ts` (`pollRound`) makes one.
 */
export interface PollRoundRequest {
  readonly target: string;
  readonly job: EnqueueRequest;
  readonly spacingSeconds: number;
}
