// The migration runner on real PostgreSQL: order, a second run applying nothing, concurrent runs on the
// advisory lock, an edited or a newer schema refused, a failed migration leaving no trace, and data
// kept across the migrations that rewrite it (0017 artifacts, 0023 login windows).
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

test('a migration whose comment was reworded after it was applied is still current', async (t) => {
  const d = await freshDatabase();
  t.teardown(d.drop);
  // As a database migrated before 0001's comment was reworded records it.
  await d.db.none(`UPDATE schema_migrations SET checksum = $1 WHERE name = '0001_foundation.sql'`, [
    '8e996bb0366aa413119c9f52f7f71345f03884d9897d8df73f568830fe14a5c9',
  ]);
  t.deepEqual((await schemaStatus(d.db)).edited, []);
  await t.notThrowsAsync(assertSchemaCurrent(d.db));
  await d.db.none(`UPDATE schema_migrations SET checksum = 'another' WHERE name = '0001_foundation.sql'`);
  await t.throwsAsync(assertSchemaCurrent(d.db), { message: /0001_foundation\.sql was edited/ });
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

test('artifacts stored before compression read back the same after migration 0017', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  const known = loadMigrations();
  await migrate(
    d.db,
    known.filter((m) => m.version < 17),
  );
  const id = '00000000-0000-4000-8000-000000000017';
  const graph = JSON.stringify({ nodeDataArray: [{ text: 'Ünïcode ✓', n: 1 }], pad: 'x'.repeat(100_000) });
  await d.db.none(
    `INSERT INTO project_configs VALUES ('m', 1, 'h', '', '{}', now(), 't');
     INSERT INTO executions (id, project_module, config_version, profile_snapshot, archive_name, source_ids, state,
       attempt, created_by, created_at, updated_at)
     VALUES ($1, 'm', 1, '{}', 'a', '{}', 'running', 1, 't', now(), now());
     INSERT INTO execution_artifacts (execution_id, attempt, name, media_type, sha256, size, content, created_at)
     VALUES ($1, 1, 'logical.graph', 'application/json', 's', 1, $2, now())`,
    [id, graph],
  );
  await migrate(d.db);
  const { artifact } = await import('../../adapters/postgres/executionArtifacts.js');
  t.is(await artifact(d.db, id, 1, 'logical.graph'), graph);
  t.is(
    (await d.db.one<{ encoding: string }>('SELECT encoding FROM execution_artifacts')).encoding,
    'identity',
  );
  // A new artifact is stored compressed, and reads back the same.
  const job = '00000000-0000-4000-8000-0000000000aa';
  await d.db.none(
    `INSERT INTO jobs (id, kind, payload, state, fencing_token, run_at, created_at, updated_at)
     VALUES ($1, 'execution.run', '{}', 'running', 7, now(), now(), now())`,
    [job],
  );
  const { saveArtifact } = await import('../../adapters/postgres/executionArtifacts.js');
  const a = {
    executionId: id,
    attempt: 1,
    name: 'translated.json',
    mediaType: 'application/json',
    content: graph,
    sha256: 's',
  };
  t.is(await saveArtifact(d.db, a, { jobId: job, token: 7 }, new Date()), 'ok');
  t.is(await saveArtifact(d.db, a, { jobId: job, token: 6 }, new Date()), 'lease_lost');
  t.is(await artifact(d.db, id, 1, 'translated.json'), graph);
  const stored = await d.db.one<{ encoding: string; bytes: number; size: number }>(
    `SELECT encoding, octet_length(content) AS bytes, size FROM execution_artifacts WHERE name = 'translated.json'`,
  );
  t.is(stored.encoding, 'zstd');
  t.is(stored.size, Buffer.byteLength(graph));
  t.true(stored.bytes < stored.size / 10, `${stored.bytes} bytes stored for ${stored.size}`);
});

test('a username held back by a fixed window stays held back after migration 0023', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  await migrate(
    d.db,
    loadMigrations().filter((m) => m.version < 23),
  );
  const now = new Date();
  const start = new Date(Math.floor(now.getTime() / 900_000) * 900_000);
  await d.db.none(
    `INSERT INTO login_attempts (key, window_start, attempts) VALUES ('user:held', $1, 6), ('user:old', $2, 9)`,
    [start, new Date(start.getTime() - 2 * 86400_000)],
  );
  await migrate(d.db);
  const { PgLoginThrottle } = await import('../../adapters/postgres/loginThrottle.js');
  const { attemptsAt } = await import('../../core/domain/loginAttempts.js');
  const th = new PgLoginThrottle(d.db);
  const held = await th.reserve('user:held', now, 900, 5);
  t.false(held.counted, 'the six before count: held back at a limit of five');
  t.is(attemptsAt(held.attempts, now, 900), 6, 'and the refused try is not counted');
  t.is(
    attemptsAt((await th.reserve('user:old', now, 900, 5)).attempts, now, 900),
    1,
    'an old window counts nothing',
  );
  // Another window length: what was counted stays counted whole.
  await d.db.none(
    `UPDATE login_attempts SET slot_ms = 90000, slot = floor(extract(epoch FROM now()) * 1000 / 90000), counts = '{4}'
     WHERE key = 'user:old'`,
  );
  t.is(attemptsAt((await th.reserve('user:old', now, 60, 100)).attempts, now, 60), 5);
});
