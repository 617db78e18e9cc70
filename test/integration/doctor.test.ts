// surveyor init and doctor in child processes. init writes a private env file with a generated
// secret and never overwrites it; doctor prints one line per check with a hint on failure, JSON with
// --json, and exits 1 on any failure (an unmigrated database, a weak JWT secret, a bad variable).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { cleanEnv, runCli } from '../support/child.js';
import { freshDatabase } from '../support/db.js';

const secret = 'doctor-test-secret-0123456789abcdef-xyz';

const setup = async (t: import('ava').ExecutionContext, migrated = true) => {
  const d = await freshDatabase({ migrated });
  t.teardown(d.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-doctor-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  return cleanEnv({ DATABASE_URL: d.url, SERVICE_DATA_DIR: dataDir, SERVICE_JWT_SECRET: secret });
};

test('an unmigrated database fails with the hint to migrate; after migrate every check passes', async (t) => {
  const env = await setup(t, false);
  const before = runCli(['doctor'], env);
  t.is(await before.exited(), 1, before.output());
  t.regex(before.output(), /^FAIL migrations: \d+ pending\n {7}hint: surveyor migrate/m);
  t.regex(before.output(), /^ok {3}node: Node\.js \d+/m);
  t.regex(before.output(), /^ok {3}jwt secret: SERVICE_JWT_SECRET set, 39 bytes$/m);
  t.regex(before.output(), /^ok {3}clock: within \d+ ms of the database's$/m);
  t.is(await runCli(['migrate'], env).exited(), 0);
  const after = runCli(['doctor', '--json'], env);
  t.is(await after.exited(), 0, after.output());
  const report = JSON.parse(after.output()) as { ok: boolean; checks: { check: string; ok: boolean }[] };
  t.true(report.ok);
  t.deepEqual(
    report.checks.map((c) => c.check),
    [
      'node',
      'configuration',
      'jwt secret',
      'disk space',
      'database',
      'migrations',
      'clock',
      'mock parts',
      'profiles',
      'ssh',
    ],
  );
  t.false(after.output().includes(secret));
});

test('a weak JWT secret and a bad variable each fail with a hint', async (t) => {
  const env = await setup(t);
  const weak = runCli(['doctor'], { ...env, SERVICE_JWT_SECRET: 'short-secret' });
  t.is(await weak.exited(), 1);
  t.regex(
    weak.output(),
    /^FAIL jwt secret: SERVICE_JWT_SECRET is 12 bytes, fewer than 32\n {7}hint: surveyor init/m,
  );
  t.false(weak.output().includes('short-secret'), 'the secret itself is never printed');
  const bad = runCli(['doctor'], { ...env, SERVICE_EXECUTION_TICK_SECONDS: 'soon' });
  t.is(await bad.exited(), 1);
  t.regex(bad.output(), /^FAIL configuration: SERVICE_EXECUTION_TICK_SECONDS: /m);
  t.regex(bad.output(), /^1 of 2 checks failed$/m);
});

test('init writes a 0600 env file with a new secret and a 0700 data directory, never overwrites, and the CLI reads it', async (t) => {
  const env = await setup(t);
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-init-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'surveyor.env');
  const data = join(dir, 'data');
  const first = runCli(['init', '--file', file, '--data-dir', data], env);
  t.is(await first.exited(), 0, first.output());
  t.is(statSync(file).mode & 0o777, 0o600);
  t.is(statSync(data).mode & 0o777, 0o700);
  const text = readFileSync(file, 'utf8');
  const secret = /^SERVICE_JWT_SECRET=([\w-]+)$/m.exec(text)?.[1] ?? '';
  t.is(secret.length, 64, '48 random bytes, base64url');
  t.regex(text, /^SERVICE_ENV=development$/m);
  t.false(first.output().includes(secret), 'the secret is not printed');

  const again = runCli(['init', '--file', file, '--data-dir', data, '--production'], env);
  t.is(await again.exited(), 1);
  t.regex(again.output(), /exists; not overwritten/);
  t.is(readFileSync(file, 'utf8'), text);

  // The CLI takes the file's variables (the secret: the test's is dropped); the environment's own
  // win (SERVICE_DATA_DIR is the test's, not the file's).
  const { SERVICE_JWT_SECRET: _, ...withoutSecret } = env;
  const doctor = runCli(['doctor', '--json'], { ...withoutSecret, SURVEYOR_ENV_FILE: file });
  t.is(await doctor.exited(), 0, doctor.output());
  t.regex(doctor.output(), /SERVICE_JWT_SECRET set, 64 bytes/);
  t.regex(doctor.output(), new RegExp(`free at ${env['SERVICE_DATA_DIR']}`));

  const prod = join(dir, 'prod.env');
  t.is(await runCli(['init', '--production', '--file', prod, '--data-dir', data], env).exited(), 0);
  t.regex(
    readFileSync(prod, 'utf8'),
    /^SERVICE_ENV=production\nSERVICE_DATA_DIR=.*\n(#.*\n)?SERVICE_JWT_SECRET=[\w-]{64}\nSERVICE_USE_REAL_BACKENDS=true$/m,
  );
});
