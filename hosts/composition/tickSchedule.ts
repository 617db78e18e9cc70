import type { TickSchedule } from '../../core/app/features.js';
import type { PollSpacing } from '../../core/domain/pollRound.js';
import type { Config } from '../../schema/environment.js';
import { retentionPolicy } from './retention.js';

/**
 * The scheduler ticks' intervals and bounds the environment sets (the worker's and the harness's
 * alike). With mock backends a run is polled at the floor, so it is seen to move (its sessions take
 * seconds); see pollSpacing for the rounds a submission asks for.
 */
export const tickSchedule = (c: Config, mockBackends: boolean): TickSchedule => ({
  retention: retentionPolicy(c),
  maintenanceSeconds: c.SERVICE_MAINTENANCE_TICK_SECONDS,
  executionSeconds: c.SERVICE_EXECUTION_TICK_SECONDS,
  alertSeconds: c.SERVICE_ALERT_TICK_SECONDS,
  workerStaleSeconds: c.SERVICE_WORKER_STALE_SECONDS,
  pollMinSeconds: pollMinimum(c),
  ...(mockBackends ? { pollMaxSeconds: 1 } : {}),
});

const pollMinimum = (c: Config): PollSpacing => ({
  rest_remote: c.SERVICE_REST_POLL_MIN_SECONDS,
  batch_remote: c.SERVICE_BATCH_POLL_MIN_SECONDS,
});

/**
 * The least time between the rounds a submission or a cancel asks for on one target: the poll
 * minimum, which protects a login node or an island manager; none with mock backends, whose runs
 * are then seen to move at once.
 */
export const pollSpacing = (c: Config, mockBackends: boolean): PollSpacing =>
  mockBackends ? { rest_remote: 0, batch_remote: 0 } : pollMinimum(c);
