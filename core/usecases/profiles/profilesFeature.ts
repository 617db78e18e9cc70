import type { Feature } from '../feature.js';
import { type PauseWindowDeps, pauseWindowTick } from './pauseWindowTick.js';

/** Profiles: the tick that tells what pause windows did by themselves. */
export const profilesFeature = (deps: PauseWindowDeps): Feature<{ readonly executionSeconds: number }> => ({
  jobs: [],
  ticks: (s) => [pauseWindowTick(deps, s.executionSeconds)],
});
