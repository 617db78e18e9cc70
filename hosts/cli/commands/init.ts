import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option } from 'clipanion';
import { exitCodes } from '../exitCodes.js';

/** The env file's text: the variables a first start needs, and the next ones an operator sets, commented. */
export const envFileText = (o: {
  readonly production: boolean;
  readonly dataDir: string;
  readonly secret: string;
  readonly written: Date;
  readonly path: string;
}): string =>
  [
    `# surveyor environment, written by \`surveyor init\` on ${o.written.toISOString()}.`,
    '# It holds the JWT signing secret: keep it private (mode 0600) and out of version control.',
    `# Use it with: export SURVEYOR_ENV_FILE=${o.path}`,
    '# (the CLI reads it at start; a variable already set in the environment wins).',
    '# Every variable: the table in docs/configuration.md.',
    '',
    `SERVICE_ENV=${o.production ? 'production' : 'development'}`,
    `SERVICE_DATA_DIR=${o.dataDir}`,
    '# Signs access tokens; every login ends when it changes.',
    `SERVICE_JWT_SECRET=${o.secret}`,
    ...(o.production
      ? [
          'SERVICE_USE_REAL_BACKENDS=true',
          '# Production needs a PostgreSQL server, with a role that owns the tables (not a superuser):',
          '# DATABASE_URL=postgres://surveyor:PASSWORD@db.example.org:5432/surveyor',
          '# and the SSH credentials for batch_remote profiles (see `surveyor security check`):',
          '# BATCH_SSH_PRIVATE_KEY_FILE=/etc/surveyor/id_ed25519',
          '# BATCH_SSH_KNOWN_HOSTS_SOURCE=/etc/surveyor/known_hosts',
        ]
      : [
          '# Unset: an embedded PostgreSQL in SERVICE_DATA_DIR. Set it to use your own server:',
          '# DATABASE_URL=postgres://surveyor:PASSWORD@localhost:5432/surveyor',
          '# Mock translator, backends, archive and stager until this is true:',
          '# SERVICE_USE_REAL_BACKENDS=true',
        ]),
    '# SERVICE_PORT=8080',
    '',
  ].join('\n');

export class InitCommand extends Command {
  static override paths = [['init']];
  static override usage = Command.Usage({
    description: 'Write an environment file with a generated JWT secret, and make the data directory',
    details: `
      Writes --file (mode 0600) with SERVICE_ENV, SERVICE_DATA_DIR and a JWT signing secret of
      48 random bytes, plus the next variables to set as comments, and makes the data directory
      (mode 0700; an existing one is kept as it is). Refuses to overwrite an existing env file
      (exit 1): a new secret would end every login.

      Point the CLI at the file with SURVEYOR_ENV_FILE (variables already set win), then check
      the machine with \`surveyor doctor\` and start with \`surveyor start --migrate\`. The
      option --production writes SERVICE_ENV=production and SERVICE_USE_REAL_BACKENDS=true, and
      lists what production needs besides (DATABASE_URL, SSH credentials).
    `,
    examples: [
      ['Set up this directory for development', 'surveyor init'],
      [
        'For production, elsewhere',
        'surveyor init --production --file /etc/surveyor/env --data-dir /var/lib/surveyor',
      ],
    ],
  });

  // Not --env-file: Node.js takes that flag for itself wherever it appears on the command line.
  file = Option.String('--file', 'surveyor.env', {
    description: 'The file to write (default surveyor.env)',
  });
  dataDir = Option.String('--data-dir', '.surveyor', { description: 'SERVICE_DATA_DIR (default .surveyor)' });
  production = Option.Boolean('--production', false, { description: 'Write a production environment' });

  override async execute(): Promise<number> {
    const path = resolve(this.file);
    const dataDir = resolve(this.dataDir);
    if (existsSync(path)) {
      this.context.stderr.write(
        `surveyor: ${path} exists; not overwritten (its JWT secret signs every login). Remove it first, or give --file.\n`,
      );
      return exitCodes.failure;
    }
    const kept = existsSync(dataDir);
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const text = envFileText({
        production: this.production,
        dataDir,
        secret: randomBytes(48).toString('base64url'),
        written: new Date(),
        path,
      });
      // 'wx': fails if another process made the file since the check above.
      writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      this.context.stderr.write(`surveyor: cannot write the environment: ${(err as Error).message}\n`);
      return exitCodes.failure;
    }
    this.context.stdout.write(
      [
        `wrote ${path} (mode 0600) with a new JWT secret`,
        `${kept ? 'kept' : 'made'} the data directory ${dataDir}`,
        'next:',
        `  export SURVEYOR_ENV_FILE=${path}`,
        '  surveyor doctor',
        '  surveyor start --migrate',
        '',
      ].join('\n'),
    );
    return exitCodes.ok;
  }
}
