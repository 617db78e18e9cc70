import type { Execution } from './executionRecord.js';

/**
 * The name of an attempt's external work (DALiuGE session id, Slurm job name): derived from the
 * execution and the attempt only, so after a crash a worker can look it up and adopt what it
 * finds instead of submitting again (ARCHITECTURE decision 4).
 */
export const externalName = (e: Pick<Execution, 'id' | 'attempt'>): string =>
  `surveyor-${e.id}-a${e.attempt}`;
