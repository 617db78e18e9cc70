import type { ErrorCode } from '../core/errors.js';
import { ErrorBody } from './api/errors.js';
import { httpStatusOf } from './httpStatus.js';
import { type JsonSchema, toJsonSchema } from './jsonSchema.js';
import { apiPrefix, type RouteSpec, routes } from './routes.js';
import { serviceVersion } from './version.js';

/** Codes any route may answer with, given what it takes. */
export const implicitErrors = (r: RouteSpec): ErrorCode[] => {
  const codes: ErrorCode[] = ['internal'];
  if (r.body) codes.push('bad_request', 'unsupported_media_type', 'payload_too_large', 'validation_failed');
  if (r.auth !== 'public') codes.push('unauthorized');
  // A viewer's route refuses an account with no role of its own outside its projects.
  if (r.auth !== 'public' && r.auth !== 'none') codes.push('forbidden');
  if (r.path.includes('{')) codes.push('not_found');
  if (r.query) codes.push('validation_failed');
  return codes;
};

const pathParams = (r: RouteSpec) =>
  [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => {
    const codec = r.params?.[m[1]!];
    return {
      name: m[1],
      in: 'path',
      required: true,
      schema: codec ? toJsonSchema(codec) : { type: 'string' },
    };
  });

const queryParams = (r: RouteSpec) => {
  if (!r.query) return [];
  const s = toJsonSchema(r.query) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: (s.required ?? []).includes(name),
    schema,
  }));
};

/** Builds the OpenAPI 3.1 document from the route table and the io-ts codecs. */
export const buildOpenApi = (): JsonSchema => {
  const components = new Map<string, JsonSchema>();
  const ref = (codec: Parameters<typeof toJsonSchema>[0]) => toJsonSchema(codec, { components }, false);
  const errorRef = ref(ErrorBody);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const responses: Record<string, unknown> = {};
    const successResponse = {
      description: r.success.description,
      content: r.success.codec
        ? {
            'application/json': { schema: ref(r.success.codec) },
            ...Object.fromEntries((r.success.alsoAs ?? []).map((m) => [m, { schema: { type: 'string' } }])),
          }
        : {
            [r.success.contentType ?? 'application/json']: {
              schema: r.success.schema ?? (r.success.contentType ? { type: 'string' } : { type: 'object' }),
            },
          },
    };
    for (const status of [r.success.status, ...(r.success.alsoOn ?? [])])
      responses[String(status)] = successResponse;
    const codes = [...new Set([...implicitErrors(r), ...r.errors])];
    for (const code of codes) {
      const status = String(httpStatusOf[code]);
      const existing = responses[status] as { description: string } | undefined;
      if (status === String(r.success.status) || r.success.alsoOn?.includes(Number(status))) continue;
      responses[status] = {
        description: existing ? `${existing.description}, ${code}` : code,
        content: { 'application/json': { schema: errorRef } },
        ...(code === 'rate_limited' ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
      };
    }
    const op: Record<string, unknown> = {
      operationId: r.id,
      summary: r.summary,
      tags: [r.tag],
      'x-required-role': r.auth,
      // Where a role granted for a single project is looked for (roles per project).
      ...(r.project
        ? {
            'x-project':
              'of' in r.project ? `the ${r.project.of} its id names` : `${r.project.in}.${r.project.field}`,
          }
        : {}),
      security: r.auth === 'public' ? [] : [{ bearer: [] }],
      responses,
    };
    const params = [...pathParams(r), ...queryParams(r)];
    if (params.length > 0) op['parameters'] = params;
    if (r.body)
      op['requestBody'] = {
        required: true,
        content: {
          [r.body.contentType]: {
            schema:
              r.body.contentType === 'application/json'
                ? ref(r.body.codec)
                : r.body.document
                  ? ref(r.body.document)
                  : { type: 'string' },
          },
        },
      };
    paths[r.path] = { ...(paths[r.path] ?? {}), [r.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'surveyor',
      version: serviceVersion,
      description:
        'Survey processing control plane. Every error body is {error: {code, message, details?, request_id?}}. ' +
        'x-required-role names the least role that may call an operation (none < viewer < operator < admin; `none` is any signed-in account, for routes about its own login and tokens). An account with no role of its own (`none`) acts only in the projects it holds a role for (`x-project` says where the project of a route is). ' +
        'Request bodies and parameters are I-JSON (RFC 7493): no string may hold an unpaired surrogate, and none ' +
        'may hold NUL (U+0000); either is a 422 naming where. JSON bodies nest at most 64 levels. String lengths ' +
        'count characters (code points). Cursors are opaque: send back only a next_cursor this API returned. ' +
        'A YAML body is one document: a mapping that is a project configuration (its schema; duplicate keys, ' +
        'custom tags, more than 20 aliases and nesting past 32 levels are refused).',
    },
    servers: [{ url: apiPrefix }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A login's access token (a JWT from POST /login or /auth/refresh), or an API token for a program (svy_…, from POST /auth/tokens; answers to it carry X-Surveyor-Token-Expires)",
        },
      },
      schemas: Object.fromEntries([...components.entries()].sort(([a], [b]) => a.localeCompare(b))),
    },
  };
};

export const renderOpenApi = (): string => `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
