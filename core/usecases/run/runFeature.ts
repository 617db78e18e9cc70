import { type Feature, noTicks } from '../feature.js';
import type { RunDeps } from './attempt.js';
import { runJob } from './runJob.js';
import { settleJob } from './settleJob.js';

/** Runs: an attempt's run job, and the settling of an ended run's remote work. */
export const runFeature = (deps: RunDeps): Feature => ({
  jobs: [runJob.handler(deps), settleJob.handler(deps)],
  ticks: noTicks,
});
