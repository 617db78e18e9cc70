// The service as a user runs it: `surveyor start` with no DATABASE_URL (embedded PostgreSQL),
// the first admin made with the CLI, then the whole login cycle over HTTP.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { cleanEnv, runCli } from '../support/child.js';
import { freePort } from '../support/ports.js';

/** The end of a process's output without the per-request lines: what explains a failure. */
const tail = (out: string) =>
  out
    .split('\n')
    .filter((l) => !l.includes('"msg":"request"') && !/^\s+(Symbol\(|_)/.test(l))
    .slice(-120)
    .join('\n');

test('start, create the first admin, log in, refresh, log out, stop cleanly', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-e2e-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = cleanEnv({
    SERVICE_DATA_DIR: dataDir,
    // Port 0: the process reports the ports it got, so no other test can take them meanwhile.
    SERVICE_PORT: '0',
    SERVICE_METRICS_PORT: '0',
    SERVICE_EMBEDDED_PG_PORT: String(await freePort()),
    SERVICE_LOG_LEVEL: 'info',
  });

  // Before any migration, the service refuses and says what to run.
  const unmigrated = runCli(['start'], env);
  t.is(await unmigrated.exited(), 3);
  t.regex(unmigrated.output(), /surveyor migrate/);

  const server = runCli(['start', '--migrate'], env);
  t.teardown(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  const [, base] = await server.waitFor(/listening on (http:\/\/\S+\/api\/v2)/);
  await server.waitFor(/No admin user exists yet/);
  const metricsUrl = (await server.waitFor(/metrics: (http:\/\/\S+)/))[1]!;

  const login = (username: string, password: string) =>
    fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  // Probes answered are not logged at info (a health check every few seconds would drown the log).
  for (let i = 0; i < 3; i++) t.is((await fetch(`${base}/health`)).status, 200);
  // No admin yet: a login fails with the usual 401 and the log says why.
  t.is((await login('admin', 'anything-at-all')).status, 401);
  await server.waitFor(/"cause":"no_admin_exists"/);
  await server.waitFor(/"route":"\/login","status":401/);
  t.false(server.output().includes('"route":"/health"'), 'a health check is not an info line');

  const create = runCli(
    [
      'user',
      'create',
      '--username',
      'admin',
      '--email',
      'admin@example.org',
      '--role',
      'admin',
      '--password-stdin',
    ],
    env,
    'a-long-admin-password\n',
  );
  t.is(await create.exited(), 0, create.output());
  t.regex(create.output(), /created admin admin/);
  // Its answer alone on standard output, for people; any log line goes to standard error.
  t.deepEqual(
    create
      .stdout()
      .split('\n')
      .filter((l) => l.trim() !== ''),
    create
      .stdout()
      .split('\n')
      .filter((l) => /created admin admin/.test(l)),
    create.stdout(),
  );

  const res = await login('admin', 'a-long-admin-password');
  t.is(res.status, 200);
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  const me = (token: string) => fetch(`${base}/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
  t.is((await me(tokens.access_token)).status, 200);

  const refreshed = await fetch(`${base}/auth/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: tokens.refresh_token }),
  });
  t.is(refreshed.status, 200);
  const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
  t.is((await me(next.access_token)).status, 200);

  const out = await fetch(`${base}/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${next.access_token}` },
  });
  t.is(out.status, 200);
  t.is((await me(next.access_token)).status, 401);
  const again = await fetch(`${base}/auth/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: next.refresh_token }),
  });
  t.is(again.status, 401);

  const ready = await fetch(`${base}/ready`);
  t.is(ready.status, 200, await ready.clone().text());
  const metrics = await (await fetch(metricsUrl)).text();
  t.regex(metrics, /surveyor_http_requests_total/);

  // Secrets never reach the output.
  t.false(server.output().includes('a-long-admin-password'));
  t.false(server.output().includes(tokens.refresh_token));

  // A login that stays open across a restart: its token must still verify afterwards, which proves
  // the generated development secret is kept (SPEC: the signing secret must stay stable).
  const kept = (await (await login('admin', 'a-long-admin-password')).json()) as { access_token: string };

  server.child.kill('SIGTERM');
  t.is(await server.exited(), 0, tail(server.output()));
  t.false(existsSync(join(dataDir, 'pg', 'postmaster.pid')), 'the embedded PostgreSQL was stopped');

  // Started as from a terminal (a process group of its own, the embedded PostgreSQL in it too).
  const restarted = runCli(['start'], env, undefined, { group: true });
  t.teardown(() => {
    if (restarted.child.exitCode === null) restarted.child.kill('SIGKILL');
  });
  const [, base2] = await restarted.waitFor(/listening on (http:\/\/\S+\/api\/v2)/);
  const consoleUrl = (await restarted.waitFor(/web console: (http:\/\/\S+\/)$/m))[1]!;
  t.is(consoleUrl, base2!.replace(/api\/v2$/, ''));
  t.is(
    (await fetch(`${base2}/auth/me`, { headers: { Authorization: `Bearer ${kept.access_token}` } })).status,
    200,
  );
  // Ctrl-C as a terminal sends it: to the whole group. A clean stop, and no warning about the
  // pool's connections that the database, stopping too, ended.
  // Once it has started (its start-up lines, the mock parts' warning among them, all written).
  await restarted.waitFor(/"msg":"started"/);
  const before = restarted.output().length;
  process.kill(-restarted.child.pid!, 'SIGINT');
  t.is(await restarted.exited(), 0, tail(restarted.output()));
  const stopping = restarted.output().slice(before);
  t.regex(stopping, /"msg":"stopped"/);
  t.false(existsSync(join(dataDir, 'pg', 'postmaster.pid')), 'the embedded PostgreSQL was stopped, last');
  t.false(/a pooled database connection failed|"level":"warn"|"level":"error"/.test(stopping), stopping);
});

test('a bad environment variable stops the process with status 2, naming it', async (t) => {
  const r = runCli(['api'], cleanEnv({ SERVICE_PORT: 'eighty' }));
  t.is(await r.exited(), 2);
  t.regex(r.output(), /SERVICE_PORT: must be a whole number/);
});

test("a command group's --help lists its commands; option values have names; no help text breaks a sentence", async (t) => {
  const group = runCli(['exec', '--help'], cleanEnv({}));
  t.is(await group.exited(), 0, group.output());
  for (const c of ['create', 'execute', 'status', 'watch', 'cancel', 'retry', 'events', 'list'])
    t.regex(group.output(), new RegExp(`surveyor exec ${c}\``), c);
  const typo = runCli(['exec', 'lst'], cleanEnv({}));
  t.is(await typo.exited(), 2);
  t.regex(typo.output(), /surveyor exec has no command lst/);
  const all = runCli(['--help'], cleanEnv({}));
  t.is(await all.exited(), 0);
  t.false(all.output().includes('#0'), 'an option value is named, not #0');
  t.regex(all.output(), /--project MODULE/);
  // Every command's details: a paragraph never starts in the middle of a sentence (clipanion
  // reads a line that starts with "-" as a list item and breaks the paragraph after it).
  const commands = [...all.output().matchAll(/^ {2}surveyor ([a-z][a-z ]*?)(?= [[<]|$)/gm)].map((m) => m[1]!);
  t.true(commands.length > 40, String(commands.length));
  for (const c of commands) {
    const r = runCli([...c.split(' '), '--help'], cleanEnv({}));
    t.is(await r.exited(), 0, c);
    const details = r.output().split('\nDetails\n')[1]?.split('\nExamples\n')[0] ?? '';
    for (const paragraph of details
      .trim()
      .split(/\n\n/)
      .filter((x) => x.trim() !== ''))
      t.true(
        paragraph.startsWith('- ') || /[.:)`]$/.test(paragraph.trim()),
        `${c}: a paragraph ends in the middle of a sentence: ${paragraph}`,
      );
  }
});

test('every command answers --help', async (t) => {
  for (const cmd of [
    ['migrate'],
    ['user', 'create'],
    ['project', 'validate'],
    ['start'],
    ['api'],
    ['worker'],
    ['version'],
    ['init'],
    ['doctor'],
  ]) {
    const r = runCli([...cmd, '--help'], cleanEnv({}));
    t.is(await r.exited(), 0, cmd.join(' '));
    t.regex(r.output(), new RegExp(`surveyor ${cmd.join(' ')}`), cmd.join(' '));
  }
});
