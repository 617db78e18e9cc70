// Queue throughput: claim -> complete of no-op jobs with 1, 4 and 16 concurrent consumers, for
// surveyor's queue, graphile-worker and pg-boss side by side on the same embedded PostgreSQL.
// Prints figures; asserts nothing. Run: scripts/bench queue [jobs]
// Each system runs in this one process with its own database, jobs inserted before the clock starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Logger as GraphileLogger, run as runGraphile, runMigrations } from 'graphile-worker';
import { PgBoss } from 'pg-boss';
import pg from 'pg';
import * as t from 'io-ts';
import { createLogger } from '../../adapters/log/logger.js';
import { closeDb, openDb } from '../../adapters/postgres/db.js';
import { openEmbedded } from '../../adapters/postgres/embedded.js';
import { jobsChannel, PgJobQueue } from '../../adapters/postgres/jobQueue.js';
import { listen } from '../../adapters/postgres/listener.js';
import { migrate } from '../../adapters/postgres/migrator.js';
import { CryptoRandom } from '../../adapters/system/cryptoRandom.js';
import { SystemClock } from '../../adapters/system/systemClock.js';
import { jobHandler } from '../../core/ports/JobHandler.js';
import { SecretRegistry } from '../../core/redaction.js';
import { QueueConsumer } from '../../hosts/worker/consumer.js';
import { freePort } from '../support/ports.js';

const jobs = Number(process.argv[2] ?? 2000);
const concurrencies = [1, 4, 16];
const rounds = Number(process.env['SURVEYOR_BENCH_ROUNDS'] ?? 3);
const quiet = createLogger('silent', new SecretRegistry(), new Writable({ write: (_c, _e, cb) => cb() }));

const withDatabase = async (server: string, name: string) => {
  const admin = new pg.Client({ connectionString: server.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return server.replace(/\/[^/]*$/, `/${name}`);
};

const waitUntil = async (url: string, sql: string, done: (n: number) => boolean) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (;;) {
      const n = Number((await c.query(sql)).rows[0]?.n ?? 0);
      if (done(n)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await c.end();
  }
};

const surveyor = async (url: string, concurrency: number): Promise<number> => {
  const db = openDb(url, concurrency + 4);
  await migrate(db);
  const queue = new PgJobQueue(db, new CryptoRandom());
  const now = new Date();
  await db.none(
    `INSERT INTO jobs (id, kind, payload, state, run_at, created_at, updated_at)
     SELECT gen_random_uuid(), 'noop', '{}', 'queued', $1, $1, $1 FROM generate_series(1, $2)`,
    [now, jobs],
  );
  const noop = jobHandler('noop', t.unknown, async () => {});
  const consumer = new QueueConsumer(
    {
      queue,
      clock: new SystemClock(),
      random: new CryptoRandom(),
      log: quiet,
      handlers: [noop],
    },
    {
      workerId: 'bench',
      concurrency,
      leaseSeconds: 60,
      idlePollSeconds: 1,
      retry: { baseSeconds: 1, capSeconds: 1 },
    },
  );
  const stopListening = listen(
    db,
    jobsChannel,
    () => consumer.wake(),
    () => {},
  );
  const started = performance.now();
  consumer.start();
  await waitUntil(url, `SELECT count(*) AS n FROM jobs WHERE state = 'succeeded'`, (n) => n >= jobs);
  const ms = performance.now() - started;
  await consumer.stop(1000);
  await stopListening();
  await closeDb(db);
  return ms;
};

const graphile = async (url: string, concurrency: number): Promise<number> => {
  const logger = new GraphileLogger(() => () => {});
  await runMigrations({ connectionString: url, logger });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`SELECT graphile_worker.add_job('noop', '{}'::json) FROM generate_series(1, $1)`, [jobs]);
  await c.end();
  const started = performance.now();
  const runner = await runGraphile({
    connectionString: url,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
    crontab: '',
    taskList: { noop: async () => {} },
  });
  await waitUntil(url, 'SELECT count(*) AS n FROM graphile_worker.jobs', (n) => n === 0);
  const ms = performance.now() - started;
  await runner.stop();
  return ms;
};

const pgBoss = async (url: string, concurrency: number): Promise<number> => {
  const boss = new PgBoss({ connectionString: url, max: concurrency + 4 });
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue('noop');
  for (let i = 0; i < jobs; i += 1000)
    await boss.insert(
      'noop',
      Array.from({ length: Math.min(1000, jobs - i) }, () => ({ data: {} })),
    );
  const started = performance.now();
  // pg-boss waits a polling interval between fetches when batchSize is 1 (its documented burst rule),
  // so each consumer fetches batches of 16: the settings that give it its best throughput.
  await boss.work(
    'noop',
    { localConcurrency: concurrency, batchSize: 16, pollingIntervalSeconds: 0.5 },
    async () => {},
  );
  await waitUntil(
    url,
    `SELECT count(*) AS n FROM pgboss.job WHERE name = 'noop' AND state = 'completed'`,
    (n) => n >= jobs,
  );
  const ms = performance.now() - started;
  await boss.stop({ graceful: false });
  return ms;
};

const main = async () => {
  let server = process.env['DATABASE_URL'];
  let dir: string | undefined;
  let release = async () => {};
  if (!server) {
    dir = mkdtempSync(join(tmpdir(), 'surveyor-bench-'));
    const e = await openEmbedded({ dataDir: dir, port: await freePort() });
    server = e.url;
    release = () => e.release();
  }
  const all = { surveyor, 'graphile-worker': graphile, 'pg-boss': pgBoss } as const;
  // SURVEYOR_BENCH_ONLY=<name>[,<name>] runs some of the systems (all by default).
  const only = process.env['SURVEYOR_BENCH_ONLY']?.split(',');
  const systems = Object.fromEntries(Object.entries(all).filter(([name]) => !only || only.includes(name)));
  const samples: Record<string, Record<number, number[]>> = {};
  process.stdout.write(
    `queue throughput: ${jobs} no-op jobs, claim -> complete, median of ${rounds} rounds (jobs/s; higher is better)\n`,
  );
  // Rounds alternate the systems, so a slower moment of the machine does not fall on one of them.
  for (let round = 1; round <= rounds; round++)
    for (const c of concurrencies)
      for (const [name, fn] of Object.entries(systems)) {
        const url = await withDatabase(server, `bench_${name.replace('-', '_')}_${c}`);
        process.stderr.write(`  round ${round}: ${name} with ${c} consumer(s)...\n`);
        const ms = await fn(url, c);
        const byC = samples[name] ?? {};
        byC[c] = [...(byC[c] ?? []), jobs / (ms / 1000)];
        samples[name] = byC;
      }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const results: Record<string, Record<number, number>> = Object.fromEntries(
    Object.entries(samples).map(([name, byC]) => [
      name,
      Object.fromEntries(Object.entries(byC).map(([c, xs]) => [c, median(xs)])),
    ]),
  );
  const header = ['system', ...concurrencies.map((c) => `${c} consumer${c > 1 ? 's' : ''}`)];
  const rows = Object.entries(results).map(([name, r]) => [
    name,
    ...concurrencies.map((c) => r[c]!.toFixed(0)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [header, ...rows])
    process.stdout.write(`${line.map((cell, i) => cell.padStart(widths[i]!)).join('  ')}\n`);
  const ours = results['surveyor'];
  if (ours && results['graphile-worker'] && results['pg-boss'])
    for (const c of concurrencies)
      process.stdout.write(
        `  ${c}: surveyor / graphile-worker = ${(ours[c]! / results['graphile-worker']![c]!).toFixed(2)}x, surveyor / pg-boss = ${(ours[c]! / results['pg-boss']![c]!).toFixed(2)}x\n`,
      );
  await release();
  if (dir) rmSync(dir, { recursive: true, force: true });
};

await main();
process.exit(0);
