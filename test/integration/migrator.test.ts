import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import {
  assertSchemaCurrent,
  loadMigrations,
  migrate,
  SchemaError,
  schemaStatus,
} from '../../adapters/postgres/migrator.js';
import { freshDatabase } from '../support/db.js';

const dirWith = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
};

test('an unmigrated database is refused with the command to run', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  const err = await t.throwsAsync(assertSchemaCurrent(d.db), { instanceOf: SchemaError });
  t.regex(err!.message, /not migrated/);
  t.is(err!.hint, 'run: surveyor migrate');
});

test('migrate applies every migration once; a second run applies nothing', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  const known = loadMigrations();
  t.deepEqual(
    (await migrate(d.db)).map((m) => m.name),
    known.map((m) => m.name),
  );
  t.deepEqual(await migrate(d.db), []);
  await t.notThrowsAsync(assertSchemaCurrent(d.db));
  t.truthy(await d.db.oneOrNone(`SELECT to_regclass('users') AS t`));
});

test('concurrent migrate runs serialise on the advisory lock and apply each migration once', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  const runs = await Promise.all([migrate(d.db), migrate(d.db), migrate(d.db)]);
  t.is(runs.flat().length, loadMigrations().length);
  const rows = await d.db.any('SELECT version FROM schema_migrations');
  t.is(rows.length, loadMigrations().length);
});

test('an applied migration that was edited is refused, naming the file', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  await migrate(d.db, loadMigrations(dirWith({ '0001_a.sql': 'CREATE TABLE a (x int);' })));
  const edited = loadMigrations(dirWith({ '0001_a.sql': 'CREATE TABLE a (x bigint);' }));
  const err = await t.throwsAsync(migrate(d.db, edited), { instanceOf: SchemaError });
  t.regex(err!.message, /0001_a\.sql was edited after it was applied/);
  await t.throwsAsync(assertSchemaCurrent(d.db, edited), { message: /edited/ });
});

test('a database migrated by a newer build is refused as newer than this build', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  const newer = { '0001_a.sql': 'CREATE TABLE a (x int);', '0002_b.sql': 'CREATE TABLE b (x int);' };
  await migrate(d.db, loadMigrations(dirWith(newer)));
  const older = loadMigrations(dirWith({ '0001_a.sql': newer['0001_a.sql'] }));
  const err = await t.throwsAsync(assertSchemaCurrent(d.db, older), { instanceOf: SchemaError });
  t.regex(err!.message, /newer than this build/);
  const s = await schemaStatus(d.db, older);
  t.deepEqual(
    s.unknown.map((u) => u.name),
    ['0002_b.sql'],
  );
});

test('a failing migration leaves no trace and is not recorded', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  const bad = loadMigrations(
    dirWith({ '0001_a.sql': 'CREATE TABLE a (x int);', '0002_b.sql': 'CREATE TABLE b (x nosuchtype);' }),
  );
  await t.throwsAsync(migrate(d.db, bad));
  const s = await schemaStatus(d.db, bad);
  t.deepEqual(s.applied, [1]);
  t.is((await d.db.one(`SELECT to_regclass('b')::text AS t`)).t, null);
});
