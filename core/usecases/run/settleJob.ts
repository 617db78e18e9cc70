import { keepsStateTrue } from '../../domain/jobPayloads.js';
import { jobKind, jobLine } from '../../ports/JobHandler.js';
import { RunJobPayloadC } from './attempt.js';
import { settleEnded } from './settleEnded.js';

/**
 * Settles the remote work of an ended execution whose end the backend never confirmed (asked for
 * by a cancel): look it up, cancel it, wait for its end.
 */
export const settleJob = jobKind({
  name: 'execution.settle',
  codec: RunJobPayloadC,
  key: (p) => `execution.settle:${p.execution_id}:a${p.attempt}`,
  // Each try looks again after the queue's backoff; a cancel asks anew once these are spent.
  maxAttempts: 10,
  priority: keepsStateTrue,
  run: async (deps: Parameters<typeof settleEnded>[0], payload, ctx) => {
    const r = await settleEnded(deps, payload, { lease: ctx.job.lease, signal: ctx.signal });
    return jobLine('info', 'settled', { execution_id: payload.execution_id, ...r });
  },
});
