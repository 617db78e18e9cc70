// The closed set of error codes. Hosts map each code to one HTTP status and one CLI exit code;
// the same codes appear in the OpenAPI document.
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unsupported_media_type',
  'payload_too_large',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'rate_limited',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

export interface AppError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export const appError = (
  code: ErrorCode,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): AppError => (details === undefined ? { code, message } : { code, message, details });

export const validationError = (message: string, issues: readonly FieldIssue[]): AppError =>
  appError('validation_failed', message, { issues });

/**
 * A part of the service is at its limit for now (every thread busy and its queue full): the API
 * answers 503 with Retry-After. Thrown, not returned: it is the service's state, not the request's.
 */
export class Overloaded extends Error {
  constructor(readonly what: string) {
    super(`${what} are all busy; try again shortly`);
    this.name = 'Overloaded';
  }
}
