import type { ProjectOwner } from '../core/app/accessOperations.js';
import type * as t from 'io-ts';
import type { AppError, ErrorCode } from '../core/errors.js';
import type { Role } from '../core/domain/roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseSpec {
  readonly description: string;
  readonly codec?: t.Mixed;
  /** For non-JSON responses (Prometheus text, YAML). */
  readonly contentType?: string;
  /**
   * The JSON schema of an answer no codec describes: an artifact is its file's own JSON, an object
   * or an array, which a generated client must parse as such (not as a string).
   */
  readonly schema?: Readonly<Record<string, unknown>>;
  /** Other media types the same answer may come in, as text, when the request asks (PROV-N). */
  readonly alsoAs?: readonly string[];
}

/**
 * One API route as data: the API host mounts handlers by `id`, the OpenAPI generator describes it,
 * and the role rule here is the one enforced.
 */
export interface RouteSpec {
  readonly id: string;
  readonly method: HttpMethod;
  /** OpenAPI path template relative to /api/v2, e.g. `/executions/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  /** `public` needs no token; a role is the least role that may call it. */
  readonly auth: 'public' | Role;
  readonly body?: {
    readonly codec: t.Mixed;
    readonly contentType: 'application/json' | 'application/x-yaml';
    /** For a YAML body: what the parsed document must be, as the API document states it. */
    readonly document?: t.Mixed;
  };
  /** `alsoOn`: other statuses answered with the same body (readiness answers 503 with it). */
  readonly success: { readonly status: number; readonly alsoOn?: readonly number[] } & ResponseSpec;
  /** Query parameters, decoded (422 when invalid). */
  readonly query?: t.Mixed;
  /** Path parameters by name; one that does not decode answers 404 (no such resource). */
  readonly params?: Readonly<Record<string, t.Mixed>>;
  /** Checks the parsed body before decoding, for errors clearer than the codec's. */
  readonly precheck?: (raw: unknown) => AppError | null;
  /** Error codes this route can answer with, beyond those every route can. */
  readonly errors: readonly ErrorCode[];
  /**
   * Exempt from output redaction, with the reason: the response carries fresh credentials, or it
   * is a schema document whose property names (password, token) look like secrets.
   */
  readonly unredacted?: 'credentials' | 'schema';
  /**
   * Where the project the route acts on is, for a caller whose own role is not enough but who
   * holds a role for single projects (core/domain/roles.ts roleIn): a field of the body, path or
   * query, or the project of the execution, source, profile or alert rule its `id` names. Without
   * it (or when the resource belongs to no project) only the caller's own role counts.
   */
  readonly project?:
    | { readonly in: 'body' | 'params' | 'query'; readonly field: string }
    | { readonly of: ProjectOwner };
}
