import { provN } from '../../../core/domain/prov.js';
import * as E from 'fp-ts/lib/Either.js';
import type { ExecutionState } from '../../../core/domain/execution.js';
import { validationError } from '../../../core/errors.js';
import type { CreateExecutionInput } from '../../../core/usecases/executions/createExecution.js';
import type { ExecuteInput } from '../../../core/usecases/executions/requestExecute.js';
import { actorOf, answer, fail, type Handler, pageOf, eventPageOf } from '../handler.js';

const keyPattern = /^[\x21-\x7e]{1,200}$/;

export const createExecutionHandler: Handler = async (ctx) => {
  const raw = ctx.req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && !keyPattern.test(key))
    return fail(
      validationError('the Idempotency-Key header is not valid', [
        { path: 'Idempotency-Key', message: '1 to 200 visible ASCII characters' },
      ]),
    );
  const r = await ctx.app.executions.create(ctx.body as CreateExecutionInput, {
    idempotencyKey: key,
    by: ctx.principal!.username,
  });
  if (E.isLeft(r)) return fail(r.left);
  const { execution, created } = r.right;
  if (created)
    ctx.log.info(
      { execution_id: execution.uuid, project_module: execution.project_module },
      'execution created',
    );
  return { status: created ? 201 : 200, body: execution };
};

export const executionStatusHandler: Handler = async (ctx) =>
  answer(await ctx.app.executions.status(ctx.params['id']!));

export const executionDropStatesHandler: Handler = async (ctx) =>
  answer(await ctx.app.executions.dropStates(ctx.params['id']!));

export const executionEventsHandler: Handler = async (ctx) =>
  answer(await ctx.app.executions.events(ctx.params['id']!, eventPageOf(ctx)));

export const executeExecutionHandler: Handler = async (ctx) => {
  const r = await ctx.app.executions.execute(
    ctx.params['id']!,
    ctx.body as ExecuteInput,
    ctx.principal!.username,
  );
  if (E.isRight(r))
    ctx.log.info(
      { execution_id: r.right.uuid, state: r.right.state, blocked_by: r.right.blocked_by },
      'execute requested',
    );
  return answer(r, 202);
};

export const cancelExecutionHandler: Handler = async (ctx) => {
  const r = await ctx.app.executions.cancel(ctx.params['id']!, ctx.principal!.username);
  if (E.isRight(r)) ctx.log.info({ execution_id: r.right.uuid, state: r.right.state }, 'cancel requested');
  return answer(r, 202);
};

export const retryExecutionHandler: Handler = async (ctx) => {
  const r = await ctx.app.executions.retry(ctx.params['id']!, actorOf(ctx), {
    fromScratch: ctx.query['from_scratch'] === true,
  });
  if (E.isRight(r))
    ctx.log.info(
      { execution_id: r.right.uuid, attempt: r.right.attempt, state: r.right.state },
      'retry requested',
    );
  return answer(r, 202);
};

export const executionSummaryHandler: Handler = async (ctx) =>
  answer(await ctx.app.executions.summary(ctx.params['id']!));

export const executionLedgerHandler: Handler = async (ctx) =>
  answer(await ctx.app.executions.ledger(ctx.params['id']!));

export const listExecutionsHandler: Handler = async (ctx) => {
  const q = ctx.query as {
    id_prefix?: string;
    project_module?: string;
    state?: ExecutionState;
    deployment_profile_id?: string;
    deployment_profile_name?: string;
    source_id?: string;
    ended_since?: string;
  };
  return answer(
    await ctx.app.executions.list(
      {
        idPrefix: q.id_prefix,
        projectModule: q.project_module,
        state: q.state,
        profileId: q.deployment_profile_id,
        profileName: q.deployment_profile_name,
        sourceId: q.source_id,
        endedSince: q.ended_since === undefined ? undefined : new Date(q.ended_since),
      },
      pageOf(ctx),
    ),
  );
};

export const getExecutionHandler: Handler = async (ctx) =>
  answer(await ctx.app.executions.get(ctx.params['id']!));

export const overviewHandler: Handler = async (ctx) => ({ body: await ctx.app.executions.overview() });

export const reproduceExecutionHandler: Handler = async (ctx) => {
  const r = await ctx.app.executions.reproduce(
    ctx.params['id']!,
    ctx.body as Parameters<typeof ctx.app.executions.reproduce>[1],
    actorOf(ctx),
  );
  if (E.isRight(r))
    ctx.log.info({ execution_id: r.right.uuid, reproduces: ctx.params['id'] }, 'reproduction created');
  return answer(r, 201);
};

export const compareExecutionsHandler: Handler = async (ctx) =>
  answer(await ctx.app.executions.compare(ctx.params['id']!, ctx.params['other']!));

export const executionProvenanceHandler: Handler = async (ctx) => {
  const r = await ctx.app.executions.provenance(ctx.params['id']!);
  if (E.isLeft(r)) return fail(r.left);
  return ctx.query['format'] === 'provn'
    ? { text: provN(r.right), contentType: 'text/provenance-notation; charset=utf-8' }
    : answer(r);
};

export const executionArtifactHandler: Handler = async (ctx) => {
  const r = await ctx.app.executions.artifact(
    ctx.params['id']!,
    ctx.query['attempt'] as number,
    ctx.query['name'] as string,
  );
  if (E.isLeft(r)) return fail(r.left);
  const file = (ctx.query['name'] as string).replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    text: r.right.content,
    contentType: r.right.mediaType,
    headers: { 'Content-Disposition': `attachment; filename="${file}"` },
  };
};

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const executionHandlers: Readonly<Record<string, Handler>> = {
  createExecution: createExecutionHandler,
  listExecutions: listExecutionsHandler,
  getExecution: getExecutionHandler,
  executionStatus: executionStatusHandler,
  executionDropStates: executionDropStatesHandler,
  executionEvents: executionEventsHandler,
  executeExecution: executeExecutionHandler,
  cancelExecution: cancelExecutionHandler,
  retryExecution: retryExecutionHandler,
  executionSummary: executionSummaryHandler,
  executionLedgerSnapshot: executionLedgerHandler,
  overview: overviewHandler,
  executionArtifact: executionArtifactHandler,
  executionProvenance: executionProvenanceHandler,
  compareExecutions: compareExecutionsHandler,
  reproduceExecution: reproduceExecutionHandler,
};
