import type { ErrorCode } from '../core/errors.js';

/** The one mapping from error code to HTTP status. */
export const httpStatusOf: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 422,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};
