import * as E from 'fp-ts/lib/Either.js';
import { appError, validationError } from '../../../core/errors.js';
import { viewExecution } from '../../../core/domain/executionRecord.js';
import type { Source } from '../../../core/domain/source.js';
import { canonicalJson } from '../../../core/usecases/discovery/computeDiscovery.js';
import {
  type CreateExecutionInput,
  createExecution,
} from '../../../core/usecases/executions/createExecution.js';
import { statusOf } from '../../../core/usecases/executions/executionStatus.js';
import { executionDeps } from '../../shared/composition.js';
import { fail, type Handler } from '../handler.js';
import { eventPage } from './eventPage.js';

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
  const deps = executionDeps(ctx.container);
  const input = ctx.body as CreateExecutionInput;
  const r = await createExecution(deps, input, {
    ...(key !== undefined ? { idempotencyKey: key } : {}),
    requestHash: deps.digest.digest(canonicalJson(input, new Set())),
    by: ctx.principal!.username,
  });
  if (E.isLeft(r)) return fail(r.left);
  const { execution, created } = r.right;
  if (created)
    ctx.log.info(
      { execution_id: execution.id, project_module: execution.projectModule },
      'execution created',
    );
  const sources = await Promise.all(execution.sourceIds.map((id) => deps.sources.get(id)));
  return {
    status: created ? 201 : 200,
    body: viewExecution(
      execution,
      sources.map((s) => s?.sourceIdentifier ?? '(deleted)'),
    ),
  };
};

const noExecution = (id: string) => appError('not_found', `no execution ${id}`);

export const executionStatusHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const e = await deps.executions.get(ctx.params['id']!);
  if (!e) return fail(noExecution(ctx.params['id']!));
  const sources = (await Promise.all(e.sourceIds.map((id) => deps.sources.get(id)))).filter(
    (s): s is Source => s !== null,
  );
  const pinned = await deps.configs.get(e.projectModule, e.configVersion);
  const s = statusOf(e, sources, pinned?.config.discovery.required_flags ?? []);
  return {
    body: {
      ...viewExecution(
        e,
        sources.map((x) => x.sourceIdentifier),
      ),
      phase: s.phase,
      blocked_by: s.blocked_by,
      source_status: s.sources,
    },
  };
};

export const executionEventsHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const id = ctx.params['id']!;
  if (!(await deps.executions.get(id))) return fail(noExecution(id));
  return eventPage(ctx, deps.events, { kind: 'subject', subjectType: 'execution', subjectId: id });
};
