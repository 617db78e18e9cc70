// A database per test on the test server (support/withDatabase.ts starts one), and a role that is not
// a superuser, as production requires.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { closeDb, type Db, openDb } from '../../adapters/postgres/db.js';
import { migrate } from '../../adapters/postgres/migrator.js';

export const serverUrl = (): string => {
  const url = process.env['DATABASE_URL'];
  if (!url)
    throw new Error('DATABASE_URL is not set: run the tests with scripts/test, which provides PostgreSQL');
  return url;
};

const withDatabaseName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: withDatabaseName(serverUrl(), 'postgres') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

export interface TestDatabase {
  readonly url: string;
  readonly db: Db;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the test server; migrated unless told otherwise. Its pool has `poolMax`
 * connections (5): openDb gives one handle per URL, so whoever opens the URL first sets the size.
 */
export const freshDatabase = async (
  opts: { migrated?: boolean; poolMax?: number } = {},
): Promise<TestDatabase> => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabaseName(serverUrl(), name);
  const db = openDb(url, opts.poolMax ?? 5);
  if (opts.migrated !== false) await migrate(db);
  return {
    url,
    db,
    drop: async () => {
      await closeDb(db);
      // Without FORCE: forcing would kill connections a closing pool has not finished ending, and
      // their errors would surface as uncaught exceptions. Retry while they wind down.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
          return;
        } catch (err) {
          if (attempt >= 100 || !/being accessed by other users/.test(String(err))) throw err;
          // Still there after 5 s: the session of a process cut off from the server (a partition
          // test's), which the server would end only at its keepalive. Ended here instead.
          if (attempt >= 50)
            await admin((c) =>
              c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]),
            );
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
};

/**
 * A login role that is not a superuser, with every privilege on a test database's tables: what
 * production requires DATABASE_URL to name. Returns that database's URL for the role.
 */
export const ordinaryRoleUrl = async (databaseUrl: string): Promise<string> => {
  const role = `app_${randomBytes(5).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const name = new URL(databaseUrl).pathname.slice(1);
  await admin((c) => c.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' NOSUPERUSER`));
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(`GRANT ALL ON SCHEMA public TO ${role}`);
    await c.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}`);
    await c.query(`GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await c.query(`GRANT CONNECT ON DATABASE ${name} TO ${role}`);
  } finally {
    await c.end();
  }
  const u = new URL(databaseUrl);
  u.username = role;
  u.password = password;
  return u.toString();
};
