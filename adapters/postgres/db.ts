import { createHash } from 'node:crypto';
import pgPromise from 'pg-promise';

// One pg-promise root per process. int8 and numeric come back as numbers: our counters and fencing
// tokens stay far below 2^53.
export const pgp = pgPromise({ capSQL: true });
pgp.pg.types.setTypeParser(20, (v: string) => Number(v));
pgp.pg.types.setTypeParser(1700, (v: string) => Number(v));
// uuid[] (an execution's sources) is split, not read character by character as the general array
// parser does: PostgreSQL writes uuids unquoted, so the text is `{a,b}` with NULL for a null. A page
// of executions holds 20,000 of them, and the general parser took most of its time on the event loop.
pgp.pg.types.setTypeParser(2951 as Parameters<typeof pgp.pg.types.setTypeParser>[0], (v: string) =>
  v === '{}'
    ? []
    : v
        .slice(1, -1)
        .split(',')
        .map((x) => (x === 'NULL' ? null : x)),
);

export type Db = pgPromise.IDatabase<unknown>;
export type Tx = pgPromise.ITask<unknown>;

/**
 * A statement PostgreSQL parses once per connection and may plan once (see adapters/README.md,
 * prepared statements), named by its text, so statements built from parts (a write's columns and
 * common table expressions) get one name per shape. Its values travel as parameters. The text must
 * name its result columns (no `*`): a column a later migration adds would change a planned result.
 */
export const prepared = (text: string, values: readonly unknown[]): pgPromise.PreparedStatement =>
  new pgp.PreparedStatement({ name: preparedName(text), text, values: [...values] });

const names = new Map<string, string>();
const preparedName = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    name = `surveyor-${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    // Shapes are few (they come from code, not from values); the bound is a guard.
    if (names.size < 1000) names.set(text, name);
  }
  return name;
};

const openDbs = new Map<string, Db>();

let poolErrorSink: (err: Error) => void = (err) => process.stderr.write(`database pool: ${err.message}\n`);
/** Where errors of idle pooled connections go (the process's logger). */
export const onPoolError = (sink: (err: Error) => void): void => {
  poolErrorSink = sink;
};

export interface DbTimeouts {
  /** Longest wait for a new connection (0: none). */
  readonly connectMs: number;
  /** Longest a statement may run before the server cancels it (0: none). */
  readonly statementMs: number;
}

/** What a pool gets when its caller names no timeouts (tests, benchmarks): generous, never none. */
export const defaultDbTimeouts: DbTimeouts = { connectMs: 10_000, statementMs: 120_000 };

/**
 * A pooled database handle; the same URL gives the same handle (pg-promise wants one per process).
 * Every connection has a connect timeout and a statement timeout, and a transaction left idle is
 * ended by the server, so a stuck statement or peer cannot hold a worker (or its lease) forever.
 */
export const openDb = (url: string, poolMax = 10, timeouts: DbTimeouts = defaultDbTimeouts): Db => {
  const existing = openDbs.get(url);
  if (existing) return existing;
  const db = pgp({
    connectionString: url,
    max: poolMax,
    application_name: 'surveyor',
    connectionTimeoutMillis: timeouts.connectMs,
    // A statement whose answer a partition swallowed, with the server's reset lost too, would wait
    // forever (statement_timeout is the server's): keepalive probes end such a socket.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout:
      timeouts.statementMs === 0 ? 0 : Math.max(timeouts.statementMs, 60_000),
  });
  // pg-promise drops its own pool error listener when the pool ends; a connection still opening at
  // that moment could then fail with no listener and crash the process while it shuts down.
  db.$pool.on('error', (err: Error) => poolErrorSink(err));
  openDbs.set(url, db);
  return db;
};

/** Whether the connection's role is a superuser (production refuses one: it can do anything). */
export const isSuperuser = async (db: Db): Promise<boolean> =>
  (await db.one<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user'))
    .rolsuper;

export const closeDb = async (db: Db): Promise<void> => {
  for (const [url, d] of openDbs) if (d === db) openDbs.delete(url);
  // The same URL gives the same handle, so two owners (an embedder and its test) may both close it.
  if (!db.$pool.ended) await db.$pool.end();
};

// Connection failures (SQLSTATE class 08), the server shutting down or refusing new connections
// (57P01-57P03), too many connections (53300), and node-postgres's own words for a lost or
// unobtainable connection: the database is unavailable, not the request wrong.
const unavailableStates = /^(08|57P0[123]|53300)/;
const unavailableWords =
  /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EPIPE|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** Whether an error says the database cannot be reached now (an outage), rather than a bug or bad input. */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableStates.test(code) || unavailableWords.test(code))) return true;
  return unavailableWords.test(err.message);
};
