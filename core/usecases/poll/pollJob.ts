import { keepsStateTrue } from '../../domain/jobPayloads.js';
import type { PolledKind, PollRoundRequest, PollSpacing } from '../../domain/pollRound.js';
import { jobKind, jobLine } from '../../ports/JobHandler.js';
import { type PollDeps, PollJobPayloadC, pollTarget } from './pollTarget.js';

/** Polls one backend target for all of its in-flight executions. */
export const pollJob = jobKind({
  name: 'execution.poll',
  codec: PollJobPayloadC,
  // One live poll per target: a second request joins the queued one; a write's request while one
  // runs has it run once more after (ExecutionWrite.pollRound).
  key: (p) => `execution.poll:${p.target}`,
  maxAttempts: 3,
  priority: keepsStateTrue,
  run: async (deps: PollDeps, payload, ctx) => {
    const r = await pollTarget(deps, payload, { lease: ctx.job.lease, signal: ctx.signal });
    const fields = { target: payload.target, ...r };
    if (r.error) return jobLine('warn', 'poll round done with an error', fields);
    if (r.removeError) return jobLine('warn', 'poll round done; ended sessions not deleted', fields);
    return jobLine('debug', 'poll round done', fields);
  },
});

/** The poll round a write asks for on its target, spaced by the backend kind's minimum. */
export const pollRound = (target: string, kind: PolledKind, spacing: PollSpacing): PollRoundRequest => ({
  target,
  job: pollJob.request({ target, kind }),
  spacingSeconds: spacing[kind],
});
