// The CLI's login and what it keeps: the refresh token in a 0600 file, an access token renewed
// from it, the accounts and their audit read remotely, API tokens for programs (SURVEYOR_TOKEN),
// credentials others may read refused, logout, and a user setting their own password.
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { defaultPassword } from '../support/api.js';
import { runCli } from '../support/child.js';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliSession } from '../support/cliSession.js';

const s = cliSession(test);
const { cli, json, env } = s;

test.serial('login keeps the refresh token in a 0600 file, never the password', async (t) => {
  const bad = await cli(
    ['login', '--server', new URL(s.api.base).origin, '--username', 'cli-admin', '--password-stdin'],
    'wrong-password\n',
  );
  t.is(bad.code, 1, bad.out);
  t.regex(bad.out, /invalid_credentials|HTTP 401/);
  // No terminal to ask at, and no --password-stdin: said, not read through a prompt.
  const piped = await cli(
    ['login', '--server', new URL(s.api.base).origin, '--username', 'cli-admin'],
    'x\n',
  );
  t.is(piped.code, 2, piped.out);
  t.regex(piped.out, /no terminal to ask for a password; use --password-stdin/);
  // Failed logins past the limit (another name, so this one is not locked): the wait is said.
  let limited: { code: number | null; out: string } = { code: 0, out: '' };
  for (let i = 0; i < 8 && !/HTTP 429/.test(limited.out); i++)
    limited = await cli(
      ['login', '--server', new URL(s.api.base).origin, '--username', 'cli-nobody', '--password-stdin'],
      'wrong-password\n',
    );
  t.regex(limited.out, /HTTP 429/);
  t.regex(limited.out, /^surveyor: try again in (\d+ seconds|\d+ minutes)$/m);
  const ok = await cli(
    ['login', '--server', new URL(s.api.base).origin, '--username', 'cli-admin', '--password-stdin'],
    `${defaultPassword}\n`,
  );
  t.is(ok.code, 0, ok.out);
  const creds = join(s.dir, 'config', 'credentials.json');
  t.is(statSync(creds).mode & 0o777, 0o600);
  t.is(statSync(join(s.dir, 'config')).mode & 0o777, 0o700);
  const text = readFileSync(creds, 'utf8');
  t.false(text.includes(defaultPassword));
  t.truthy((JSON.parse(text) as { refresh_token?: string }).refresh_token);
});

test.serial(
  'an access token about to end is renewed; the accounts and their audit from anywhere',
  async (t) => {
    // An access token about to end: the next command renews it from the refresh token, and keeps both.
    const creds = join(s.dir, 'config', 'credentials.json');
    const before = JSON.parse(readFileSync(creds, 'utf8')) as { access_token: string; refresh_token: string };
    writeFileSync(creds, JSON.stringify({ ...before, access_expires_at: new Date().toISOString() }), {
      mode: 0o600,
    });
    const me = await cli(['whoami']);
    t.is(me.code, 0, me.out);
    t.regex(me.out, /^cli-admin \(admin\) at http:\/\/127\.0\.0\.1:\d+$/m);
    const after = JSON.parse(readFileSync(creds, 'utf8')) as { access_token: string; refresh_token: string };
    t.not(after.refresh_token, before.refresh_token, 'the refresh token was used and rotated');

    // The accounts and their audit from anywhere, as a logged-in admin (the host reads its database).
    const accounts = await cli(['user', 'list', '--remote']);
    t.is(accounts.code, 0, accounts.out);
    t.regex(accounts.out, /^USERNAME\s+ROLE\s+PROJECT ROLES\s+STATE\s+CREATED\s+EMAIL$/m);
    t.regex(accounts.out, /^cli-admin\s+admin\s+-\s+enabled\s+\S+Z\s+\S+@\S+$/m);
    const audit = await json<{ kind: string; subject_id: string }[]>([
      'user',
      'events',
      '--remote',
      '--username',
      'cli-admin',
    ]);
    t.true(
      audit.some((e) => e.kind === 'user.created' && e.subject_id === 'cli-admin'),
      JSON.stringify(audit),
    );
    const newestOne = await cli(['user', 'events', '--remote', '--last', '1']);
    t.is(newestOne.code, 0, newestOne.out);
    t.regex(newestOne.out, /^WHEN\s+WHAT\s+WHO\s+DETAIL\s+BY$/m);
    t.is(newestOne.out.trim().split('\n').length, 2, 'a header and the newest line');
  },
);

test.serial('an API token for a program: printed once, its own role, revoked', async (t) => {
  // An API token for a program: printed once, used from SURVEYOR_TOKEN with no login stored.
  const made = runCli(['token', 'create', '--name', 'ci-job', '--role', 'viewer', '--days', '7'], env());
  t.is(await made.exited(30_000), 0, made.output());
  const apiToken = /^svy_\S+$/m.exec(made.output())?.[0] ?? '';
  t.regex(apiToken, /^svy_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
  t.regex(made.output(), /token ci-job \(viewer, until \S+\) made; this is the only time it is shown/);
  /** A program's CLI: no stored login, the token in SURVEYOR_TOKEN. */
  const programCli = (args: string[], token = apiToken, url: string | null = new URL(s.api.base).origin) =>
    runCli(args, {
      ...env(),
      SURVEYOR_CONFIG_DIR: join(s.dir, 'program'),
      SURVEYOR_TOKEN: token,
      ...(url ? { SURVEYOR_URL: url } : {}),
    });
  const program = async (args: string[], url: string | null = new URL(s.api.base).origin) => {
    const r = programCli(args, apiToken, url);
    return { code: await r.exited(30_000), out: r.output() };
  };
  const asProgram = await program(['whoami']);
  t.regex(asProgram.out, /^cli-admin \(viewer\) at /m, 'the token’s role, not the admin’s');
  t.false(asProgram.out.includes('ends in'), 'seven days left: nothing to say yet');
  t.is((await program(['exec', 'list'])).code, 0);
  const readOnly = await program(['sources', 'add', 'wallaby_hires', 'HIPASSJ0005-67']);
  t.is(readOnly.code, 1, readOnly.out);
  t.regex(readOnly.out, /needs the operator role; you have viewer/);
  t.is((await program(['logout'])).code, 2, 'logout would revoke the token, not a login: refused');
  const nowhere = await program(['whoami'], null);
  t.is(nowhere.code, 1);
  t.regex(
    nowhere.out,
    /SURVEYOR_TOKEN is set and no login is stored: give the server with --server URL or SURVEYOR_URL/,
  );
  // Beside a stored login, the token goes to the server logged in to, and says so.
  const beside = runCli(['whoami'], { ...env(), SURVEYOR_TOKEN: apiToken });
  t.is(await beside.exited(30_000), 0, beside.output());
  t.regex(beside.output(), /^cli-admin \(viewer\) at /m, 'the token acts, not the stored login');
  t.regex(beside.output(), /^surveyor: SURVEYOR_TOKEN is used with \S+, the server logged in to$/m);
  t.regex(
    (await cli(['token', 'list'])).out,
    /^ci-job\s+cli-admin\s+viewer\s+live\s+\S+\s+20\d\d-\S+Z\s/m,
    'used',
  );
  t.regex((await cli(['token', 'revoke', 'ci-job'])).out, /^token ci-job of cli-admin revoked$/m);
  // A token that ends within three days says so once, on stderr, for a cron job's log.
  const brief = runCli(['token', 'create', '--name', 'brief', '--days', '2'], env());
  t.is(await brief.exited(30_000), 0, brief.output());
  const briefToken = /^svy_\S+$/m.exec(brief.output())?.[0] ?? '';
  const warned = programCli(['exec', 'list'], briefToken);
  t.is(await warned.exited(30_000), 0, warned.output());
  const notices = warned
    .output()
    .split('\n')
    .filter((l) => l.includes('ends in'));
  t.is(notices.length, 1, warned.output());
  t.regex(
    notices[0]!,
    /^surveyor: the API token in SURVEYOR_TOKEN ends in (1 days|47 hours) \(\S+Z\): make a new one with surveyor token create$/,
  );
  t.false(warned.stdout().includes('ends in'), 'stdout stays the answer');
  t.is((await cli(['token', 'revoke', 'brief'])).code, 0);
  const revoked = await program(['whoami']);
  t.is(revoked.code, 1);
  t.regex(revoked.out, /this API token was revoked; make a new one/);
  t.false(
    s.api.logs.some((l) => l.includes(apiToken.slice(-43))),
    'never in the service’s log',
  );
});

test.serial('credentials others may read are refused; logout ends the login', async (t) => {
  const creds = join(s.dir, 'config', 'credentials.json');
  chmodSync(creds, 0o644);
  const open = await cli(['exec', 'list']);
  t.is(open.code, 1);
  t.regex(open.out, /may be read by other users/);
  chmodSync(creds, 0o600);
  t.is((await cli(['logout'])).code, 0);
  const after = await cli(['exec', 'list']);
  t.is(after.code, 1);
  t.regex(after.out, /not logged in: run surveyor login/);
  const nowhere = runCli(['exec', 'list', '--server', 'http://127.0.0.1:9'], env());
  t.is(await nowhere.exited(), 1);
});

test.serial(
  'password sets your own: the current one first; other logins end, this one goes on',
  async (t) => {
    await s.api.addUser('cli-pw', 'viewer');
    const envOf = (name: string) => ({ ...env(), SURVEYOR_CONFIG_DIR: join(s.dir, name) });
    const as = async (name: string, args: string[], input?: string) => {
      const r = runCli(args, envOf(name), input);
      return { code: await r.exited(60_000), out: r.output() };
    };
    const origin = new URL(s.api.base).origin;
    const login = ['login', '--server', origin, '--username', 'cli-pw', '--password-stdin'];
    for (const name of ['here', 'elsewhere']) t.is((await as(name, login, `${defaultPassword}\n`)).code, 0);
    const fresh = 'a-new-password-from-the-cli';
    const wrong = await as('here', ['password', '--password-stdin'], `not-my-password\n${fresh}\n`);
    t.is(wrong.code, 1, wrong.out);
    t.regex(wrong.out, /the current password is not right/);
    t.regex(wrong.out, /current_password: not the password of this account/);
    const noTty = await as('here', ['password'], '');
    t.is(noTty.code, 2, noTty.out);
    t.regex(noTty.out, /no terminal to ask for passwords; use --password-stdin/);
    const ok = await as('here', ['password', '--password-stdin'], `${defaultPassword}\n${fresh}\n`);
    t.is(ok.code, 0, ok.out);
    t.regex(ok.out, /^password set; 1 other login ended$/m);
    t.false(ok.out.includes(fresh));
    t.is((await as('here', ['exec', 'list'])).code, 0, 'this login goes on');
    const other = await as('elsewhere', ['exec', 'list']);
    t.is(other.code, 1, other.out);
    t.regex(other.out, /the password was changed/);
    t.is((await as('elsewhere', login, `${defaultPassword}\n`)).code, 1, 'the old password is refused');
    t.is((await as('elsewhere', login, `${fresh}\n`)).code, 0);
    // Neither password reached the service's log.
    t.false(s.api.logs.some((l) => l.includes(fresh) || l.includes('not-my-password')));
  },
);

cliCoverage(test, s, 'cliLogin');
