// Requests for the API fuzzer (integration/apiFuzz), generated from schema/openapi.json with
// fast-check: per operation, requests the document calls valid and each kind it calls invalid or
// hostile, with ids and values the run has seen, so they reach existing things, not only 404s.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { defaultPassword } from '../support/api.js';
import { hostileText, invalid, type Pools, spoil, valid } from '../support/openapiArbitraries.js';
import { check, doc, type Operation, resolve, type Schema } from '../support/openapiCheck.js';
import { manualWallabyYaml } from '../support/project.js';

export type Role = 'none' | 'viewer' | 'operator' | 'admin';
export const rank = { public: 0, none: 1, viewer: 2, operator: 3, admin: 4 } as const;
export const roles: readonly Role[] = ['none', 'viewer', 'operator', 'admin'];

export interface Op {
  readonly method: string;
  readonly path: string;
  readonly spec: Operation;
}
export const ops: readonly Op[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
);

export type Variant =
  | 'valid'
  | 'no_token'
  | 'bad_token'
  | 'weak_role'
  | 'invalid_path'
  | 'hostile_path'
  | 'invalid_query'
  | 'hostile_query'
  | 'invalid_body'
  | 'hostile_body'
  | 'malformed_body'
  | 'media_type'
  | 'too_large';

/** What each variant must answer (valid requests are judged by what they must not answer). */
export const expectedStatus: Readonly<Record<Exclude<Variant, 'valid'>, readonly number[]>> = {
  no_token: [401],
  bad_token: [401],
  weak_role: [403],
  invalid_path: [404],
  hostile_path: [404],
  invalid_query: [422],
  hostile_query: [422],
  invalid_body: [422],
  hostile_body: [422],
  malformed_body: [400, 422],
  media_type: [415],
  too_large: [413],
};

export interface Request {
  readonly op: Op;
  readonly variant: Variant;
  /** A role's token, no token at all (`anonymous`), or a token that is no token (`garbage`). */
  readonly auth: Role | 'anonymous' | 'garbage';
  readonly url: string;
  readonly contentType?: string;
  readonly body?: string;
}

/** Ids and values the run has seen, so requests reach existing things, not only 404s. */
export const seen = {
  profiles: [] as string[],
  sources: [] as string[],
  executions: [] as string[],
  cursor: [] as string[],
  version: [1] as number[],
  refresh_token: [] as string[],
  source_identifier: ['HIPASSJ0300+01', 'HIPASSJ0301+01'] as string[],
  deployment_profile_name: ['mock-dim'] as string[],
};
export const remember = (pool: unknown[], v: unknown) => {
  if (pool.includes(v)) return;
  if (pool.length < 200) pool.push(v);
  else pool[Math.floor(Math.random() * pool.length)] = v;
};
export const idPool = (path: string) =>
  path.startsWith('/deployment-profiles')
    ? seen.profiles
    : path.startsWith('/sources')
      ? seen.sources
      : seen.executions;

const poolsFor = (op: Op): Pools => ({
  id: idPool(op.path),
  module: ['wallaby_hires'],
  project_module: ['wallaby_hires'],
  version: seen.version,
  cursor: seen.cursor,
  source_identifier: seen.source_identifier,
  source_identifiers: [],
  archive_name: ['casda'],
  deployment_profile_name: seen.deployment_profile_name,
  deployment_profile_id: seen.profiles,
  refresh_token: seen.refresh_token,
  // Never the run's own users: a throttled name would lock the test out.
  username: ['admin', 'nobody', 'fuzz-login'],
  password: [defaultPassword],
});

/** A value already percent-encoded: how a NUL or bytes that are not UTF-8 reach a URL. */
interface Raw {
  readonly raw: string;
}
const encoded = (v: unknown) =>
  typeof v === 'object' && v !== null && 'raw' in v ? (v as Raw).raw : encodeURIComponent(String(v));
const fill = (template: string, values: Record<string, unknown>) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => encoded(values[name]));
const queryString = (values: Record<string, unknown>) => {
  const q = Object.entries(values)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encoded(v)}`)
    .join('&');
  return q ? `?${q}` : '';
};
/** NUL, an overlong NUL, encoded surrogates and a truncated sequence. */
const hostileInUrl = fc
  .constantFrom('%00', 'a%00b', '%C0%80', '%ED%A0%80', 'x%ED%BF%BF', '%E2%82')
  .map((raw): Raw => ({ raw }));

/** A path parameter value that names no resource by the document, and is still this route's URL. */
const badPathValue = (schema: Schema) =>
  (invalid(schema)?.map(String) ?? fc.constant('x')).filter(
    (v) =>
      v.length > 0 &&
      v !== '.' &&
      v !== '..' &&
      check(schema, resolve(schema)['type'] === 'integer' && /^-?\d+$/.test(v) ? Number(v) : v).length > 0,
  );

/** A query value the document refuses, as it would arrive in a URL. */
const badQueryValue = (schema: Schema) => {
  const s = resolve(schema);
  if (s['type'] === 'integer')
    return fc.constantFrom(
      '',
      'abc',
      '1.5',
      '-',
      'null',
      String(((s['maximum'] as number | undefined) ?? 1e15) + 1),
      String(((s['minimum'] as number | undefined) ?? -1e15) - 1),
    );
  return (invalid(s) ?? fc.constant(null))
    .filter((v): v is string => typeof v === 'string')
    .filter((v) => check(s, v).length > 0);
};

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

/** The API's body limits, read from its configuration before the run: a too_large body is one byte over. */
export const bodyLimits = { json: 0, yaml: 0 };

export const requestsFor = (op: Op): fc.Arbitrary<Request> => {
  const pools = poolsFor(op);
  const required = op.spec['x-required-role'];
  const allowed = roles.filter((r) => rank[r] >= rank[required]);
  const weaker = roles.filter((r) => rank[r] < rank[required]);
  const params = op.spec.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const media = op.spec.requestBody ? Object.keys(op.spec.requestBody.content)[0]! : undefined;
  const bodySchema = media ? op.spec.requestBody!.content[media]!.schema : undefined;
  const asText = (v: unknown) => (media === 'application/x-yaml' ? stringify(v) : JSON.stringify(v));

  // A dot segment ('.', '..') cannot be a path parameter: URL parsers remove it before a request
  // is sent (RFC 3986 5.2.4), so `/project-configs/.` reaches `/project-configs/`.
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [p.name, valid(p.schema, pools, p.name).filter((v) => v !== '.' && v !== '..')]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema, pools, p.name)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const bodyValue = bodySchema ? valid(bodySchema, pools) : fc.constant(undefined);
  const validBody =
    media === 'application/x-yaml'
      ? fc.oneof(
          { weight: 1, arbitrary: bodyValue.map(asText) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/), fc.string({ maxLength: 40 }))
              .map(([module, words]) =>
                manualWallabyYaml
                  .replace(/module: wallaby_hires/, `module: ${module}`)
                  .replace(/^(\s+description:).*$/m, `$1 ${JSON.stringify(words)}`),
              ),
          },
        )
      : bodyValue.map((v) => (v === undefined ? undefined : asText(v)));

  const build =
    (variant: Variant, auth: fc.Arbitrary<Request['auth']>) =>
    (
      pathValues: fc.Arbitrary<Record<string, unknown>> = path,
      queryValues: fc.Arbitrary<Record<string, unknown>> = query,
      body: fc.Arbitrary<string | undefined> = validBody,
      contentType: fc.Arbitrary<string | undefined> = fc.constant(media),
    ): fc.Arbitrary<Request> =>
      fc
        .record({ p: pathValues, q: queryValues, b: body, a: auth, c: contentType })
        .map(({ p, q, b, a, c }) => ({
          op,
          variant,
          auth: a,
          url: fill(op.path, p) + queryString(q),
          ...(b !== undefined ? { body: b } : {}),
          ...(c !== undefined ? { contentType: c } : {}),
        }));
  const anyAllowed = fc.constantFrom<Request['auth']>(...(required === 'public' ? roles : allowed));
  const variants: fc.Arbitrary<Request>[] = [build('valid', anyAllowed)(), build('valid', anyAllowed)()];

  if (required !== 'public') {
    variants.push(build('no_token', fc.constant('anonymous'))());
    variants.push(build('bad_token', fc.constant('garbage'))());
  }
  if (weaker.length > 0) variants.push(build('weak_role', fc.constantFrom(...weaker))());
  for (const p of pathParams) {
    const bad = (value: fc.Arbitrary<unknown>) =>
      fc.tuple(path, value).map(([values, v]) => ({ ...values, [p.name]: v }));
    variants.push(build('invalid_path', anyAllowed)(bad(badPathValue(p.schema))));
    variants.push(build('hostile_path', anyAllowed)(bad(hostileInUrl)));
  }
  for (const p of queryParams) {
    const bad = (value: fc.Arbitrary<unknown>) =>
      fc.tuple(query, value).map(([values, v]) => ({ ...values, [p.name]: v }));
    variants.push(build('invalid_query', anyAllowed)(path, bad(badQueryValue(p.schema))));
    variants.push(build('hostile_query', anyAllowed)(path, bad(hostileInUrl)));
  }
  if (bodySchema) {
    const bad = invalid(bodySchema, pools);
    if (bad) variants.push(build('invalid_body', anyAllowed)(path, query, bad.map(asText)));
    // JSON is YAML: the escapes reach the YAML parser as they reach the JSON one.
    variants.push(
      build('hostile_body', anyAllowed)(
        path,
        query,
        fc.tuple(bodyValue, fc.nat(), hostileText).map(([v, i, h]) => JSON.stringify(spoil(v, i, h))),
      ),
    );
    variants.push(
      build('malformed_body', anyAllowed)(
        path,
        query,
        media === 'application/x-yaml'
          ? fc.constantFrom(
              '',
              '   \n',
              'a: [',
              '- 1\n- 2',
              'just words',
              '42',
              '---\na: 1\n---\nb: 2\n',
              '!!binary aGk=',
              'a: &x 1\nb: *y',
              'a: 1\na: 2\n',
              `${'- '.repeat(40)}x`,
            )
          : fc.constantFrom(
              '',
              '   ',
              '{',
              '{"a":',
              'nul',
              '[1,]',
              '{"a":1}}',
              "{'a':1}",
              deep(70),
              `{"a":${deep(80)}}`,
            ),
      ),
    );
    variants.push(
      build('media_type', anyAllowed)(
        path,
        query,
        validBody,
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          '',
        ),
      ),
    );
    variants.push(
      build('too_large', anyAllowed)(
        path,
        query,
        fc.constant(
          media === 'application/x-yaml'
            ? `# ${'x'.repeat(bodyLimits.yaml)}\n`
            : JSON.stringify({ pad: 'x'.repeat(bodyLimits.json) }),
        ),
      ),
    );
  }
  return fc.oneof(...variants);
};
