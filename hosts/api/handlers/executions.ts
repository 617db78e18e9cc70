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
import type { ProvenanceEvent } from '../../../core/domain/event.js';
import type { Execution } from '../../../core/domain/executionRecord.js';
import { admitExecution, capBlocker } from '../../../core/usecases/executions/admitExecution.js';
import { cancelExecution } from '../../../core/usecases/executions/cancelExecution.js';
import { executionSummary, ledgerSnapshot } from '../../../core/usecases/executions/executionReports.js';
import { type ExecuteInput, requestExecute } from '../../../core/usecases/executions/requestExecute.js';
import { retryExecution } from '../../../core/usecases/executions/retryExecution.js';
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

/** The execution's sources that still exist, in its order. */
const sourcesOf = async (deps: ReturnType<typeof executionDeps>, e: Execution) =>
  (await Promise.all(e.sourceIds.map((id) => deps.sources.get(id)))).filter((s): s is Source => s !== null);

const noExecution = (id: string) => appError('not_found', `no execution ${id}`);

export const executionStatusHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const e = await deps.executions.get(ctx.params['id']!);
  if (!e) return fail(noExecution(ctx.params['id']!));
  const sources = await sourcesOf(deps, e);
  const pinned = await deps.configs.get(e.projectModule, e.configVersion);
  const s = statusOf(e, sources, pinned?.config.discovery.required_flags ?? []);
  if (e.state === 'pending' && e.executeRequestedAt !== null && pinned) {
    const inFlight = (await deps.executions.inFlightByProject()).get(e.projectModule) ?? 0;
    const cap = capBlocker(inFlight, pinned.config.automation.execution.concurrent_runs);
    if (cap) s.blocked_by.push(cap);
  }
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

const sourceIdentifiers = async (deps: ReturnType<typeof executionDeps>, e: Execution) =>
  (await Promise.all(e.sourceIds.map((id) => deps.sources.get(id)))).map(
    (s) => s?.sourceIdentifier ?? '(deleted)',
  );

export const executeExecutionHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const r = await requestExecute(deps, ctx.params['id']!, ctx.body as ExecuteInput, ctx.principal!.username);
  if (E.isLeft(r)) return fail(r.left);
  const { execution, blockedBy } = r.right;
  ctx.log.info(
    { execution_id: execution.id, state: execution.state, blocked_by: blockedBy },
    'execute requested',
  );
  return {
    status: 202,
    body: { ...viewExecution(execution, await sourceIdentifiers(deps, execution)), blocked_by: blockedBy },
  };
};

export const cancelExecutionHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const r = await cancelExecution(deps, ctx.params['id']!, ctx.principal!.username);
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info({ execution_id: r.right.id, state: r.right.state }, 'cancel requested');
  return { status: 202, body: viewExecution(r.right, await sourceIdentifiers(deps, r.right)) };
};

export const retryExecutionHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const r = await retryExecution(deps, ctx.params['id']!, ctx.principal!.username);
  if (E.isLeft(r)) return fail(r.left);
  let e = r.right;
  if (e.executeRequestedAt !== null) {
    // Asked to run before: admit the new attempt now if its gates pass (else the tick will).
    const inFlight = (await deps.executions.inFlightByProject()).get(e.projectModule) ?? 0;
    if ((await admitExecution(deps, e, inFlight)).admitted) e = (await deps.executions.get(e.id)) ?? e;
  }
  ctx.log.info({ execution_id: e.id, attempt: e.attempt, state: e.state }, 'retry requested');
  return { status: 202, body: viewExecution(e, await sourceIdentifiers(deps, e)) };
};

const allEvents = async (deps: ReturnType<typeof executionDeps>, id: string) => {
  const out: ProvenanceEvent[] = [];
  let cursor: string | null = null;
  // An execution has tens of events; the bound keeps a runaway history from costing a request.
  for (let page = 0; page < 20; page++) {
    const p = await deps.events.read(
      { kind: 'subject', subjectType: 'execution', subjectId: id },
      500,
      cursor,
    );
    out.push(...p.items);
    if (p.nextCursor === null) break;
    cursor = p.nextCursor;
  }
  return out;
};

export const executionSummaryHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const e = await deps.executions.get(ctx.params['id']!);
  if (!e) return fail(noExecution(ctx.params['id']!));
  return { body: executionSummary(e, await allEvents(deps, e.id)) };
};

export const executionLedgerHandler: Handler = async (ctx) => {
  const deps = executionDeps(ctx.container);
  const e = await deps.executions.get(ctx.params['id']!);
  if (!e) return fail(noExecution(ctx.params['id']!));
  const sources = await sourcesOf(deps, e);
  return {
    body: ledgerSnapshot(
      e,
      await deps.configs.get(e.projectModule, e.configVersion),
      sources,
      await deps.executions.artifacts(e.id),
      await allEvents(deps, e.id),
      deps.clock.now(),
    ),
  };
};
