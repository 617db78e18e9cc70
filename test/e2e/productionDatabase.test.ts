// Production's database rules, on processes as an operator starts them: no embedded PostgreSQL,
// no superuser role (it could do anything to the server); an ordinary role that owns the tables
// passes.
import test from 'ava';
import { freshDatabase, ordinaryRoleUrl, type TestDatabase } from '../support/db.js';
import { cleanEnv, runCli } from '../support/child.js';

let d: TestDatabase;
test.before(async () => {
  d = await freshDatabase();
});
test.after.always(async () => {
  await d?.drop();
});

const production = (extra: Record<string, string>) =>
  cleanEnv({
    SERVICE_ENV: 'production',
    SERVICE_JWT_SECRET: 'production-test-secret-0123456789abcdef',
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_OUTBOUND_HOSTS: 'dim.example.org',
    SERVICE_METRICS_PORT: '-1',
    ...extra,
  });

test('production refuses to start without DATABASE_URL, and with a superuser role', async (t) => {
  const embedded = runCli(['worker'], production({}));
  t.is(await embedded.exited(), 2, embedded.output());
  t.regex(embedded.output(), /DATABASE_URL: is required in production/);
  for (const args of [['worker'], ['migrate', '--status']]) {
    const superuser = runCli(args, production({ DATABASE_URL: d.url }));
    t.is(await superuser.exited(), 2, superuser.output());
    t.regex(superuser.output(), /DATABASE_URL: names a superuser role; production refuses one/);
  }
});

test('an ordinary role that owns the tables is accepted', async (t) => {
  const url = await ordinaryRoleUrl(d.url);
  const status = runCli(['migrate', '--status'], production({ DATABASE_URL: url }));
  t.is(await status.exited(), 0, status.output());
  t.regex(status.output(), /pending: none/);
});
