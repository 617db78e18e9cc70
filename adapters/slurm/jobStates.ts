// Slurm's job states (22.05) as this adapter groups them: ended, or not started yet.

/** Terminal job states (Slurm 22.05); every other state is still in progress. */
export const terminalJobStates = new Set([
  'BOOT_FAIL',
  'CANCELLED',
  'COMPLETED',
  'DEADLINE',
  'FAILED',
  'NODE_FAIL',
  'OUT_OF_MEMORY',
  'PREEMPTED',
  'TIMEOUT',
  'REVOKED',
]);

/** States of a job that has not started (waiting in the queue, or put back in it). */
export const waitingJobStates = new Set([
  'PENDING',
  'REQUEUED',
  'REQUEUE_FED',
  'REQUEUE_HOLD',
  'RESV_DEL_HOLD',
]);
