import type { TickSchedule } from '../../core/app/ticks.js';
import type { Config } from '../../schema/config.js';
import { retentionPolicy } from './retention.js';

/** The scheduler ticks' intervals and bounds the environment sets (the worker's and the harness's alike). */
export const tickSchedule = (c: Config): TickSchedule => ({
  retention: retentionPolicy(c),
  maintenanceSeconds: c.SERVICE_MAINTENANCE_TICK_SECONDS,
  executionSeconds: c.SERVICE_EXECUTION_TICK_SECONDS,
  alertSeconds: c.SERVICE_ALERT_TICK_SECONDS,
  workerStaleSeconds: c.SERVICE_WORKER_STALE_SECONDS,
  pollMinSeconds: {
    rest_remote: c.SERVICE_REST_POLL_MIN_SECONDS,
    batch_remote: c.SERVICE_BATCH_POLL_MIN_SECONDS,
  },
});
