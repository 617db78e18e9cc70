// What the web console stands on besides the resource routes: its cookie login, the overview,
// the project list, artifact downloads and the console's own files with their CSP.
import test from 'ava';
import { refreshCookieName, refreshCookieOf } from '../../hosts/api/handlers/consoleSession.js';
import { defaultPassword, startTestApi, type TestApi } from '../support/api.js';
import { wallabyYaml } from '../support/examples.js';

let api: TestApi;
let root: string;
test.before(async () => {
  api = await startTestApi({ SERVICE_TRUST_PROXY: 'true' });
  root = api.base.replace(/\/api\/v2$/, '');
  await api.addUser('carol', 'operator');
});
test.after.always(async () => {
  await api?.close();
});

const cookieOf = (headers: Headers) => {
  const set = headers.get('set-cookie') ?? '';
  const value = set.match(new RegExp(`^${refreshCookieName}=([^;]*)`))?.[1];
  return { set, value };
};

const consoleLogin = (extra: Record<string, string> = {}) =>
  api.call('POST', '/auth/console-session', {
    body: { username: 'carol', password: defaultPassword },
    headers: extra,
  });

const refreshWith = (cookie: string | undefined) =>
  api.call('POST', '/auth/console-session/refresh', {
    headers: cookie === undefined ? {} : { Cookie: `${refreshCookieName}=${cookie}` },
  });

test('a console login gives the access token in the body and the refresh token only in a strict cookie', async (t) => {
  const r = await consoleLogin();
  t.is(r.status, 200);
  const body = r.body as Record<string, unknown>;
  t.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'refresh_expires_in', 'token_type']);
  const { set, value } = cookieOf(r.headers);
  t.regex(value ?? '', /^[A-Za-z0-9_-]{16,}$/);
  t.regex(set, /; Path=\/api\/v2\/auth\/console-session(;|$)/);
  t.regex(set, /; HttpOnly(;|$)/);
  t.regex(set, /; SameSite=Strict(;|$)/);
  t.regex(set, new RegExp(`; Max-Age=${body['refresh_expires_in']}(;|$)`));
  // Plain HTTP: not Secure (the browser would drop it); over TLS at our proxy: Secure.
  t.notRegex(set, /Secure/);
  t.regex(cookieOf((await consoleLogin({ 'X-Forwarded-Proto': 'https' })).headers).set, /; Secure(;|$)/);
  t.is((await api.call('GET', '/auth/me', { token: body['access_token'] as string })).status, 200);
});

test('the refresh cookie works once; presenting a spent one ends the login', async (t) => {
  const first = cookieOf((await consoleLogin()).headers).value!;
  const r = await refreshWith(first);
  t.is(r.status, 200);
  const second = cookieOf(r.headers).value!;
  t.not(second, first);
  const access = (r.body as { access_token: string }).access_token;
  t.is((await api.call('GET', '/auth/me', { token: access })).status, 200);
  // The spent cookie again: refused, the cookie cleared, and the whole login revoked.
  const reused = await refreshWith(first);
  t.is(reused.status, 401);
  t.regex(cookieOf(reused.headers).set, /^surveyor_console_refresh=; .*Max-Age=0/);
  t.is((await api.call('GET', '/auth/me', { token: access })).status, 401);
  t.is((await refreshWith(second)).status, 401);
});

test('no cookie, a malformed one or two of them: 401 and the cookie cleared, nothing looked up', async (t) => {
  for (const cookie of [undefined, 'short', 'has spaces and; semicolons', '%27%3B--']) {
    const r = await refreshWith(cookie);
    t.is(r.status, 401, String(cookie));
    t.regex(cookieOf(r.headers).set, /Max-Age=0/);
  }
  t.is(
    refreshCookieOf(`${refreshCookieName}=${'a'.repeat(43)}; ${refreshCookieName}=${'b'.repeat(43)}`),
    undefined,
  );
  t.is(refreshCookieOf(`other=1; ${refreshCookieName}=${'a'.repeat(43)}`), 'a'.repeat(43));
});

test('logging out of the console ends the login and clears the cookie', async (t) => {
  const login = await consoleLogin();
  const access = (login.body as { access_token: string }).access_token;
  const cookie = cookieOf(login.headers).value!;
  const out = await api.call('POST', '/auth/console-session/logout', { token: access });
  t.is(out.status, 200);
  t.regex(cookieOf(out.headers).set, /Max-Age=0/);
  t.is((await api.call('GET', '/auth/me', { token: access })).status, 401);
  t.is((await refreshWith(cookie)).status, 401);
});

test('the overview counts every state, the queue and the workers; projects are listed by name', async (t) => {
  const token = await api.tokenFor('vic', 'viewer');
  const o = (await api.call('GET', '/overview', { token })).body as {
    executions_by_state: Record<string, number>;
    queue: Record<string, number>;
    workers: unknown[];
    recent_failures: unknown[];
  };
  t.is(o.executions_by_state['failed'], 0);
  t.is(Object.keys(o.executions_by_state).length, 10);
  t.deepEqual(o.queue, { queued: 0, running: 0, dead: 0, oldest_queued_age_seconds: 0 });
  t.deepEqual(o.workers, []);
  t.deepEqual(o.recent_failures, []);
  t.deepEqual((await api.call('GET', '/project-configs', { token })).body, { items: [] });
  const op = await api.tokenFor('olly', 'operator');
  await api.uploadConfig(wallabyYaml, op);
  const projects = (await api.call('GET', '/project-configs', { token })).body as {
    items: { project_module: string; version: number; active: boolean }[];
  };
  t.deepEqual(
    projects.items.map((p) => [p.project_module, p.version, p.active]),
    [['wallaby_hires', 1, true]],
  );
});

test('an artifact that is not there is a 404; a bad query a 422', async (t) => {
  const token = await api.tokenFor('vince', 'viewer');
  const id = '00000000-0000-4000-8000-000000000000';
  t.is(
    (await api.call('GET', `/executions/${id}/artifact?attempt=1&name=manifest.json`, { token })).status,
    404,
  );
  t.is(
    (await api.call('GET', `/executions/${id}/artifact?attempt=0&name=manifest.json`, { token })).status,
    422,
  );
  t.is((await api.call('GET', `/executions/${id}/artifact?attempt=1`, { token })).status, 422);
});

test('the console: its page and files with a CSP that allows only them, nothing else from disk', async (t) => {
  const page = await fetch(`${root}/`, { headers: { 'Accept-Encoding': 'gzip' } });
  t.is(page.status, 200);
  const html = await page.text();
  const csp = page.headers.get('content-security-policy') ?? '';
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /script-src 'self'(;|$)/);
  t.regex(csp, /frame-ancestors 'none'/);
  t.is(page.headers.get('x-content-type-options'), 'nosniff');
  t.is(page.headers.get('cache-control'), 'no-cache');
  const script = html.match(/src="\/console\/(app-[A-Z0-9]+\.js)"/)?.[1];
  t.truthy(script, html);
  t.notRegex(html, /<script>|style=/);
  const js = await fetch(`${root}/console/${script}`);
  t.is(js.status, 200);
  t.regex(js.headers.get('content-type') ?? '', /^text\/javascript/);
  t.regex(js.headers.get('cache-control') ?? '', /immutable/);
  const etag = js.headers.get('etag')!;
  t.is((await fetch(`${root}/console/${script}`, { headers: { 'If-None-Match': etag } })).status, 304);
  for (const path of ['/console/nope.js', '/console/..%2F..%2Fpackage.json', '/console/%2e%2e%2fhosts']) {
    const r = await fetch(`${root}${path}`);
    t.is(r.status, 404, path);
    t.regex(r.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  }
});

test('a password set from one console login ends the others, whose refresh says why; its own goes on', async (t) => {
  await api.addUser('cora', 'viewer');
  const signIn = async () => {
    const r = await api.call('POST', '/auth/console-session', {
      body: { username: 'cora', password: defaultPassword },
    });
    return { access: (r.body as { access_token: string }).access_token, cookie: cookieOf(r.headers).value };
  };
  const [here, there] = [await signIn(), await signIn()];
  const set = await api.call('POST', '/auth/password', {
    token: here.access,
    body: { current_password: defaultPassword, new_password: 'cora-has-a-new-password' },
  });
  t.is(set.status, 200, set.text);
  t.deepEqual(set.body, { logins_ended: 1 });
  const refused = await refreshWith(there.cookie);
  t.is(refused.status, 401);
  t.like(refused.body as object, {
    error: {
      message: 'this login was ended: the password was changed; log in with the new one',
      details: { reason: 'password_changed' },
    },
  });
  t.is((await refreshWith(here.cookie)).status, 200);
});
