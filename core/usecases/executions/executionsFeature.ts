import type { Feature } from '../feature.js';
import type { PollScheduleSettings } from '../poll/schedulePolls.js';
import { executionTick, type TickDeps } from './executionTick.js';

/** The execution tick: automation, admission, the poll schedule. */
export const executionsFeature = (
  deps: TickDeps,
): Feature<PollScheduleSettings & { readonly executionSeconds: number }> => ({
  jobs: [],
  ticks: (s) => [
    executionTick(deps, {
      everySeconds: s.executionSeconds,
      admissionScan: 500,
      pollMinSeconds: s.pollMinSeconds,
      ...(s.pollMaxSeconds !== undefined ? { pollMaxSeconds: s.pollMaxSeconds } : {}),
    }),
  ],
});
