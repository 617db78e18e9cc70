// Property-based test of the whole API from its OpenAPI document: for every operation, requests
// the document calls valid and requests it calls invalid (each refused field, a NUL or a lone
// surrogate, malformed or oversized bodies, wrong media types, missing, bad and too-weak tokens).
// Every answer must be below 500, documented for the operation, in the documented shape and media
// type, and the one the variant calls for; a valid request is never refused by a decoder.
// SURVEYOR_FUZZ_RUNS sets the number of requests (scripts/fuzz takes it as an argument);
// SURVEYOR_FUZZ_SEED replays a run.
import test from 'ava';
import fc from 'fast-check';
import type { Config } from '../../schema/environment.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { defaultPassword, startTestApi, type TestApi } from '../support/api.js';
import { check } from '../support/openapiCheck.js';
import { prepareProject } from '../support/project.js';
import {
  bodyLimits,
  expectedStatus,
  idPool,
  type Request,
  type Role,
  remember,
  requestsFor,
  roles,
  seen,
  ops,
} from '../support/fuzzRequests.js';

const runs = Number(process.env['SURVEYOR_FUZZ_RUNS'] ?? 3000);
const seed = Number(process.env['SURVEYOR_FUZZ_SEED'] ?? Date.now() % 2 ** 31);

let api: TestApi;
const tokens: Partial<Record<Role, string>> = {};
let nextAddress = 0;

/**
 * Building the generators can take the client past the server's keep-alive timeout (5 s): the
 * first request may then go on a pooled socket the server is closing ("fetch failed", no answer at
 * all). That is the connection's race, not an answer of the API: sent once more, on a new one.
 */
const once = <T>(send: () => Promise<T>): Promise<T> => send().catch(() => send());

/** A session of `role` from an address of its own (the run's wrong passwords throttle 127.0.0.1). */
const freshSession = async (role: Role) => {
  nextAddress++;
  const r = await once(() =>
    api.call('POST', '/login', {
      body: { username: `fuzz-${role}`, password: defaultPassword },
      headers: {
        'X-Forwarded-For': `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
      },
    }),
  );
  if (r.status !== 200) throw new Error(`login as fuzz-${role}: ${r.text}`);
  return r.body as { access_token: string; refresh_token: string };
};

const send = async (req: Request) => {
  const headers: Record<string, string> = {};
  if (req.contentType !== undefined && req.contentType !== '') headers['Content-Type'] = req.contentType;
  if (req.auth === 'garbage') headers['Authorization'] = 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl';
  else if (req.auth !== 'anonymous') {
    // Logging out ends the session it names: those requests get a session of their own (the
    // console's logout takes no query, so any variant of it that authenticates logs out).
    const logout =
      (req.op.path === '/auth/logout' && req.variant === 'valid') ||
      req.op.path === '/auth/console-session/logout';
    const token = logout ? (await freshSession(req.auth)).access_token : tokens[req.auth]!;
    headers['Authorization'] = `Bearer ${token}`;
  }
  // A redirect is the answer (the sign-in routes send the browser on), never followed.
  const init: RequestInit = {
    method: req.op.method,
    headers,
    redirect: 'manual',
    ...(req.body !== undefined ? { body: req.body } : {}),
  };
  const res = await once(() => fetch(api.base + req.url, init));
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; judged by its media type
  }
  return {
    status: res.status,
    mediaType: (res.headers.get('content-type') ?? '').split(';')[0]!.trim(),
    body,
    text,
  };
};

type Answer = Awaited<ReturnType<typeof send>>;

const decoderRefusals = ['the request body is not valid', 'the query parameters are not valid'];
const yamlShapeCodes = ['invalid', 'yaml_syntax', 'custom_tag', 'multiple_documents', 'too_deep', 'aliases'];

/** What is wrong with an answer, in words; [] when nothing. */
const judge = (req: Request, a: Answer): string[] => {
  const problems: string[] = [];
  const { op } = req;
  const documented = op.spec.responses[String(a.status)];
  // 5xx is the service failing, except where the document makes it an answer (/ready's 503).
  const designed =
    documented?.content?.['application/json']?.schema?.['$ref'] !== '#/components/schemas/Error';
  if (a.status >= 500 && !(documented && designed)) problems.push(`answered ${a.status}`);
  if (!documented) problems.push(`${a.status} is not a documented answer`);
  else {
    const media = Object.keys(documented.content ?? {}).map((m) => m.split(';')[0]!.trim());
    if (media.length > 0 && !media.includes(a.mediaType))
      problems.push(`answered ${a.mediaType || 'no media type'}, documented ${media.join(', ')}`);
    const schema = documented.content?.['application/json']?.schema;
    if (schema && a.mediaType === 'application/json') problems.push(...check(schema, a.body));
  }
  if (req.variant !== 'valid') {
    const want = expectedStatus[req.variant];
    if (!want.includes(a.status))
      problems.push(`a ${req.variant} request answered ${a.status}, not ${want.join(' or ')}`);
    return problems;
  }
  const publicOp = op.spec['x-required-role'] === 'public';
  const error = (a.body as { error?: { message?: string; details?: { issues?: { code?: string }[] } } })
    .error;
  if ([400, 413, 415].includes(a.status) || (a.status === 401 && !publicOp))
    problems.push(`a valid request answered ${a.status}`);
  if (a.status === 403 && req.auth === 'admin') problems.push('a valid admin request answered 403');
  if (a.status === 422 && decoderRefusals.some((m) => error?.message?.startsWith(m)))
    problems.push(`a request the document calls valid was refused: ${JSON.stringify(error?.details)}`);
  const shape = error?.details?.issues?.filter((i) => yamlShapeCodes.includes(i.code ?? ''));
  if (a.status === 422 && op.path === '/project-configs' && shape && shape.length > 0)
    problems.push(`a configuration the document calls valid was refused: ${JSON.stringify(shape)}`);
  return problems;
};

const learn = (req: Request, a: Answer) => {
  if (a.status >= 300 || typeof a.body !== 'object' || a.body === null) return;
  const body = a.body as Record<string, unknown>;
  const pool = idPool(req.op.path);
  const items = Array.isArray(body['items']) ? (body['items'] as Record<string, unknown>[]) : [body];
  for (const item of items) {
    const id = item['uuid'] ?? item['id']; // profiles are named by `id`, the rest by `uuid`
    if (typeof id === 'string') remember(pool, id);
    // Only identifiers the service took (a bulk registration reports refused ones too).
    if (typeof item['source_identifier'] === 'string' && typeof id === 'string')
      remember(seen.source_identifier, item['source_identifier']);
    if (typeof item['version'] === 'number' && req.op.path.startsWith('/project-configs'))
      remember(seen.version, item['version']);
    if (typeof item['name'] === 'string' && req.op.path.startsWith('/deployment-profiles'))
      remember(seen.deployment_profile_name, item['name']);
  }
  if (typeof body['next_cursor'] === 'string') remember(seen.cursor, body['next_cursor']);
  if (typeof body['refresh_token'] === 'string') remember(seen.refresh_token, body['refresh_token']);
};

test.before(async (t) => {
  api = await startTestApi({ SERVICE_TRUST_PROXY: 'true' });
  const config = api.container.get<Config>(TYPES.Config);
  bodyLimits.json = config.SERVICE_MAX_JSON_BODY_BYTES;
  bodyLimits.yaml = config.SERVICE_MAX_YAML_BODY_BYTES;
  const p = await prepareProject(api, seen.source_identifier);
  for (const role of roles) {
    await api.addUser(`fuzz-${role}`, role);
    tokens[role] = (await freshSession(role)).access_token;
  }
  await api.addUser('fuzz-login', 'viewer');
  seen.refresh_token.push((await freshSession('viewer')).refresh_token);
  seen.sources.push(...Object.values(p.ids));
  seen.executions.push(await p.execute('HIPASSJ0300+01', { do_submit: false }));
  const profiles = await api.call('GET', '/deployment-profiles?project_module=wallaby_hires', {
    token: p.token,
  });
  for (const item of (profiles.body as { items: { id: string }[] }).items) seen.profiles.push(item.id);
  t.true(seen.profiles.length > 0);
});
test.after.always(async () => {
  await api?.close();
});

test(`every operation answers ${runs} generated requests (valid, invalid, hostile) as the document says`, async (t) => {
  t.timeout(Math.max(120_000, runs * 100));
  const failures = new Map<string, { count: number; example: string }>();
  let requests = 0;
  const byVariant = new Map<string, number>();
  const validAnswers = new Map<number, number>();
  // fast-check 4 keeps a predicate's own error in `cause`, which ava does not print.
  await fc
    .assert(
      fc.asyncProperty(fc.oneof(...ops.map(requestsFor)), async (req) => {
        requests++;
        byVariant.set(req.variant, (byVariant.get(req.variant) ?? 0) + 1);
        const answer = await send(req);
        if (req.variant === 'valid')
          validAnswers.set(answer.status, (validAnswers.get(answer.status) ?? 0) + 1);
        learn(req, answer);
        for (const problem of judge(req, answer)) {
          const key = `${req.op.method} ${req.op.path} [${req.variant}]: ${problem.replace(/\$[^:]*:/, '$…:').slice(0, 160)}`;
          const f = failures.get(key) ?? {
            count: 0,
            example: `${req.op.method} ${req.url} as ${req.auth}${req.contentType ? ` (${req.contentType})` : ''}${
              req.body !== undefined ? ` body ${JSON.stringify(req.body.slice(0, 300))}` : ''
            } -> ${answer.status} ${answer.text.slice(0, 300)}`,
          };
          f.count++;
          failures.set(key, f);
        }
        return true;
      }),
      { numRuns: runs, seed },
    )
    .catch((err: Error) => {
      const cause = (err as { cause?: { stack?: string } }).cause;
      throw new Error(`${err.message}\ncaused by: ${cause?.stack ?? String(cause)}`);
    });
  t.log(`seed ${seed}: ${requests} requests; ${[...byVariant].map(([v, n]) => `${v} ${n}`).join(', ')}`);
  t.log(
    `valid requests answered ${[...validAnswers]
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
  );
  t.is(requests, runs);
  t.deepEqual(
    [...failures].map(([key, f]) => `${key} (${f.count}x), e.g. ${f.example}`),
    [],
    `replay with SURVEYOR_FUZZ_SEED=${seed}`,
  );
});
