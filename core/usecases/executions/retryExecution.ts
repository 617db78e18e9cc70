import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { type Execution, unsubmitted } from '../../domain/executionRecord.js';
import { unsettledAfter } from '../../domain/externalWork.js';
import type { ExecutionAdmissions } from '../../ports/ExecutionAdmissions.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import { type AdmitDeps, admitOne } from '../admission/admitOne.js';
import { executionEvent, transition } from '../../domain/execution.js';
import type { Actor } from '../../domain/roles.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import { type RerunGateDeps, rerunRefusal } from './rerunGate.js';

/**
 * Starts a new attempt of a failed or cancelled execution: back to pending with attempt + 1, the
 * same pinned configuration, profile snapshot and execute switches, so it is queued as soon as its
 * gates pass. When the backend never confirmed that an earlier attempt ended (its session or job
 * may still run, or may have been accepted as the connection dropped), the new attempt settles it
 * first: looks it up by name, cancels it and waits for its end (see settlePrevious). An execution
 * that was asked to run before is admitted at once when its gates pass (else the tick admits it).
 * An operator may not retry what an admin has since changed or removed (rerunRefusal).
 */
export const retryExecution = async (
  deps: AdmitDeps &
    RerunGateDeps & {
      readonly executions: Pick<ExecutionRepository, 'get' | 'write'>;
      readonly admissions: Pick<ExecutionAdmissions, 'inFlightIn'>;
      readonly configs: Pick<ProjectConfigRepository, 'get'>;
    },
  id: string,
  actor: Actor,
  opts: { readonly fromScratch?: boolean } = {},
): Promise<E.Either<AppError, Execution>> => {
  const e = await deps.executions.get(id);
  if (!e) return E.left(appError('not_found', `no execution ${id}`));
  if (e.state !== 'failed' && e.state !== 'cancelled')
    return E.left(
      appError(
        'conflict',
        `execution ${id} is ${e.state}; only a failed or cancelled execution can be retried`,
      ),
    );
  // A retry runs the same snapshot and pinned version: what an admin changed since is theirs to bring back.
  const pinned = await deps.configs.get(e.projectModule, e.configVersion);
  const refused = await rerunRefusal(
    deps,
    e,
    { snapshot: true, pinned: pinned?.config ?? null },
    actor,
    'retry',
  );
  if (refused) return E.left(refused);
  const by = actor.username;
  // Work of an attempt the backend never confirmed ended is settled by the new attempt before it starts.
  const unsettled = unsettledAfter(e);
  const previous = (e.runRecord['previous_attempts'] ?? []) as unknown[];
  const now = deps.clock.now();
  const retry = transition(e.state, 'retry_requested');
  const r = await deps.executions.write(
    {
      id,
      expect: [e.state],
      change: {
        state: retry.state,
        attempt: e.attempt + 1,
        runRecord: {
          ...(unsettled.length > 0 ? { unsettled_attempts: unsettled } : {}),
          // The new attempt stages everything again rather than reuse what an earlier one staged.
          ...(opts.fromScratch ? { from_scratch: true } : {}),
          previous_attempts: [
            ...previous,
            {
              attempt: e.attempt,
              state: e.state,
              error: e.error,
              scheduler_job_id: e.schedulerJobId,
              finished_at: e.finishedAt?.toISOString() ?? null,
            },
          ],
        },
        ...unsubmitted,
      },
      events: [
        executionEvent(
          { ...e, attempt: e.attempt + 1 },
          retry.kind,
          {
            previous_state: e.state,
            ...(opts.fromScratch ? { from_scratch: true } : {}),
            ...(unsettled.length > 0 ? { settles_first: unsettled.map((u) => u.external_name) } : {}),
          },
          by,
        ),
      ],
    },
    now,
  );
  if (r !== 'ok')
    return E.left(appError('conflict', `execution ${id} changed meanwhile; read it and try again`));
  const retried = (await deps.executions.get(id))!;
  if (retried.executeRequestedAt === null) return E.right(retried);
  const inFlight = await deps.admissions.inFlightIn(retried.projectModule);
  if (!(await admitOne(deps, retried, inFlight)).admitted) return E.right(retried);
  return E.right((await deps.executions.get(id)) ?? retried);
};
