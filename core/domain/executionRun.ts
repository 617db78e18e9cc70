import type { Execution } from './executionRecord.js';

/**
 * The name of an attempt's external work (DALiuGE session id, Slurm job name): derived from the
 * execution and the attempt only, so after a crash a worker can look it up and adopt what it
 * finds instead of submitting again (ARCHITECTURE decision 4).
 */
export const externalName = (e: Pick<Execution, 'id' | 'attempt'>): string =>
  `surveyor-${e.id}-a${e.attempt}`;

/** When polling gives up on a run that does not end: poll_max_rounds × poll_interval_seconds. */
export const pollDeadline = (
  submittedAt: Date,
  policy: { readonly poll_interval_seconds: number; readonly poll_max_rounds: number },
): Date => new Date(submittedAt.getTime() + policy.poll_interval_seconds * policy.poll_max_rounds * 1000);
