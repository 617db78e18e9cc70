import type { IncomingMessage } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import type { SurveyorOperations } from '../../core/app/surveyor.js';
import type { EventPageRequest, PageRequest } from '../../core/app/pages.js';
import type { AppError } from '../../core/errors.js';
import type { HealthProbe } from '../../core/ports/HealthProbe.js';
import type { Actor } from '../../core/usecases/profiles/saveProfile.js';
import type { Principal } from '../../core/usecases/auth/authenticate.js';
import type { Logger } from '../../adapters/log/logger.js';
import type { Metrics } from '../../adapters/metrics/registry.js';

/** What the process offers besides the application: for /ready, /metrics and login counters. */
export interface HostParts {
  readonly metrics: Metrics;
  readonly probes: readonly HealthProbe[];
  readonly now: () => Date;
}

export interface HandlerContext {
  readonly req: IncomingMessage;
  /** The application: a handler decodes, calls one operation and encodes what it answers. */
  readonly app: SurveyorOperations;
  readonly host: HostParts;
  readonly log: Logger;
  readonly requestId: string;
  readonly clientAddress: string;
  /** Whether the request came over TLS (directly, or per X-Forwarded-Proto behind SERVICE_TRUST_PROXY). */
  readonly secureTransport: boolean;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** The decoded body when the route takes one (JSON decoded by the route's codec, YAML as text). */
  readonly body: unknown;
  /** Present on every route that is not public. */
  readonly principal: Principal | undefined;
}

export type HandlerResult =
  | { readonly status?: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | { readonly text: string; readonly contentType: string; readonly headers?: Record<string, string> }
  | { readonly error: AppError; readonly headers?: Record<string, string> };

export type Handler = (ctx: HandlerContext) => Promise<HandlerResult>;

export const fail = (error: AppError, headers?: Record<string, string>): HandlerResult =>
  headers ? { error, headers } : { error };

/** A refusal, with Retry-After when the error says when to try again (the login throttle's 429). */
export const failRetryable = (error: AppError): HandlerResult => {
  const retry = error.details?.['retry_after_seconds'];
  return typeof retry === 'number' ? fail(error, { 'Retry-After': String(retry) }) : fail(error);
};

/** An operation's answer as a response: the view as the body, or the error. */
export const answer = <T>(r: E.Either<AppError, T>, status?: number): HandlerResult =>
  E.isLeft(r) ? { error: r.left } : status === undefined ? { body: r.right } : { status, body: r.right };

/** The page a list request asks for (`limit`, `cursor`). */
export const pageOf = (ctx: HandlerContext): PageRequest => ({
  limit: ctx.query['limit'] as number | undefined,
  cursor: ctx.query['cursor'] as string | undefined,
});

/** A page of an event stream: a page, and from which end (the routes' EventPageQuery). */
export const eventPageOf = (ctx: HandlerContext): EventPageRequest => ({
  ...pageOf(ctx),
  order: ctx.query['order'] as EventPageRequest['order'],
});

/** Who is asking (every route that is not public has a principal). */
export const actorOf = (ctx: HandlerContext): Actor => ({
  username: ctx.principal!.username,
  role: ctx.principal!.role,
});
