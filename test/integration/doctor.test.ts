// surveyor doctor in a child process: one line per check with a hint on failure, JSON with --json,
// exit 1 on any failure (an unmigrated database, a weak JWT secret, a bad variable).
import { mkdtempSync, rmSync } from 'node:fs';
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
