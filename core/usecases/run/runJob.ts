import { jobKind, jobLine, lastTry } from '../../ports/JobHandler.js';
import { type RunDeps, RunJobPayloadC } from './attempt.js';
import { runExecution } from './runExecution.js';

const name = 'execution.run';

/** The key prefix of every attempt's run job of one execution (a cancel cancels them by it). */
export const runJobKeyPrefix = (executionId: string) => `${name}:${executionId}:`;

/**
 * Runs an execution's attempt: stage, translate, submit. Its line is at debug (the run's events say
 * what happened) and carries the seconds of the steps it finished, for the worker's histogram.
 */
export const runJob = jobKind({
  name,
  codec: RunJobPayloadC,
  key: (p) => `${runJobKeyPrefix(p.execution_id)}a${p.attempt}`,
  maxAttempts: 5,
  run: async (deps: RunDeps, payload, ctx) => {
    const r = await runExecution(deps, payload, {
      lease: ctx.job.lease,
      signal: ctx.signal,
      lastAttempt: lastTry(ctx),
      confirmLease: ctx.confirmLease,
    });
    const steps = Object.fromEntries(Object.entries(r.durations).map(([k, v]) => [`${k}_seconds`, v]));
    return jobLine('debug', 'run steps done', { execution_id: payload.execution_id, ...steps }, r.durations);
  },
});
