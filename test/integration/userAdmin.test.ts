// Managing accounts on the host: `surveyor user set-role | disable | enable | set-password |
// unlock` as child processes with the service's configuration (its database, no server URL),
// against a real API on the same PostgreSQL. What each does is seen through the API at once: a
// role at the next request, a disabled account's and a reset password's logins ended, the failed
// logins forgotten, the last admin kept. The new password never shows in the command's output.
// Each change is in the account audit (`user events`, `GET /users/events`), with who made it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { defaultPassword, startTestApi, type TestApi } from '../support/api.js';
import { cleanEnv, runCli } from '../support/child.js';
import { freshDatabase } from '../support/db.js';

let api: TestApi;
let env: NodeJS.ProcessEnv;
let dataDir: string;
let dropDb: () => Promise<void>;
test.before(async () => {
  const d = await freshDatabase();
  api = await startTestApi({ SERVICE_LOGIN_MAX_FAILURES_PER_USERNAME: '2' }, { url: d.url, db: d.db });
  await api.addUser('boss', 'admin');
  await api.addUser('op', 'operator');
  dropDb = d.drop;
  dataDir = mkdtempSync(join(tmpdir(), 'surveyor-user-admin-'));
  env = cleanEnv({
    DATABASE_URL: d.url,
    SERVICE_DATA_DIR: dataDir,
    SERVICE_JWT_SECRET: 'user-admin-test-secret-0123456789abcdef',
  });
});
test.after.always(async () => {
  await api?.close();
  await dropDb?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const user = async (args: string[], input?: string) => {
  const r = runCli(['user', ...args], env, input);
  const code = await r.exited(60_000);
  return { code, out: r.output() };
};
const login = async (username: string, password = defaultPassword) => {
  const r = await api.call('POST', '/login', { body: { username, password } });
  return { status: r.status, token: (r.body as { access_token?: string }).access_token ?? '' };
};
const me = async (token: string) => {
  const r = await api.call('GET', '/auth/me', { token });
  return { status: r.status, role: (r.body as { role?: string }).role };
};
const why = async (token: string) =>
  ((await api.call('GET', '/auth/me', { token })).body as { error: { message: string } }).error.message;

test.serial('a role counts at the next request; a bad role or an unknown user exits 1', async (t) => {
  const op = await login('op');
  t.is((await me(op.token)).role, 'operator');
  const r = await user(['set-role', '--username', 'op', '--role', 'viewer']);
  t.is(r.code, 0, r.out);
  t.regex(r.out, /^op is now viewer$/m);
  t.deepEqual(await me(op.token), { status: 200, role: 'viewer' });
  const bad = await user(['set-role', '--username', 'op', '--role', 'root']);
  t.is(bad.code, 1);
  t.regex(bad.out, /role: one of none, viewer, operator, admin/);
  const nobody = await user(['disable', '--username', 'ghost']);
  t.is(nobody.code, 1);
  t.regex(nobody.out, /no user is named 'ghost'/);
  t.is((await user(['set-role', '--username', 'op'])).code, 2, 'the role is required');
});

test.serial('disable ends every login now and refuses new ones; enable lets new ones in', async (t) => {
  const [a, b] = [await login('op'), await login('op')];
  const r = await user(['disable', '--username', 'op']);
  t.is(r.code, 0, r.out);
  t.regex(r.out, /^disabled op; 3 logins ended$/m, 'these two, and the one of the test before');
  t.is((await me(a.token)).status, 401);
  t.is((await me(b.token)).status, 401);
  t.is(await why(a.token), 'this login was ended: the account was disabled');
  t.is((await login('op')).status, 401);
  t.is((await user(['enable', '--username', 'op'])).code, 0);
  t.is((await me((await login('op')).token)).status, 200);
  t.is((await me(a.token)).status, 401, 'an ended login stays ended');
});

test.serial('set-password ends every login, and the new password works; it is never printed', async (t) => {
  const before = await login('op');
  const fresh = 'a-brand-new-password-42';
  const r = await user(['set-password', '--username', 'op', '--password-stdin'], `${fresh}\n`);
  t.is(r.code, 0, r.out);
  t.regex(r.out, /^set the password of op; 2 logins ended$/m, 'this one, and the one of the test before');
  t.false(r.out.includes(fresh));
  t.is((await me(before.token)).status, 401);
  t.is(await why(before.token), 'this login was ended: the password was changed; log in with the new one');
  t.is((await login('op')).status, 401);
  t.is((await login('op', fresh)).status, 200);
  const short = await user(['set-password', '--username', 'op', '--password-stdin'], 'short\n');
  t.is(short.code, 1);
  t.regex(short.out, /password: at least 12 characters/);
  // A password source that goes on is not read whole: a line longer than any password is refused.
  const long = await user(['set-password', '--username', 'op', '--password-stdin'], 'x'.repeat(5000));
  t.is(long.code, 1, long.out);
  t.regex(long.out, /the password on standard input is longer than 1024 characters/);
  const file = join(dataDir, 'huge-password');
  writeFileSync(file, Buffer.alloc(1 << 20, 0x61));
  const huge = await user(['set-password', '--username', 'op', '--password-file', file]);
  t.is(huge.code, 1, huge.out);
  t.regex(huge.out, /the password in \S+ is longer than 1024 characters/);
  const both = await user(['set-password', '--username', 'op', '--password-stdin', '--password-file', file]);
  t.is(both.code, 2);
  t.regex(both.out, /give --password-file or --password-stdin, not both/);
  t.is((await login('op', fresh)).status, 200, 'unchanged');
});

test.serial('unlock lets a username held back by failed logins in at once', async (t) => {
  for (let i = 0; i < 3; i++) await login('boss', `wrong-password-${i}`);
  t.is((await login('boss')).status, 429);
  const r = await user(['unlock', '--username', 'boss']);
  t.is(r.code, 0, r.out);
  t.is((await login('boss')).status, 200);
  t.is((await user(['unlock'])).code, 1, 'a username or an address is needed');
});

test.serial('the last enabled admin can be neither demoted nor disabled', async (t) => {
  for (const args of [
    ['disable', '--username', 'boss'],
    ['set-role', '--username', 'boss', '--role', 'operator'],
  ]) {
    const r = await user(args);
    t.is(r.code, 1, r.out);
    t.regex(r.out, /boss is the last enabled admin: make another admin first/);
  }
  t.is((await me((await login('boss')).token)).role, 'admin');
});

test.serial('list shows every account with its role and state, for people or as JSON', async (t) => {
  t.is((await user(['disable', '--username', 'op'])).code, 0);
  const r = await user(['list']);
  t.is(r.code, 0, r.out);
  t.regex(r.out, /^USERNAME +ROLE +PROJECT ROLES +STATE +CREATED +EMAIL$/m);
  t.regex(r.out, /^boss +admin +- +enabled +\d{4}-/m);
  t.regex(r.out, /^op +viewer +- +disabled +\d{4}-/m);
  const json = runCli(['user', 'list', '--json'], env);
  t.is(await json.exited(60_000), 0);
  const users = JSON.parse(json.stdout()) as {
    username: string;
    disabled: boolean;
    password_hash?: string;
  }[];
  t.deepEqual(
    users.map((u) => [u.username, u.disabled]),
    [
      ['boss', false],
      ['op', true],
    ],
  );
  t.false(json.stdout().includes('argon2'), 'no password hash');
});

test.serial(
  'the account audit names each change and the host account that made it, never a password; admins read it over the API',
  async (t) => {
    const host = `host:${userInfo().username}`;
    const r = runCli(['user', 'events', '--json'], env);
    t.is(await r.exited(60_000), 0, r.output());
    const events = JSON.parse(r.stdout()) as {
      kind: string;
      subject_type: string;
      subject_id: string;
      payload: Record<string, unknown>;
      actor: string | null;
    }[];
    // The two accounts the API made (no actor named), then what every test above did on the host,
    // and the throttle holding boss back; the refused changes (an unknown user, the last admin, a
    // bad role or password) left nothing.
    t.deepEqual(
      events.map((e) => [e.subject_id, e.kind, e.actor]),
      [
        ['boss', 'user.created', null],
        ['op', 'user.created', null],
        ['op', 'user.role_changed', host],
        ['op', 'user.disabled', host],
        ['op', 'user.enabled', host],
        ['op', 'user.password_set', host],
        ['boss', 'user.login_held_back', null],
        ['boss', 'user.login_unlocked', host],
        ['op', 'user.disabled', host],
      ],
    );
    t.deepEqual(events[2]?.payload, { username: 'op', from: 'operator', to: 'viewer' });
    t.false(JSON.stringify(events).includes('a-brand-new-password-42'));
    t.false(JSON.stringify(events).includes('argon2'));
    const table = await user(['events', '--username', 'OP']);
    t.is(table.code, 0, table.out);
    t.regex(table.out, /^WHEN +WHAT +WHO +DETAIL +BY$/m);
    t.regex(table.out, /^\S+ +user\.role_changed +op +operator -> viewer +host:/m);
    t.notRegex(table.out, /boss/, 'one account only');
    const newest = await user(['events', '--last', '2']);
    t.is(newest.code, 0, newest.out);
    t.deepEqual(
      newest.out
        .split('\n')
        .filter((l) => /^\d{4}-/.test(l))
        .map((l) => l.split(/ +/).slice(1, 3).join(' ')),
      ['user.login_unlocked boss', 'user.disabled op'],
    );
    const boss = await user(['events', '--username', 'boss']);
    t.regex(boss.out, /^\S+ +user\.login_held_back +boss +more than 2 in 900 s *$/m);
    t.is((await user(['events', '--last', '0'])).code, 2);
    // An address unlocked is in the audit too.
    t.is((await user(['unlock', '--address', '192.0.2.10'])).code, 0);
    const admin = await login('boss');
    const all = await api.call('GET', '/users/events?limit=2', { token: admin.token });
    t.is(all.status, 200, all.text);
    const page = all.body as { items: { kind: string }[]; next_cursor: string | null };
    t.deepEqual(
      page.items.map((e) => e.kind),
      ['user.created', 'user.created'],
    );
    t.truthy(page.next_cursor);
    const ops = await api.call('GET', '/users/events?username=op&limit=500', { token: admin.token });
    t.is((ops.body as { items: unknown[] }).items.length, 6);
    const next = `/users/events?cursor=${encodeURIComponent(page.next_cursor!)}&limit=500`;
    const last = await api.call('GET', next, { token: admin.token });
    const rest = (last.body as { items: { kind: string; subject_type: string; subject_id: string }[] }).items;
    t.like(rest[rest.length - 1], {
      kind: 'address.login_unlocked',
      subject_type: 'address',
      subject_id: '192.0.2.10',
    });
    t.is(rest.length, events.length - 2 + 1, 'the page after the first two, with the unlock');
    // Newest first, for the latest changes; a cursor of one order is refused by the other.
    const latest = await api.call('GET', '/users/events?order=newest&limit=1', { token: admin.token });
    const newestPage = latest.body as { items: { kind: string }[]; next_cursor: string };
    t.deepEqual(
      newestPage.items.map((e) => e.kind),
      ['address.login_unlocked'],
    );
    const mixed = await api.call(
      'GET',
      `/users/events?cursor=${encodeURIComponent(newestPage.next_cursor)}`,
      {
        token: admin.token,
      },
    );
    t.is(mixed.status, 422, mixed.text);
    const operator = await api.tokenFor('watcher', 'operator');
    t.is((await api.call('GET', '/users/events', { token: operator })).status, 403, "an admin's only");
    // An API token made and revoked: the host's audit names it, never its text.
    const made = await api.call('POST', '/auth/tokens', {
      token: operator,
      body: { name: 'nightly import', role: 'viewer', days: 3 },
    });
    const text = (made.body as { token: string; id: string }).token;
    t.is(
      (await api.call('DELETE', `/auth/tokens/${(made.body as { id: string }).id}`, { token: admin.token }))
        .status,
      200,
    );
    const tokens = await user(['events', '--username', 'watcher']);
    t.regex(
      tokens.out,
      /^\S+ +user\.token_created +watcher +token nightly import \(viewer, until \S+\) +watcher$/m,
    );
    t.regex(tokens.out, /^\S+ +user\.token_revoked +watcher +token nightly import +boss$/m);
    t.false(tokens.out.includes(text.slice(-43)));
  },
);
