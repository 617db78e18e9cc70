import type { RetentionPolicy } from '../domain/retention.js';
import type { Tick } from '../ports/Tick.js';
import { alertTick } from '../usecases/alerts/alertTick.js';
import { discoveryTick } from '../usecases/discovery/discoveryTick.js';
import { maintenanceTick } from '../usecases/maintenance/maintenanceTick.js';
import { executionTick } from '../usecases/executions/executionTick.js';
import { pauseWindowTick } from '../usecases/profiles/pauseWindowTick.js';
import type { SurveyorOperations } from './surveyor.js';

/** How often each tick runs, and what bounds it. */
export interface TickSchedule {
  readonly retention: RetentionPolicy;
  readonly maintenanceSeconds: number;
  readonly executionSeconds: number;
  /** The least time between two polls of one target, per backend kind (protects login nodes). */
  readonly pollMinSeconds: { readonly rest_remote: number; readonly batch_remote: number };
  /** With mock backends: poll at least this often (see TickSettings.pollMaxSeconds). */
  readonly pollMaxSeconds?: number;
  /** How often the alert tick turns events into deliveries and evaluates state rules. */
  readonly alertSeconds: number;
  /** A worker silent this long is lost (the worker_lost rule). */
  readonly workerStaleSeconds: number;
}

/** The scheduler's recurring work, in the order a round runs it: the worker's leader and the harness run these. */
export const schedulerTicks = (app: SurveyorOperations, s: TickSchedule): readonly Tick[] => [
  maintenanceTick(app.deps.maintenance.maintenance, s.retention, s.maintenanceSeconds),
  discoveryTick(app.deps.sources),
  executionTick(app.deps.executions, {
    everySeconds: s.executionSeconds,
    admissionScan: 500,
    pollMinSeconds: s.pollMinSeconds,
    ...(s.pollMaxSeconds !== undefined ? { pollMaxSeconds: s.pollMaxSeconds } : {}),
  }),
  // Before the alert tick: a window's change is told, and alerted, in the same round.
  pauseWindowTick(
    { pauses: app.deps.profiles.pauses, profiles: app.deps.profiles.profiles },
    s.executionSeconds,
  ),
  alertTick(app.deps.alerts, s.alertSeconds, { workerStaleSeconds: s.workerStaleSeconds }),
];
