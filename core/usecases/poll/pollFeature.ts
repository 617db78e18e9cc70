import { type Feature, noTicks } from '../feature.js';
import { pollJob } from './pollJob.js';
import type { PollDeps } from './pollTarget.js';

/** Poll rounds (the execution tick schedules them: `schedulePolls.ts`). */
export const pollFeature = (deps: PollDeps): Feature => ({
  jobs: [pollJob.handler(deps)],
  ticks: noTicks,
});
