import { serviceVersion } from '../../schema/version.js';
import type { Container } from 'inversify';
import { SecretRegistry } from '../../core/redaction.js';
import { Argon2Hasher } from '../../adapters/auth/argon2Hasher.js';
import { createLogger, type Logger } from '../../adapters/log/logger.js';

export { createLogger };
import { Metrics } from '../../adapters/metrics/registry.js';
import { closeDb, type Db, isSuperuser, onPoolError, openDb } from '../../adapters/postgres/db.js';
import { closeOffThread } from '../../adapters/system/offThread.js';
import { isStopping } from './shutdown.js';
import { assertSchemaCurrent } from '../../adapters/postgres/migrator.js';
import type { Config } from '../../schema/environment.js';
import type { BackendSet } from './backends.js';
import { buildContainer, TYPES } from './composition.js';
import { type DatabaseHandle, resolveDatabase } from './database.js';
import { registerSecrets } from './secrets.js';
import { resolveJwtSecret } from './jwtSecret.js';
import { ConfigError, loadConfig, superuserRefused } from './loadConfig.js';

export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly secrets: SecretRegistry;
  readonly metrics: Metrics;
  readonly db: Db;
  readonly database: DatabaseHandle;
  readonly container: Container;
  close(): Promise<void>;
}

/** Opens the database (checking its schema) and builds the container shared by every host. */
export const openRuntime = async (
  role: string,
  opts: {
    checkSchema?: boolean;
    mockBackends?: boolean;
    logLevel?: string;
    /**
     * A CLI command's logs go to standard error (its standard output is its answer), warnings and
     * errors only unless SERVICE_LOG_LEVEL says otherwise: a command's own lines say what it did.
     */
    logToStderr?: boolean;
  } = {},
): Promise<Runtime> => {
  const loaded = loadConfig();
  // `security check` reads the profiles without building the real backends it is checking.
  const config = opts.mockBackends ? { ...loaded, SERVICE_USE_REAL_BACKENDS: false } : loaded;
  const secrets = new SecretRegistry();
  registerSecrets(config, secrets);
  const level =
    opts.logLevel ??
    (opts.logToStderr && process.env['SERVICE_LOG_LEVEL'] === undefined ? 'warn' : config.SERVICE_LOG_LEVEL);
  const logger = createLogger(
    level,
    secrets,
    undefined,
    config.SERVICE_LOG_FORMAT,
    opts.logToStderr ? 2 : 1,
  ).child({
    role,
  });
  const jwt = resolveJwtSecret(config);
  secrets.add(jwt.secret);
  if (jwt.source === 'generated')
    logger.info('generated a JWT signing secret in the data directory (development)');
  const database = await resolveDatabase(config, logger);
  secrets.add(decodeURIComponent(new URL(database.url).password));
  onPoolError((err) => {
    // A terminal's Ctrl-C reaches the embedded PostgreSQL too (it runs in our process group), and
    // it ends its connections (57P01, admin_shutdown) while the pool is still closing: expected
    // then, and not worth a warning. Any other time it is one.
    if (isStopping() && (err as { code?: unknown }).code === '57P01')
      logger.debug({ err }, 'a pooled database connection ended as the database stopped');
    else logger.warn({ err }, 'a pooled database connection failed');
  });
  const db = openDb(database.url, config.SERVICE_DB_POOL_MAX, {
    connectMs: config.SERVICE_DB_CONNECT_TIMEOUT_SECONDS * 1000,
    statementMs: config.SERVICE_DB_STATEMENT_TIMEOUT_SECONDS * 1000,
  });
  try {
    if (config.SERVICE_ENV === 'production' && (await isSuperuser(db)))
      throw new ConfigError([{ variable: 'DATABASE_URL', message: superuserRefused }]);
    if (opts.checkSchema !== false) await assertSchemaCurrent(db);
  } catch (err) {
    await closeDb(db);
    await database.release();
    throw err;
  }
  const metrics = new Metrics(role, serviceVersion);
  const hasher = await Argon2Hasher.create(config.SERVICE_PASSWORD_HASH_CONCURRENCY);
  let container: Container;
  try {
    container = buildContainer({ config, logger, secrets, metrics, db, hasher, jwtSecret: jwt.secret });
  } catch (err) {
    // A production security gate that fails (SecurityGateError) stops the process cleanly.
    await closeDb(db);
    await database.release();
    throw err;
  }
  return {
    config,
    logger,
    secrets,
    metrics,
    db,
    database,
    container,
    close: async () => {
      container.get<BackendSet>(TYPES.BackendSet).close();
      await closeOffThread();
      await closeDb(db);
      await database.release();
    },
  };
};
