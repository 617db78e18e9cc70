import type { Execution } from './executionRecord.js';

/**
 * The name of an attempt's external work (DALiuGE session id, Slurm job name): derived from the
 * execution and the attempt only, so after a crash a worker can look it up and adopt what it
 * finds instead of submitting again (core/README.md, How an execution runs).
 */
export const externalName = (e: Pick<Execution, 'id' | 'attempt'>): string =>
  `surveyor-${e.id}-a${e.attempt}`;

/**
 * An earlier attempt whose end the backend never confirmed: its work may still run (or be about to
 * start) there under its deterministic name. A retry records it, and the new attempt settles it
 * (looks it up, cancels it, waits for its end) before it stages anything, so that the same work
 * never runs twice.
 */
export interface UnsettledAttempt {
  readonly attempt: number;
  readonly external_name: string;
  readonly scheduler_job_id: string | null;
  readonly submission: Readonly<Record<string, unknown>> | null;
}

export const unsettledAttemptsOf = (e: Pick<Execution, 'runRecord'>): UnsettledAttempt[] =>
  (e.runRecord['unsettled_attempts'] ?? []) as UnsettledAttempt[];

/** The attempts a retry of `e` must settle first: those recorded before, and `e`'s own when unconfirmed. */
export const unsettledAfter = (
  e: Pick<Execution, 'id' | 'attempt' | 'schedulerJobId' | 'runRecord'>,
): UnsettledAttempt[] => {
  const own =
    e.runRecord['remote_terminal'] !== true &&
    (e.schedulerJobId !== null || e.runRecord['intent'] !== undefined)
      ? [
          {
            attempt: e.attempt,
            external_name: externalName(e),
            scheduler_job_id: e.schedulerJobId,
            submission: (e.runRecord['submission'] ?? null) as Record<string, unknown> | null,
          },
        ]
      : [];
  return [...unsettledAttemptsOf(e), ...own];
};
