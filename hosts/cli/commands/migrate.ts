import { Command, Option } from 'clipanion';
import { registerSecrets } from '../../composition/secrets.js';
import { SecretRegistry } from '../../../core/redaction.js';
import { ConfigError, loadConfig, superuserRefused } from '../../composition/loadConfig.js';
import { reportFailure } from '../failures.js';

export class MigrateCommand extends Command {
  static override paths = [['migrate']];
  static override usage = Command.Usage({
    description: 'Apply pending database migrations',
    details: `
      Applies the migrations this build knows and the database lacks, in order, each in its own
      transaction, under an advisory lock (several processes may run it at once). Without
      DATABASE_URL it migrates the embedded PostgreSQL in SERVICE_DATA_DIR.

      Refuses (exit 3) when an applied migration was edited since, or when the database has
      migrations this build does not know. Exit 0 on success, 2 on bad configuration, 1 otherwise.
    `,
    examples: [
      ['Migrate', 'surveyor migrate'],
      ['Show what is applied and pending', 'surveyor migrate --status'],
    ],
  });

  status = Option.Boolean('--status', false, { description: 'Only print applied and pending migrations' });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { createLogger } = await import('../../composition/runtime.js');
    const { closeDb, isSuperuser, openDb } = await import('../../composition/database.js');
    const { migrate, schemaStatus } = await import('../../composition/migrations.js');
    const { resolveDatabase } = await import('../../composition/database.js');
    const secrets = new SecretRegistry();
    try {
      const config = loadConfig();
      registerSecrets(config, secrets);
      const logger = createLogger('warn', secrets, undefined, config.SERVICE_LOG_FORMAT, 2);
      const database = await resolveDatabase(config, logger);
      // Migrations may take a while on a large table: no statement timeout for them.
      const db = openDb(database.url, 2, {
        connectMs: config.SERVICE_DB_CONNECT_TIMEOUT_SECONDS * 1000,
        statementMs: 0,
      });
      try {
        if (config.SERVICE_ENV === 'production' && (await isSuperuser(db)))
          throw new ConfigError([{ variable: 'DATABASE_URL', message: superuserRefused }]);
        if (this.status) {
          const s = await schemaStatus(db);
          this.context.stdout.write(`applied: ${s.applied.join(', ') || 'none'}\n`);
          this.context.stdout.write(`pending: ${s.pending.map((m) => m.name).join(', ') || 'none'}\n`);
          return 0;
        }
        const applied = await migrate(db);
        this.context.stdout.write(
          applied.length === 0
            ? 'schema is up to date\n'
            : applied.map((m) => `applied ${m.name}\n`).join(''),
        );
        return 0;
      } finally {
        await closeDb(db);
        await database.release();
      }
    } catch (err) {
      return reportFailure(err, this.context.stderr, secrets);
    }
  }
}
