import type { Tracer } from '../../core/ports/Tracer.js';
import { apiPrefix, type RouteSpec } from '../../schema/routes.js';
import type { HandlerResult } from './handler.js';

/**
 * Runs a request's handler, in the trace of the execution it acts on: a write to
 * `/executions/{id}/…` (execute, cancel, retry, reproduce) is a span of that execution's trace,
 * and a create is recorded in the new execution's trace once its id is known. Reads are left out:
 * a console watching a run would fill its trace with them.
 */
export const tracedCall = async (
  tracer: Tracer,
  route: RouteSpec,
  params: Readonly<Record<string, unknown>>,
  call: () => Promise<HandlerResult>,
  now: () => Date,
): Promise<HandlerResult> => {
  if (route.method === 'GET' || !route.path.startsWith('/executions')) return call();
  const name = `${route.method} ${apiPrefix}${route.path}`;
  const attributes = { 'http.request.method': route.method, 'http.route': `${apiPrefix}${route.path}` };
  const id = params['id'];
  if (route.path.startsWith('/executions/{id}') && typeof id === 'string')
    return tracer.inExecution(id, name, attributes, call);
  if (route.id !== 'createExecution') return call();
  const started = now();
  const r = await call();
  const made = 'body' in r && r.status === 201 ? (r.body as { uuid?: unknown } | null)?.uuid : undefined;
  if (typeof made === 'string')
    tracer.record(made, name, { ...attributes, 'http.response.status_code': 201 }, started, now());
  return r;
};
