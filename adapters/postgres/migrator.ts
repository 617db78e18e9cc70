import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

/** Raised when the schema cannot be used or migrated; `hint` says what the operator should run. */
export class SchemaError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'SchemaError';
  }
}

// The .sql files stay beside the sources (tsc does not copy them): resolve from the package root.
export const migrationsDir = fileURLToPath(
  new URL('../../../adapters/postgres/migrations/', import.meta.url),
);

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Checksums a migration had before a comment in it was reworded (its statements unchanged), which
 * databases migrated earlier still record: accepted as the file's own.
 */
const reworded: Readonly<Record<string, readonly string[]>> = {
  // A comment that named a design document outside the repository now names docs/decisions/queue.md.
  '0001_foundation.sql': ['8e996bb0366aa413119c9f52f7f71345f03884d9897d8df73f568830fe14a5c9'],
};
const sameMigration = (m: Migration, recorded: string) =>
  recorded === m.checksum || (reworded[m.name] ?? []).includes(recorded);

export const loadMigrations = (dir: string = migrationsDir): Migration[] =>
  readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(`${dir}/${file}`, 'utf8');
      return { version: Number(file.slice(0, 4)), name: file, sql, checksum: sha256(sql) };
    });

// Any fixed number: every surveyor process migrating the same database contends for this lock.
const lockKey = 0x5375_7276;

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

const ensureTable = (db: Db) =>
  db.none(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now())`);

const tableExists = async (db: Db) =>
  (await db.one<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`)).t !== null;

export interface SchemaStatus {
  readonly applied: readonly number[];
  readonly pending: readonly Migration[];
  readonly unknown: readonly AppliedRow[];
  readonly edited: readonly { migration: Migration; recorded: string }[];
}

export const schemaStatus = async (
  db: Db,
  known: readonly Migration[] = loadMigrations(),
): Promise<SchemaStatus> => {
  const rows = (await tableExists(db))
    ? await db.any<AppliedRow>('SELECT version, name, checksum FROM schema_migrations ORDER BY version')
    : [];
  const byVersion = new Map(rows.map((r) => [r.version, r]));
  const knownVersions = new Set(known.map((m) => m.version));
  return {
    applied: rows.map((r) => r.version),
    pending: known.filter((m) => !byVersion.has(m.version)),
    unknown: rows.filter((r) => !knownVersions.has(r.version)),
    edited: known
      .filter((m) => byVersion.has(m.version) && !sameMigration(m, byVersion.get(m.version)!.checksum))
      .map((m) => ({ migration: m, recorded: byVersion.get(m.version)!.checksum })),
  };
};

const refuseBroken = (s: SchemaStatus): void => {
  const [edited] = s.edited;
  if (edited)
    throw new SchemaError(
      `migration ${edited.migration.name} was edited after it was applied (checksum ${edited.migration.checksum.slice(0, 12)}, applied as ${edited.recorded.slice(0, 12)})`,
      'restore the original file and put the change in a new migration',
    );
  const [unknown] = s.unknown;
  if (unknown)
    throw new SchemaError(
      `the database has migration ${unknown.name}, which this build of surveyor does not know: the schema is newer than this build`,
      'run a surveyor version at least as new as the one that migrated this database',
    );
};

/** Refuses to run on a schema that is behind, ahead of, or different from this build. */
export const assertSchemaCurrent = async (
  db: Db,
  known: readonly Migration[] = loadMigrations(),
): Promise<void> => {
  const s = await schemaStatus(db, known);
  refuseBroken(s);
  if (s.pending.length > 0)
    throw new SchemaError(
      `the database schema is not migrated: ${s.pending.length} migration(s) pending (${s.pending.map((m) => m.name).join(', ')})`,
      'run: surveyor migrate',
    );
};

/** Applies pending migrations in order, each in its own transaction, under an advisory lock. */
export const migrate = async (db: Db, known: readonly Migration[] = loadMigrations()): Promise<Migration[]> =>
  db.task('migrate', async (task) => {
    await task.one('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      await ensureTable(task as unknown as Db);
      const s = await schemaStatus(task as unknown as Db, known);
      refuseBroken(s);
      for (const m of s.pending) {
        await task.tx(async (tx) => {
          await tx.none(m.sql);
          await tx.none('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
            m.version,
            m.name,
            m.checksum,
          ]);
        });
      }
      return [...s.pending];
    } finally {
      await task.one('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  });
