import type { IncomingMessage } from 'node:http';
import type { Container } from 'inversify';
import type { AppError } from '../../core/errors.js';
import type { Principal } from '../../core/usecases/authenticate.js';
import type { Logger } from '../../adapters/log/logger.js';

export interface HandlerContext {
  readonly req: IncomingMessage;
  readonly container: Container;
  readonly log: Logger;
  readonly requestId: string;
  readonly clientAddress: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** The decoded body when the route takes one (JSON decoded by the route's codec, YAML as text). */
  readonly body: unknown;
  /** Present on every route that is not public. */
  readonly principal: Principal | undefined;
}

export type HandlerResult =
  | { readonly status?: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | { readonly text: string; readonly contentType: string }
  | { readonly error: AppError; readonly headers?: Record<string, string> };

export type Handler = (ctx: HandlerContext) => Promise<HandlerResult>;

export const fail = (error: AppError, headers?: Record<string, string>): HandlerResult =>
  headers ? { error, headers } : { error };
