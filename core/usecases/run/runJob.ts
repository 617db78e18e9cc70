import { jobKind, lastTry } from '../../ports/JobHandler.js';
import { type RunDeps, RunJobPayloadC } from './attempt.js';
import { runExecution } from './runExecution.js';

const name = 'execution.run';

/** The key prefix of every attempt's run job of one execution (a cancel cancels them by it). */
export const runJobKeyPrefix = (executionId: string) => `${name}:${executionId}:`;

/** Runs an execution's attempt: stage, translate, submit. It logs nothing more: the run's events say it. */
export const runJob = jobKind({
  name,
  codec: RunJobPayloadC,
  key: (p) => `${runJobKeyPrefix(p.execution_id)}a${p.attempt}`,
  maxAttempts: 5,
  run: async (deps: RunDeps, payload, ctx) => {
    await runExecution(deps, payload, {
      lease: ctx.job.lease,
      signal: ctx.signal,
      lastAttempt: lastTry(ctx),
      confirmLease: ctx.confirmLease,
    });
    return undefined;
  },
});
