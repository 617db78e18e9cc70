// The API host in process on real PostgreSQL: every error status in the documented shape (404, 405,
// 413, 415, 400, 422, 401, 403, 429), the login cycle, request ids, readiness naming the failing part,
// metrics labelled by route template and hiding projects from the anonymous, the served OpenAPI.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Metrics } from '../../adapters/metrics/registry.js';
import type { WorkerRegistry } from '../../core/ports/WorkerRegistry.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { ErrorBody } from '../../schema/api/errors.js';
import { TokenResponse } from '../../schema/api/auth.js';
import { buildOpenApi } from '../../schema/openapi.js';
import { defaultPassword, startTestApi, type TestApi } from '../support/api.js';

let api: TestApi;
test.before(async () => {
  api = await startTestApi({
    SERVICE_MAX_JSON_BODY_BYTES: '2048',
    SERVICE_LOGIN_MAX_FAILURES_PER_USERNAME: '3',
  });
  await api.addUser('root', 'admin');
  await api.addUser('viewer', 'viewer');
});
test.after.always(async () => {
  await api?.close();
});

const errorCode = (body: unknown): string => {
  const r = ErrorBody.decode(body);
  if (E.isLeft(r)) throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  return r.right.error.code;
};

test('unknown route: 404 in the error shape with a request id', async (t) => {
  const r = await api.call('GET', '/no/such/thing');
  t.is(r.status, 404);
  t.is(errorCode(r.body), 'not_found');
  t.truthy(r.headers.get('x-request-id'));
  t.is((r.body as { error: { request_id: string } }).error.request_id, r.headers.get('x-request-id')!);
});

test('wrong method on a known path: 405', async (t) => {
  const r = await api.call('DELETE', '/login');
  t.is(r.status, 405);
  t.is(errorCode(r.body), 'method_not_allowed');
});

test('wrong content type: 415', async (t) => {
  const r = await api.call('POST', '/login', {
    raw: 'username=a',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  t.is(r.status, 415);
  t.is(errorCode(r.body), 'unsupported_media_type');
});

test('malformed or empty JSON: 400', async (t) => {
  const bad = await api.call('POST', '/login', {
    raw: '{"username":',
    headers: { 'Content-Type': 'application/json' },
  });
  t.is(bad.status, 400);
  t.is(errorCode(bad.body), 'bad_request');
  const empty = await api.call('POST', '/login', {
    raw: '',
    headers: { 'Content-Type': 'application/json' },
  });
  t.is(empty.status, 400);
});

test('body over the limit: 413, declared or streamed', async (t) => {
  const r = await api.call('POST', '/login', { body: { username: 'x', password: 'y'.repeat(5000) } });
  t.is(r.status, 413);
  t.is(errorCode(r.body), 'payload_too_large');
});

test('invalid fields: 422 with the path of each', async (t) => {
  const r = await api.call('POST', '/login', { body: { username: 7, extra: true } });
  t.is(r.status, 422);
  t.is(errorCode(r.body), 'validation_failed');
  const issues = (r.body as { error: { details: { issues: { path: string }[] } } }).error.details.issues;
  t.deepEqual(issues.map((i) => i.path).sort(), ['extra', 'password', 'username']);
});

test('no token or a bad token: 401; a viewer on an admin route: 403', async (t) => {
  t.is((await api.call('GET', '/auth/me')).status, 401);
  t.is((await api.call('GET', '/auth/me', { token: 'garbage' })).status, 401);
  const viewer = await api.login('viewer');
  const r = await api.call('GET', '/users', { token: viewer.access_token });
  t.is(r.status, 403);
  t.is(errorCode(r.body), 'forbidden');
  const admin = await api.login('root');
  const ok = await api.call('GET', '/users', { token: admin.access_token });
  t.is(ok.status, 200);
  const names = (ok.body as { items: { username: string }[] }).items.map((u) => u.username);
  t.true(names.includes('root') && names.includes('viewer'));
  t.false(ok.text.includes('password'));
});

test('login, refresh with rotation, logout: then both tokens are refused', async (t) => {
  const login = await api.call('POST', '/login', { body: { username: 'root', password: defaultPassword } });
  t.is(login.status, 200);
  t.true(E.isRight(TokenResponse.decode(login.body)));
  const first = login.body as { access_token: string; refresh_token: string };
  t.is((await api.call('GET', '/auth/me', { token: first.access_token })).status, 200);

  const refreshed = await api.call('POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } });
  t.is(refreshed.status, 200);
  const second = refreshed.body as { access_token: string; refresh_token: string };
  t.not(second.refresh_token, first.refresh_token);

  const logout = await api.call('POST', '/auth/logout', { token: second.access_token });
  t.is(logout.status, 200);
  t.is((await api.call('GET', '/auth/me', { token: second.access_token })).status, 401);
  t.is(
    (await api.call('POST', '/auth/refresh', { body: { refresh_token: second.refresh_token } })).status,
    401,
  );
});

test('failed logins: one body for every cause, the cause in the log, then 429 with Retry-After', async (t) => {
  await api.addUser('target', 'operator');
  const noUser = await api.call('POST', '/login', { body: { username: 'ghost', password: 'whatever-pass' } });
  const wrong = await api.call('POST', '/login', {
    body: { username: 'target', password: 'wrong-password-1' },
  });
  t.is(noUser.status, 401);
  t.is(wrong.status, 401);
  const strip = (b: unknown) => ({ ...(b as { error: object }).error, request_id: undefined });
  t.deepEqual(strip(noUser.body), strip(wrong.body));
  // The cause is logged, with the account when there is one; what was typed as a username is not
  // (a password often lands there).
  t.true(api.logs.some((l) => l.includes('"cause":"no_such_user"') && l.includes('"user_id":null')));
  t.true(api.logs.some((l) => l.includes('"cause":"wrong_password"') && /"user_id":"[0-9a-f-]{36}"/.test(l)));
  t.false(api.logs.some((l) => l.includes('ghost') && l.includes('login failed')));
  t.false(api.logs.some((l) => l.includes('wrong-password-1')));

  await api.call('POST', '/login', { body: { username: 'target', password: 'wrong-password-2' } });
  await api.call('POST', '/login', { body: { username: 'target', password: 'wrong-password-3' } });
  const limited = await api.call('POST', '/login', {
    body: { username: 'target', password: defaultPassword },
  });
  t.is(limited.status, 429);
  t.is(errorCode(limited.body), 'rate_limited');
  t.true(Number(limited.headers.get('retry-after')) > 0);
  // The account audit is told once, however many are held back after, at once or not.
  const more = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      api.call('POST', '/login', { body: { username: 'target', password: `wrong-password-${i + 4}` } }),
    ),
  );
  t.true(more.every((r) => r.status === 429));
  const admin = await api.tokenFor('audit-admin', 'admin');
  const audit = await api.call('GET', '/users/events?username=target', { token: admin });
  const heldBack = (
    audit.body as { items: { kind: string; payload: unknown; actor: unknown }[] }
  ).items.filter((e) => e.kind === 'user.login_held_back');
  t.deepEqual(
    heldBack.map((e) => [e.payload, e.actor]),
    [[{ username: 'target', limit: 3, window_seconds: 900 }, null]],
  );
});

test('a request id the client sends is echoed and logged', async (t) => {
  // A probe's answer is logged at debug: a request a person or a program made, at info.
  const r = await api.call('GET', '/project-configs', { headers: { 'X-Request-Id': 'trace-abc-123' } });
  t.is(r.headers.get('x-request-id'), 'trace-abc-123');
  t.true(api.logs.some((l) => l.includes('"req_id":"trace-abc-123"')));
  const probe = await api.call('GET', '/health', { headers: { 'X-Request-Id': 'trace-probe-1' } });
  t.is(probe.headers.get('x-request-id'), 'trace-probe-1');
  t.false(
    api.logs.some((l) => l.includes('"req_id":"trace-probe-1"')),
    'a health check is not an info line',
  );
});

test('readiness names the failing part: 503 without a live worker, 200 with one', async (t) => {
  const before = await api.call('GET', '/ready');
  t.is(before.status, 503);
  t.deepEqual((before.body as { failing: string[] }).failing, ['workers']);
  const now = new Date();
  await api.container
    .get<WorkerRegistry>(TYPES.Workers)
    .register({ id: 'w-test', hostname: 'h', pid: 1, roles: ['worker'], startedAt: now, heartbeatAt: now });
  const after = await api.call('GET', '/ready');
  t.is(after.status, 200);
  t.is((after.body as { status: string }).status, 'ready');
});

test('metrics are labelled by route template, never by raw path', async (t) => {
  await api.call('GET', '/no/such/path-12345');
  await api.call('GET', '/health');
  await api.call('POST', '/login', { body: { username: 'nobody-here', password: 'x' } });
  const r = await api.call('GET', '/metrics');
  t.is(r.status, 200);
  t.regex(r.text, /surveyor_http_requests_total\{[^}]*method="GET",route="\/health",status="200"/);
  t.regex(r.text, /surveyor_http_request_duration_seconds_bucket/);
  t.false(r.text.includes('path-12345'));
  const m = api.container.get<Metrics>(TYPES.Metrics);
  // Public metrics tell refused from rate-limited, and nothing about which usernames exist.
  const text = await m.render();
  t.regex(text, /surveyor_login_failures_total\{outcome="invalid_credentials"[^}]*\} [1-9]/);
  t.false(/no_such_user|wrong_password/.test(text));
});

test('without a token, metrics name no project or profile and readiness no detail; a reader sees both', async (t) => {
  const m = api.container.get<Metrics>(TYPES.Metrics);
  // A family by project as usage and execution counts are, with a value to find.
  m.gaugeFrom('surveyor_test_by_project', 'a family by project', ['project_module', 'profile'], async () => [
    { labels: { project_module: 'secret_survey', profile: 'setonix-private' }, value: 7 },
  ]);
  const anonymous = await api.call('GET', '/metrics');
  t.is(anonymous.status, 200);
  t.regex(anonymous.text, /surveyor_http_requests_total/, 'the operational metrics stay public');
  t.false(/secret_survey|setonix-private|surveyor_test_by_project/.test(anonymous.text));
  const bad = await api.call('GET', '/metrics', { token: 'not-a-token' });
  t.false(bad.text.includes('secret_survey'), 'a token that fails shows the public part');
  const own = await api.call('GET', '/metrics', { token: await api.tokenFor('metrics-none', 'none') });
  t.false(own.text.includes('secret_survey'), 'an account with no role of its own sees the public part');
  for (const role of ['viewer', 'operator', 'admin'] as const) {
    const token = await api.tokenFor(`metrics-${role}`, role);
    const full = await api.call('GET', '/metrics', { token });
    t.regex(
      full.text,
      /surveyor_test_by_project\{project_module="secret_survey",profile="setonix-private"/,
      role,
    );
    const ready = (await api.call('GET', '/ready', { token })).body as { checks: Record<string, unknown> };
    t.deepEqual(
      Object.keys(ready.checks).sort(),
      ['database', 'dependencies', 'queue', 'workers'].sort(),
      role,
    );
  }
  const ready = await api.call('GET', '/ready');
  const checks = (ready.body as { checks: Record<string, { ok: boolean; detail: string; data?: unknown }> })
    .checks;
  for (const [name, c] of Object.entries(checks)) {
    t.deepEqual(Object.keys(c).sort(), ['detail', 'ok'], name);
    t.true(['ok', 'failing (a signed-in reader sees why)'].includes(c.detail), `${name}: ${c.detail}`);
  }
  t.false(/https?:\/\//.test(ready.text), 'no address in the public answer');
});

test('the OpenAPI document is served and matches the generated one', async (t) => {
  const r = await api.call('GET', '/openapi.json');
  t.is(r.status, 200);
  t.deepEqual(r.body, JSON.parse(JSON.stringify(buildOpenApi())));
});
