import {
  DeliverJobPayloadC,
  deliverJobKind,
  DiscoveryJobPayloadC,
  discoveryJobKind,
  PollJobPayloadC,
  pollJobKind,
  RunJobPayloadC,
  runJobKind,
  SettleJobPayloadC,
  settleJobKind,
} from '../domain/jobKinds.js';
import { type JobHandler, jobHandler } from '../ports/JobHandler.js';
import { deliverAlert } from '../usecases/alerts/deliverAlert.js';
import { discoverBatch } from '../usecases/discovery/discoverBatch.js';
import { pollTarget } from '../usecases/poll/pollTarget.js';
import { runExecution } from '../usecases/run/runExecution.js';
import { settleEnded } from '../usecases/run/settleEnded.js';
import type { SurveyorOperations } from './surveyor.js';

/** Where a job's outcome line goes (a pino logger fits; the harness passes a silent one). */
export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

/** Whether this try of the job is its last (the queue tries it no more after a failure). */
const lastTry = (job: { readonly attempts: number; readonly maxAttempts: number }) =>
  job.attempts >= job.maxAttempts;

/** What a worker does with each job kind (core/domain/jobKinds.ts): one use case each, and a log line. */
export const jobTable = (app: SurveyorOperations, log: JobLog): readonly JobHandler[] => {
  const { deps } = app;
  return [
    jobHandler(discoveryJobKind, DiscoveryJobPayloadC, async (payload, ctx) => {
      const r = await discoverBatch(deps.discovery, payload, {
        signal: ctx.signal,
        lastAttempt: lastTry(ctx.job),
      });
      log.info({ job_id: ctx.job.id, project_module: payload.project_module, ...r }, 'discovery batch done');
    }),
    jobHandler(runJobKind, RunJobPayloadC, (payload, ctx) =>
      runExecution(deps.run, payload, {
        lease: ctx.job.lease,
        signal: ctx.signal,
        lastAttempt: lastTry(ctx.job),
        confirmLease: ctx.confirmLease,
      }),
    ),
    jobHandler(pollJobKind, PollJobPayloadC, async (payload, ctx) => {
      const r = await pollTarget(deps.poll, payload, { lease: ctx.job.lease, signal: ctx.signal });
      const fields = { job_id: ctx.job.id, target: payload.target, ...r };
      if (r.error) log.warn(fields, 'poll round done with an error');
      else if (r.removeError) log.warn(fields, 'poll round done; ended sessions not deleted');
      else log.debug(fields, 'poll round done');
    }),
    jobHandler(settleJobKind, SettleJobPayloadC, async (payload, ctx) => {
      const r = await settleEnded(deps.run, payload, { lease: ctx.job.lease, signal: ctx.signal });
      log.info({ job_id: ctx.job.id, execution_id: payload.execution_id, ...r }, 'settled');
    }),
    jobHandler(deliverJobKind, DeliverJobPayloadC, async (payload, ctx) => {
      const r = await deliverAlert(deps.alerts, payload, {
        lease: ctx.job.lease,
        signal: ctx.signal,
        lastAttempt: lastTry(ctx.job),
        confirmLease: ctx.confirmLease,
      });
      const fields = { job_id: ctx.job.id, delivery_id: payload.delivery_id, ...r };
      if (r.outcome === 'failed') log.warn(fields, 'alert delivery failed');
      else log.info(fields, 'alert delivery done');
    }),
  ];
};
