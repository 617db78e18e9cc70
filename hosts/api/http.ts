import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AppError, appError } from '../../core/errors.js';
import { redactedJson, type SecretRegistry } from '../../core/redaction.js';
import { httpStatusOf } from '../../schema/httpStatus.js';

/** Writes a JSON response; every body passes through redaction unless it carries fresh credentials. */
export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  opts: { secrets: SecretRegistry; skipRedaction?: boolean; headers?: Record<string, string> },
): void => {
  const payload = opts.skipRedaction ? JSON.stringify(body) : redactedJson(body, opts.secrets);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    ...opts.headers,
  });
  res.end(payload);
};

export const sendText = (
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void => {
  res.writeHead(status, {
    ...headers,
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
};

export const errorBody = (err: AppError, requestId: string) => ({
  error: {
    code: err.code,
    message: err.message,
    ...(err.details ? { details: err.details } : {}),
    request_id: requestId,
  },
});

export const sendError = (
  res: ServerResponse,
  err: AppError,
  requestId: string,
  secrets: SecretRegistry,
  headers?: Record<string, string>,
): number => {
  const status = httpStatusOf[err.code];
  sendJson(res, status, errorBody(err, requestId), { secrets, ...(headers ? { headers } : {}) });
  return status;
};

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's request id when it is a sane token, else a new one. */
export const requestIdOf = (req: IncomingMessage, fresh: () => string): string => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : fresh();
};

/**
 * The client's address. Behind a proxy we run (SERVICE_TRUST_PROXY), X-Forwarded-For's rightmost
 * entry: the one our proxy appended, the address it saw. Entries left of it are whatever the
 * client sent, so they are never believed.
 */
export const clientAddressOf = (req: IncomingMessage, trustProxy: boolean): string => {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const all = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? '')).split(',');
    const last = all[all.length - 1]?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
};

/** Whether the request came over TLS: to us, or (behind a proxy we run) to the proxy. */
export const secureTransportOf = (req: IncomingMessage, trustProxy: boolean): boolean =>
  (req.socket as { encrypted?: boolean }).encrypted === true ||
  (trustProxy && String(req.headers['x-forwarded-proto'] ?? '').trim() === 'https');

export const bearerOf = (req: IncomingMessage): string | undefined => {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
};

/**
 * Reads the whole body, refusing (413) past `limit` bytes. The excess is drained, not buffered,
 * and the 413 response closes the connection.
 */
export const readBody = (req: IncomingMessage, limit: number): Promise<Buffer | AppError> =>
  new Promise((resolve, reject) => {
    const tooLarge = appError('payload_too_large', `the request body is larger than ${limit} bytes`, {
      limit_bytes: limit,
    });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve(tooLarge);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });

/** The media type of the request without parameters, lower-cased. */
export const mediaTypeOf = (req: IncomingMessage): string =>
  (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

export const isAppError = (v: unknown): v is AppError =>
  typeof v === 'object' &&
  v !== null &&
  'code' in v &&
  'message' in v &&
  typeof (v as AppError).code === 'string';
