import type { SurveyorOperations } from '../../core/app/surveyor.js';
import {
  DiscoveryJobPayloadC,
  discoveryJobKind,
  PollJobPayloadC,
  pollJobKind,
  RunJobPayloadC,
  runJobKind,
  SettleJobPayloadC,
  settleJobKind,
} from '../../core/domain/jobKinds.js';
import { type JobHandler, jobHandler } from '../../core/ports/JobHandler.js';
import { discoverBatch } from '../../core/usecases/discovery/discoverBatch.js';
import { pollTarget } from '../../core/usecases/pipeline/pollTarget.js';
import { runExecution } from '../../core/usecases/pipeline/runExecution.js';
import { settleEnded } from '../../core/usecases/pipeline/settleEnded.js';
import type { Logger } from '../../adapters/log/logger.js';

/** What a worker does with each job kind (core/domain/jobKinds.ts): one use case each, and a log line. */
export const jobTable = (app: SurveyorOperations, logger: Logger): readonly JobHandler[] => {
  const { deps } = app;
  return [
    jobHandler(discoveryJobKind, DiscoveryJobPayloadC, async (payload, ctx) => {
      const r = await discoverBatch(deps.discovery, payload, ctx.signal);
      logger.info(
        { job_id: ctx.job.id, project_module: payload.project_module, ...r },
        'discovery batch done',
      );
    }),
    jobHandler(runJobKind, RunJobPayloadC, (payload, ctx) =>
      runExecution(deps.run, payload, {
        lease: ctx.job.lease,
        signal: ctx.signal,
        lastAttempt: ctx.job.attempts >= ctx.job.maxAttempts,
        confirmLease: ctx.confirmLease,
      }),
    ),
    jobHandler(pollJobKind, PollJobPayloadC, async (payload, ctx) => {
      const r = await pollTarget(deps.run, payload, { lease: ctx.job.lease, signal: ctx.signal });
      const log = { job_id: ctx.job.id, target: payload.target, ...r };
      if (r.error) logger.warn(log, 'poll round done with an error');
      else logger.debug(log, 'poll round done');
    }),
    jobHandler(settleJobKind, SettleJobPayloadC, async (payload, ctx) => {
      const r = await settleEnded(deps.run, payload, { lease: ctx.job.lease, signal: ctx.signal });
      logger.info({ job_id: ctx.job.id, execution_id: payload.execution_id, ...r }, 'settled');
    }),
  ];
};
