import type { Feature } from '../feature.js';
import type { AlertDeps } from './alertDeps.js';
import { alertTick } from './alertTick.js';
import { deliverJob } from './deliverJob.js';

/** Alerting: the tick that turns events and states into deliveries, and the delivery job. */
export const alertsFeature = (
  deps: AlertDeps,
): Feature<{ readonly alertSeconds: number; readonly workerStaleSeconds: number }> => ({
  jobs: [deliverJob.handler(deps)],
  ticks: (s) => [alertTick(deps, s.alertSeconds, { workerStaleSeconds: s.workerStaleSeconds })],
});
