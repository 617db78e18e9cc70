import pgPromise from 'pg-promise';

// One pg-promise root per process. int8 and numeric come back as numbers: our counters and fencing
// tokens stay far below 2^53.
export const pgp = pgPromise({ capSQL: true });
pgp.pg.types.setTypeParser(20, (v: string) => Number(v));
pgp.pg.types.setTypeParser(1700, (v: string) => Number(v));

export type Db = pgPromise.IDatabase<unknown>;
export type Tx = pgPromise.ITask<unknown>;

const openDbs = new Map<string, Db>();

let poolErrorSink: (err: Error) => void = (err) => process.stderr.write(`database pool: ${err.message}\n`);
/** Where errors of idle pooled connections go (the process's logger). */
export const onPoolError = (sink: (err: Error) => void): void => {
  poolErrorSink = sink;
};

/** A pooled database handle; the same URL gives the same handle (pg-promise wants one per process). */
export const openDb = (url: string, poolMax = 10): Db => {
  const existing = openDbs.get(url);
  if (existing) return existing;
  const db = pgp({ connectionString: url, max: poolMax, application_name: 'surveyor' });
  // pg-promise drops its own pool error listener when the pool ends; a connection still opening at
  // that moment could then fail with no listener and crash the process while it shuts down.
  db.$pool.on('error', (err: Error) => poolErrorSink(err));
  openDbs.set(url, db);
  return db;
};

export const closeDb = async (db: Db): Promise<void> => {
  for (const [url, d] of openDbs) if (d === db) openDbs.delete(url);
  await db.$pool.end();
};
