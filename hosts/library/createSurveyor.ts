import { serviceVersion } from '../../schema/version.js';
import { Writable } from 'node:stream';
import type { SurveyorPorts } from '../../core/app/ports.js';
import { SecretRegistry } from '../../core/redaction.js';
import { Argon2Hasher } from '../../adapters/auth/argon2Hasher.js';
import { createLogger } from '../../adapters/log/logger.js';
import { Metrics } from '../../adapters/metrics/registry.js';
import { closeDb, openDb } from '../../adapters/postgres/db.js';
import { assertSchemaCurrent, migrate } from '../../adapters/postgres/migrator.js';
import type { BackendSet } from '../composition/backends.js';
import { appOf, buildContainer, TYPES } from '../composition/composition.js';
import { resolveDatabase } from '../composition/database.js';
import { resolveJwtSecret } from '../composition/jwtSecret.js';
import { loadConfig } from '../composition/loadConfig.js';
import { registerSecrets } from '../composition/secrets.js';
import { type SurveyorFace, surveyorFace } from './face.js';
import { startWorker, type WorkerHandle } from '../worker/worker.js';

export interface SurveyorOptions {
  /**
   * PostgreSQL: a server's URL, or an embedded cluster kept in a directory of its own (started
   * here, or joined when another process of ours runs it). Default: embedded in SERVICE_DATA_DIR
   * of `settings`, else `./.surveyor`. Set SERVICE_GRAPH_DIR in `settings` to where your graphs are.
   */
  readonly database?:
    | { readonly url: string }
    | { readonly embedded: { readonly dataDir: string; readonly port?: number } };
  /** `mock` (default): no network, deterministic; `real`: DALiuGE, Slurm over SSH, the TAP archive. */
  readonly backends?: 'mock' | 'real';
  /** Port implementations of your own (an archive, a backend, a clock), used instead of ours. */
  readonly ports?: Partial<SurveyorPorts>;
  /** Any other setting, by its environment variable (docs/configuration.md: SERVICE_*, BATCH_*, ARCHIVE_*). */
  readonly settings?: Readonly<Record<string, string>>;
  /** Run a worker (queue consumer and, when it holds the leader lock, the scheduler) here. Default true. */
  readonly worker?: boolean;
  /** Apply the database migrations first. Default true. */
  readonly migrate?: boolean;
  /** Where JSON log lines go. Default: nowhere. */
  readonly logTo?: NodeJS.WritableStream;
}

/** The application's operations (see core/app/surveyor.ts), and `close`. */
export type Surveyor = SurveyorFace & {
  /** Stops the worker (waiting up to `graceMs` for running jobs), the backends and the database. */
  close(graceMs?: number): Promise<void>;
};

const nowhere = () =>
  new Writable({
    write(_chunk, _enc, cb) {
      cb();
    },
  });

/**
 * surveyor embedded in your process: the same operations the REST API calls, on PostgreSQL, with a
 * worker running executions to their end. Errors are values (`Either<AppError, view>`).
 */
export const createSurveyor = async (opts: SurveyorOptions = {}): Promise<Surveyor> => {
  const db = opts.database;
  const config = loadConfig({
    SERVICE_LOG_LEVEL: 'info',
    ...opts.settings,
    SERVICE_USE_REAL_BACKENDS: opts.backends === 'real' ? 'true' : 'false',
    ...(db && 'url' in db ? { DATABASE_URL: db.url } : {}),
    ...(db && 'embedded' in db
      ? {
          SERVICE_DATA_DIR: db.embedded.dataDir,
          ...(db.embedded.port !== undefined ? { SERVICE_EMBEDDED_PG_PORT: String(db.embedded.port) } : {}),
        }
      : {}),
    // Metrics are the embedder's to expose: no port of our own.
    SERVICE_METRICS_PORT: '-1',
  });
  const secrets = new SecretRegistry();
  registerSecrets(config, secrets);
  const logger = createLogger(config.SERVICE_LOG_LEVEL, secrets, opts.logTo ?? nowhere()).child({
    role: 'library',
  });
  const jwt = resolveJwtSecret(config);
  secrets.add(jwt.secret);
  const database = await resolveDatabase(config, logger);
  secrets.add(decodeURIComponent(new URL(database.url).password));
  const pool = openDb(database.url, config.SERVICE_DB_POOL_MAX, {
    connectMs: config.SERVICE_DB_CONNECT_TIMEOUT_SECONDS * 1000,
    statementMs: config.SERVICE_DB_STATEMENT_TIMEOUT_SECONDS * 1000,
  });
  let worker: WorkerHandle | undefined;
  let backends: BackendSet | undefined;
  const release = async () => {
    backends?.close();
    await closeDb(pool);
    await database.release();
  };
  try {
    if (opts.migrate === false) await assertSchemaCurrent(pool);
    else await migrate(pool);
    const container = buildContainer({
      config,
      logger,
      secrets,
      metrics: new Metrics('library', serviceVersion),
      db: pool,
      hasher: await Argon2Hasher.create(config.SERVICE_PASSWORD_HASH_CONCURRENCY),
      jwtSecret: jwt.secret,
      ...(opts.ports ? { overrides: opts.ports } : {}),
    });
    backends = container.get<BackendSet>(TYPES.BackendSet);
    if (opts.worker !== false) worker = await startWorker(container);
    return {
      ...surveyorFace(appOf(container)),
      close: async (graceMs = 10_000) => {
        await worker?.stop(graceMs);
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
};
