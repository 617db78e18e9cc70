import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { terminalStates, executionEvent } from '../../domain/execution.js';
import { type Execution, withChange } from '../../domain/executionRecord.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import { type AdmitDeps, budgetOf, pauseOf, profileInFlightOf } from '../admission/admitOne.js';
import { admissionBlockers, admissionWrite } from '../admission/admissionRules.js';

export interface ExecuteInput {
  /** Default true: stage the source data before the run. */
  readonly do_stage?: boolean;
  /** Default true: submit to the backend. Both false is a dry run: nothing staged or submitted. */
  readonly do_submit?: boolean;
}

/**
 * Asks a pending execution to run with the given switches, and admits it in the same write if every
 * gate passes (else the execution tick admits it later; its status says what it waits for). Asking
 * again with the same switches while it is on its way is a no-op; with other switches it is
 * refused, and so is asking an execution that has ended (409, with how to run it again).
 */
export const requestExecute = async (
  deps: AdmitDeps & { readonly executions: Pick<ExecutionRepository, 'getForAdmission' | 'write'> },
  id: string,
  input: ExecuteInput,
  by: string,
): Promise<E.Either<AppError, { execution: Execution; blockedBy: string[] }>> => {
  const doStage = input.do_stage ?? true;
  const doSubmit = input.do_submit ?? true;
  // One read: the execution, what readiness needs of its sources, and its project's runs in flight.
  const read = await deps.executions.getForAdmission(id);
  if (!read) return E.left(appError('not_found', `no execution ${id}`));
  const e = read.execution;
  // An ended execution does not run again by being asked to: say how it ended and what runs it again.
  if (terminalStates.has(e.state))
    return E.left(
      appError(
        'conflict',
        `execution ${id} has ended ${e.state}${e.finishedAt ? ` (${e.finishedAt.toISOString()})` : ''}; to run it again, ${
          e.state === 'completed'
            ? 'create a new execution of its sources (POST /executions)'
            : 'retry it (POST /executions/{id}/retry: a new attempt)'
        }`,
        { state: e.state },
      ),
    );
  if (e.executeRequestedAt !== null) {
    if (e.doStage === doStage && e.doSubmit === doSubmit) return E.right({ execution: e, blockedBy: [] });
    return E.left(
      appError(
        'conflict',
        `execution ${id} was already asked to run with do_stage=${e.doStage}, do_submit=${e.doSubmit}`,
        { state: e.state },
      ),
    );
  }
  if (e.state !== 'pending')
    return E.left(
      appError('conflict', `execution ${id} is ${e.state}; only a pending execution can be executed`),
    );
  const now = deps.clock.now();
  const asked = { doStage, doSubmit, executeRequestedAt: now };
  const requested = withChange(e, asked, now);
  // The request and, when every gate passes already, its admission: one write, so the tick never
  // sees the one without the other.
  const pinned = await deps.configs.pinned(e.projectModule, e.configVersion);
  const budget = await budgetOf(deps, requested, now);
  const blockedBy = admissionBlockers(
    requested,
    read.sources,
    pinned,
    read.inFlight,
    budget,
    await pauseOf(deps, requested, now),
    await profileInFlightOf(deps, requested),
  );
  const admission = blockedBy.length === 0 ? admissionWrite(requested) : null;
  const change = admission ? { ...asked, state: admission.state, error: null } : asked;
  const r = await deps.executions.write(
    {
      id,
      expect: ['pending'],
      change,
      events: [
        executionEvent(
          e,
          'execution.execute_requested',
          { do_stage: doStage, do_submit: doSubmit, dry_run: !doStage && !doSubmit },
          by,
        ),
        ...(admission?.events ?? []),
      ],
      ...(admission ? { enqueue: admission.job } : {}),
    },
    now,
  );
  if (r !== 'ok')
    return E.left(appError('conflict', `execution ${id} changed meanwhile; read it and try again`));
  return E.right({ execution: withChange(e, change, now), blockedBy });
};
