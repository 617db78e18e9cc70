import type { IncomingMessage, ServerResponse } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import restify, {
  type Request as RestifyRequest,
  type Response as RestifyResponse,
  type Server as RestifyServer,
} from 'restify';
import { badText, valueProblem } from '../../core/domain/jsonValues.js';
import { type AppError, appError, Overloaded, validationError } from '../../core/errors.js';
import type { Random } from '../../core/ports/Random.js';
import { type Tracer, untraced } from '../../core/ports/Tracer.js';
import type { SurveyorPorts } from '../../core/app/ports.js';
import { redactString, type SecretRegistry } from '../../core/redaction.js';
import { authorize, authorizeIn, type Role } from '../../core/domain/roles.js';
import type { Principal } from '../../core/usecases/auth/authenticate.js';
import type { SurveyorOperations } from '../../core/app/surveyor.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { HealthProbe } from '../../core/ports/HealthProbe.js';
import type { Logger } from '../../adapters/log/logger.js';
import type { Metrics } from '../../adapters/metrics/registry.js';
import { isDatabaseUnavailable } from '../composition/database.js';
import type { Config } from '../../schema/environment.js';
import { decodeWith } from '../../schema/decode.js';
import { apiPrefix, type RouteSpec, routes } from '../../schema/routes.js';
import { appOf, TYPES } from '../composition/composition.js';
import type { Handler, HandlerResult, HostParts } from './handler.js';
import {
  bearerOf,
  errorBody,
  clientAddressOf,
  mediaTypeOf,
  readBody,
  requestIdOf,
  sendError,
  sendJson,
  secureTransportOf,
  sendText,
} from './http.js';
import { loadConsoleAssets, sendConsoleAsset } from './consoleAssets.js';
import { handlers } from './handlerTable.js';
import { tracedCall } from './routeTrace.js';

interface Pipeline {
  readonly app: SurveyorOperations;
  readonly host: HostParts;
  readonly config: Config;
  readonly log: Logger;
  readonly secrets: SecretRegistry;
  readonly metrics: Metrics;
  readonly random: Random;
  readonly tracer: Tracer;
}

/** Deepest nesting a JSON body may have (the deepest codec needs far fewer). */
const maxBodyDepth = 64;

const maxBodyFor = (route: RouteSpec, c: Config) =>
  route.body?.contentType === 'application/x-yaml'
    ? c.SERVICE_MAX_YAML_BODY_BYTES
    : c.SERVICE_MAX_JSON_BODY_BYTES;

/** Takes and decodes the body a route declares: 415, 413, 400 and 422 come from here. */
const takeBody = async (
  route: RouteSpec,
  req: IncomingMessage,
  c: Config,
): Promise<E.Either<AppError, unknown>> => {
  if (!route.body) return E.right(undefined);
  const want = route.body.contentType;
  const got = mediaTypeOf(req);
  const accepted =
    want === 'application/x-yaml' ? ['application/x-yaml', 'application/yaml', 'text/yaml'] : [want];
  if (!accepted.includes(got))
    return E.left(appError('unsupported_media_type', `send Content-Type: ${want} (got ${got || 'none'})`));
  const raw = await readBody(req, maxBodyFor(route, c));
  if (!Buffer.isBuffer(raw)) return E.left(raw);
  const text = raw.toString('utf8');
  if (want === 'application/x-yaml') return E.right(text);
  if (text.trim().length === 0)
    return E.left(appError('bad_request', 'the request body is empty; send a JSON document'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return E.left(appError('bad_request', `the request body is not valid JSON: ${(err as Error).message}`));
  }
  // Before anything reads it: no nesting past 64 levels, no NUL or lone surrogate in any string
  // (PostgreSQL refuses both as text; they would come back as a 500 from deep inside).
  const problem = valueProblem(parsed, maxBodyDepth);
  if (problem) return E.left(validationError('the request body is not valid', [problem]));
  const pre = route.precheck?.(parsed);
  if (pre) return E.left(pre);
  const decoded = decodeWith(route.body.codec, parsed);
  return E.isLeft(decoded) ? E.left(validationError('the request body is not valid', decoded.left)) : decoded;
};

/** Path parameters that do not decode name no resource: 404. Bad query parameters: 422. */
const takeParams = (route: RouteSpec, req: RestifyRequest): E.Either<AppError, Record<string, string>> => {
  const params = req.params ?? {};
  for (const [name, codec] of Object.entries(route.params ?? {}))
    if (E.isLeft(codec.decode(params[name])) || badText(String(params[name] ?? '')) !== null)
      return E.left(appError('not_found', `no ${route.tag.replace(/s$/, '')} ${params[name]}`));
  return E.right(params);
};

/** Whether every part of a query string decodes as UTF-8 (URLSearchParams turns bad bytes into U+FFFD silently). */
const queryIsUtf8 = (url: string): boolean => {
  const q = url.indexOf('?');
  if (q < 0) return true;
  try {
    for (const part of url.slice(q + 1).split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
};

const takeQuery = (route: RouteSpec, req: RestifyRequest): E.Either<AppError, Record<string, unknown>> => {
  if (!queryIsUtf8(req.url ?? '/'))
    return E.left(
      validationError('the query parameters are not valid', [
        { path: '(query)', message: 'percent-encoded bytes that are not UTF-8' },
      ]),
    );
  const raw = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  const problem = valueProblem(raw, 2);
  if (problem) return E.left(validationError('the query parameters are not valid', [problem]));
  if (!route.query) return E.right(raw);
  const decoded = decodeWith(route.query, raw);
  return E.isLeft(decoded)
    ? E.left(validationError('the query parameters are not valid', decoded.left))
    : E.right(decoded.right as Record<string, unknown>);
};

/**
 * Who asks, and whether their own role is enough. When it is not but the route names its project
 * (`route.project`) and they hold roles for single projects, the refusal waits (`pending`) until
 * the request's project is known (projectAccess).
 */
const authFor = async (
  route: RouteSpec,
  req: IncomingMessage,
  app: SurveyorOperations,
): Promise<E.Either<AppError, { principal?: Principal; pending?: AppError }>> => {
  if (route.auth === 'public') return E.right({});
  const p = await app.auth.authenticate(bearerOf(req));
  if (E.isLeft(p)) return p;
  const own = authorize(p.right, route.auth);
  if (E.isRight(own)) return E.right({ principal: p.right });
  if (route.project && Object.keys(p.right.projectRoles).length > 0)
    return E.right({ principal: p.right, pending: own.left });
  return own;
};

/**
 * The caller with its role for the request's project, when that role is enough: the project from
 * the decoded request, or of the resource its id names. A body that names a project as well (a
 * profile or a rule replaced) must name one where the role holds too, so nothing is moved to a
 * project the caller does not run, or made for every project. Without a project (none found, a
 * global profile, a rule on every project) the refusal stands.
 */
const projectAccess = async (
  route: RouteSpec,
  principal: Principal,
  refusal: AppError,
  request: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
  app: SurveyorOperations,
): Promise<E.Either<AppError, Principal>> => {
  const where = route.project;
  if (!where) return E.left(refusal);
  const fieldOf = (from: unknown, field: string): unknown =>
    from && typeof from === 'object' ? (from as Record<string, unknown>)[field] : undefined;
  let project: unknown = null;
  if ('of' in where) {
    const id = request.params['id'];
    project = typeof id === 'string' ? await app.access.projectOf(where.of, id) : null;
  } else
    project = fieldOf(
      where.in === 'body' ? request.body : where.in === 'params' ? request.params : request.query,
      where.field,
    );
  if (typeof project !== 'string') return E.left(refusal);
  const named = fieldOf(request.body, 'project_module');
  if (named !== undefined && named !== project) {
    if (typeof named !== 'string') return E.left(refusal);
    const there = authorizeIn(principal, route.auth as Role, named);
    if (E.isLeft(there)) return there;
  }
  return authorizeIn(principal, route.auth as Role, project);
};

const mount = (server: RestifyServer, route: RouteSpec, handler: Handler, p: Pipeline) => {
  const path = apiPrefix + route.path.replace(/\{([^}]+)\}/g, ':$1');
  const run = async (req: RestifyRequest, res: RestifyResponse): Promise<void> => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req, () => p.random.uuid());
    res.setHeader('X-Request-Id', requestId);
    const log = p.log.child({ req_id: requestId });
    let status = 500;
    try {
      const access = await authFor(route, req, p.app);
      const principal = E.map((a: { principal?: Principal }) => a.principal)(access);
      // A program using an API token hears when it ends on every answer, to renew it in time.
      const ends = E.isRight(principal) ? principal.right?.tokenExpiresAt : null;
      if (ends) res.setHeader('X-Surveyor-Token-Expires', ends.toISOString());
      const params = takeParams(route, req);
      const query = takeQuery(route, req);
      const body =
        E.isRight(principal) && E.isRight(params) && E.isRight(query)
          ? await takeBody(route, req, p.config)
          : E.right(undefined);
      let result: HandlerResult;
      const caller =
        E.isRight(access) && access.right.pending && E.isRight(params) && E.isRight(query) && E.isRight(body)
          ? await projectAccess(
              route,
              access.right.principal!,
              access.right.pending,
              { params: params.right, query: query.right, body: body.right },
              p.app,
            )
          : principal;
      if (E.isLeft(caller)) result = { error: caller.left };
      else if (E.isLeft(params)) result = { error: params.left };
      else if (E.isLeft(query)) result = { error: query.left };
      else if (E.isLeft(body)) result = { error: body.left };
      else
        result = await tracedCall(
          p.tracer,
          route,
          params.right,
          () =>
            handler({
              req,
              app: p.app,
              host: p.host,
              log,
              requestId,
              clientAddress: clientAddressOf(req, p.config.SERVICE_TRUST_PROXY),
              secureTransport: secureTransportOf(req, p.config.SERVICE_TRUST_PROXY),
              params: params.right,
              query: query.right,
              body: body.right,
              principal: caller.right,
            }),
          () => p.host.now(),
        );
      status = respond(res, result, requestId, route, p.secrets);
    } catch (err) {
      const outage = isDatabaseUnavailable(err);
      if (outage) log.warn({ err }, 'request failed: the database is unavailable');
      else if (err instanceof Overloaded) log.warn({ err }, 'request refused: busy');
      else log.error({ err }, 'request failed');
      status = res.headersSent
        ? status
        : outage
          ? sendError(
              res,
              appError('unavailable', 'the database is unavailable; nothing was lost, try again shortly', {
                dependency: 'database',
              }),
              requestId,
              p.secrets,
              { 'Retry-After': '5' },
            )
          : err instanceof Overloaded
            ? sendError(res, appError('unavailable', err.message), requestId, p.secrets, {
                'Retry-After': '5',
              })
            : sendError(
                res,
                appError('internal', 'internal error; the request id identifies it in the logs'),
                requestId,
                p.secrets,
              );
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const labels = { method: route.method, route: route.path, status: String(status) };
      p.metrics.httpRequests.inc(labels);
      p.metrics.httpDuration.observe(labels, seconds);
      // A probe answered (a load balancer's health check, a scrape) is the steady beat of a
      // running service: at debug, so the log shows what people and programs asked for.
      const line = { method: route.method, route: route.path, status, ms: Math.round(seconds * 1000) };
      if (probeRoutes.has(route.id) && status < 500) log.debug(line, 'request');
      else log.info(line, 'request');
    }
  };
  const verb = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'del' } as const;
  server[verb[route.method]](path, run);
};

/** Routes that probes call over and over: their answers are logged at debug. */
const probeRoutes: ReadonlySet<string> = new Set(['health', 'ready', 'metrics']);

const respond = (
  res: ServerResponse,
  result: HandlerResult,
  requestId: string,
  route: RouteSpec,
  secrets: SecretRegistry,
): number => {
  if ('error' in result) {
    const extra =
      result.error.code === 'payload_too_large' ? { Connection: 'close', ...result.headers } : result.headers;
    return sendError(res, result.error, requestId, secrets, extra);
  }
  if ('text' in result) {
    sendText(res, 200, result.contentType, result.text, result.headers);
    return 200;
  }
  const status = result.status ?? route.success.status;
  sendJson(res, status, result.body, {
    secrets,
    skipRedaction: route.unredacted !== undefined,
    ...(result.headers ? { headers: result.headers } : {}),
  });
  return status;
};

/**
 * Answers what no route matched with the one error shape. restify sends the error object itself
 * after the listener returns, so the listener shapes that object rather than writing the response.
 */
const unmatched = (p: Pipeline, code: 'not_found' | 'method_not_allowed', status: number) =>
  ((
    req: IncomingMessage,
    res: ServerResponse,
    err: { statusCode?: number; toJSON?: () => unknown },
    cb: () => void,
  ) => {
    const requestId = requestIdOf(req, () => p.random.uuid());
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('Cache-Control', 'no-store');
    const message =
      code === 'not_found'
        ? `no route ${req.method} ${req.url?.split('?')[0]}`
        : `${req.method} is not allowed here`;
    const body = errorBody(appError(code, redactString(message, p.secrets)), requestId);
    err.statusCode = status;
    err.toJSON = () => body;
    p.metrics.httpRequests.inc({ method: req.method ?? '', route: '(unmatched)', status: String(status) });
    cb();
  }) as (...args: never[]) => void;

export const createApiServer = (container: Container): RestifyServer => {
  const clock = container.get<Clock>(TYPES.Clock);
  const p: Pipeline = {
    app: appOf(container),
    host: {
      metrics: container.get<Metrics>(TYPES.Metrics),
      probes: container.get<readonly HealthProbe[]>(TYPES.Probes),
      now: () => clock.now(),
    },
    config: container.get<Config>(TYPES.Config),
    log: container.get<Logger>(TYPES.Logger),
    secrets: container.get<SecretRegistry>(TYPES.Secrets),
    metrics: container.get<Metrics>(TYPES.Metrics),
    random: container.get<Random>(TYPES.Random),
    tracer: container.get<SurveyorPorts>(TYPES.Ports).tracer ?? untraced,
  };
  const server = restify.createServer({
    name: 'surveyor',
    handleUncaughtExceptions: false,
    ignoreTrailingSlash: true,
  });
  for (const route of routes) {
    const handler = handlers[route.id];
    if (!handler) throw new Error(`no handler for route ${route.id}`);
    mount(server, route, handler, p);
  }
  mountConsole(server, loadConsoleAssets());
  server.on('NotFound', unmatched(p, 'not_found', 404));
  server.on('MethodNotAllowed', unmatched(p, 'method_not_allowed', 405));
  return server;
};

/** The web console at `/`: its page, and its files under `/console/` (hosts/console). */
const mountConsole = (server: RestifyServer, assets: ReturnType<typeof loadConsoleAssets>) => {
  server.get('/', async (req: RestifyRequest, res: RestifyResponse) => {
    sendConsoleAsset(assets, 'index.html', req, res);
  });
  server.get('/console/:file', async (req: RestifyRequest, res: RestifyResponse) => {
    sendConsoleAsset(assets, String(req.params?.['file'] ?? ''), req, res);
  });
};

export const listen = (server: RestifyServer, port: number, host: string): Promise<string> =>
  new Promise((resolve) => {
    server.listen(port, host, () => {
      const a = server.address();
      resolve(`http://${a.address.includes(':') ? `[${a.address}]` : a.address}:${a.port}`);
    });
  });
