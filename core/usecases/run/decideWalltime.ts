import { executionEvent } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import {
  type AttemptWalltime,
  autoSettingsOf,
  estimateWalltime,
  needsWalltime,
  walltimeHistoryRuns,
} from '../../domain/walltime.js';
import { type Attempt, commit } from './attempt.js';

/**
 * `job_duration_minutes: auto`: the attempt's wall time is estimated from the profile's runs in
 * this project as it is about to be submitted (after a pause held it, so it learns from every run
 * ended before), kept in the run record (so a submit tried again, the deadline and the budget use
 * the same minutes) and told once (`execution.walltime_estimated`).
 */
export const decideWalltime = async (a: Attempt, e: Execution): Promise<void> => {
  if (!needsWalltime(e) || e.profileSnapshot.deployment.kind !== 'batch_remote') return;
  const history = await a.deps.usage.walltimeHistory(
    e.projectModule,
    e.profileSnapshot.name,
    walltimeHistoryRuns,
  );
  const w = estimateWalltime(history, e.sourceIds.length, autoSettingsOf(e.profileSnapshot.deployment));
  const walltime: AttemptWalltime = { attempt: e.attempt, minutes: w.minutes, basis: w.basis };
  const runRecord = { ...e.runRecord, walltime };
  await commit(a, e, { runRecord }, [
    executionEvent(e, 'execution.walltime_estimated', {
      minutes: w.minutes,
      basis: w.basis,
      from: w.from,
      sources: e.sourceIds.length,
    }),
  ]);
};
