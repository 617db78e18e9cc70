import { type ReproduceInput, reproduceExecution } from '../usecases/executions/reproduceExecution.js';
import * as E from 'fp-ts/lib/Either.js';
import { cancelExecution } from '../usecases/executions/cancelExecution.js';
import { type CreateExecutionInput, createExecution } from '../usecases/executions/createExecution.js';
import { type ExecuteInput, requestExecute } from '../usecases/executions/requestExecute.js';
import { retryExecution } from '../usecases/executions/retryExecution.js';
import { canonicalJson } from '../domain/canonicalJson.js';
import type { SurveyorDeps } from './deps.js';
import { executionViews } from './executionViews.js';
import type { Actor } from '../domain/roles.js';

export interface CreateOptions {
  /** The same key with the same request answers the execution it created; with another request, 409. */
  readonly idempotencyKey?: string | undefined;
  readonly by: string;
}

/** What changes executions: create, ask to run, reproduce, cancel, retry. */
export const executionCommands = (d: SurveyorDeps) => {
  const { x, view } = executionViews(d);
  return {
    /** `created` is false when an earlier request with the same idempotency key made it. */
    create: async (input: CreateExecutionInput, opts: CreateOptions) => {
      const r = await createExecution(x, input, {
        ...(opts.idempotencyKey !== undefined ? { idempotencyKey: opts.idempotencyKey } : {}),
        requestHash: x.digest.digest(canonicalJson(input, new Set())),
        by: opts.by,
      });
      if (E.isLeft(r)) return r;
      return E.right({ execution: await view(r.right.execution), created: r.right.created });
    },
    /** Asks to run; admitted at once when its gates pass, else `blocked_by` says why it waits. */
    execute: async (id: string, input: ExecuteInput, by: string) => {
      const r = await requestExecute(x, id, input, by);
      if (E.isLeft(r)) return r;
      return E.right({ ...(await view(r.right.execution)), blocked_by: r.right.blockedBy });
    },
    /** A new execution that runs again what `id` ran (see reproduceExecution); asked to run at once on request. */
    reproduce: async (
      id: string,
      input: ReproduceInput & { readonly execute?: boolean; readonly dry_run?: boolean },
      actor: Actor,
    ) => {
      const by = actor.username;
      const r = await reproduceExecution(x, id, input, actor);
      if (E.isLeft(r)) return r;
      const { execution, original } = r.right;
      if (!input.execute && !input.dry_run) return E.right({ ...(await view(execution)), blocked_by: [] });
      // The original's switches, unless a dry run is asked for.
      const run = input.dry_run
        ? { do_stage: false, do_submit: false }
        : { do_stage: original.doStage ?? true, do_submit: original.doSubmit ?? true };
      const ex = await requestExecute(x, execution.id, run, by);
      if (E.isLeft(ex)) return ex;
      return E.right({ ...(await view(ex.right.execution)), blocked_by: ex.right.blockedBy });
    },
    cancel: async (id: string, by: string) => {
      const r = await cancelExecution(x, id, by);
      return E.isLeft(r) ? r : E.right(await view(r.right));
    },
    retry: async (id: string, actor: Actor, opts: { readonly fromScratch?: boolean } = {}) => {
      const r = await retryExecution(x, id, actor, opts);
      return E.isLeft(r) ? r : E.right(await view(r.right));
    },
  };
};
