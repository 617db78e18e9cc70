import * as E from 'fp-ts/lib/Either.js';
import type { RetentionPolicy } from '../domain/retention.js';
import type { JobHandler, JobWork } from '../ports/JobHandler.js';
import type { Tick } from '../ports/Tick.js';
import { alertsFeature } from '../usecases/alerts/alertsFeature.js';
import { discoveryFeature } from '../usecases/discovery/discoveryFeature.js';
import { executionsFeature } from '../usecases/executions/executionsFeature.js';
import { maintenanceFeature } from '../usecases/maintenance/maintenanceFeature.js';
import { pollFeature } from '../usecases/poll/pollFeature.js';
import { profilesFeature } from '../usecases/profiles/profilesFeature.js';
import { runFeature } from '../usecases/run/runFeature.js';
import type { SurveyorDeps } from './deps.js';
import type { SurveyorOperations } from './surveyor.js';

/**
 * The features with job kinds or ticks, each on its deps, in the order a scheduler round runs
 * their ticks. The one place a new feature is registered; a new job kind or tick of a feature is
 * added in its feature's descriptor (`core/usecases/<feature>/<feature>Feature.ts`).
 */
const features = (d: SurveyorDeps) => [
  maintenanceFeature(d.maintenance),
  discoveryFeature(d.discovery, d.sources),
  executionsFeature(d.executions),
  runFeature(d.run),
  pollFeature(d.poll),
  // Before alerts: a window's change is told, and alerted, in the same round.
  profilesFeature(d.profiles),
  alertsFeature(d.alerts),
];

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
export const schedulerTicks = (app: SurveyorOperations, s: TickSchedule): readonly Tick[] =>
  features(app.deps).flatMap((f) => f.ticks(s));

/** Where a job's outcome line goes (a pino logger fits; the harness passes a silent one). */
export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

const logged = (h: JobHandler, log: JobLog): JobHandler => ({
  kind: h.kind,
  prepare: (payload) =>
    E.map(
      (work: JobWork): JobWork =>
        async (ctx) => {
          const line = await work(ctx);
          if (line) log[line.level]({ job_id: ctx.job.id, ...line.fields }, line.message);
          return line;
        },
    )(h.prepare(payload)),
});

/** What a worker does with each job kind: the features' handlers, each outcome logged with its job's id. */
export const jobTable = (app: SurveyorOperations, log: JobLog): readonly JobHandler[] =>
  features(app.deps).flatMap((f) => f.jobs.map((h) => logged(h, log)));
