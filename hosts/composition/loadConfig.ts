import * as E from 'fp-ts/lib/Either.js';
import { type Config, decodeConfig } from '../../schema/config.js';

export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(problems.map((p) => `${p.variable}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Production's answer to a superuser DATABASE_URL (checked once connected). */
export const superuserRefused =
  "names a superuser role; production refuses one (it can do anything to the server): connect as a role that owns surveyor's database and nothing more (README: Production database)";

/**
 * The host of a database URL that leaves this machine without verified TLS, or null. Loopback and
 * a Unix socket stay on the machine; `sslmode=verify-full` encrypts the link and checks the server
 * against the CA (`require` encrypts but would talk to anyone).
 */
export const plaintextRemote = (url: string): string | null => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null; // the codec has checked its shape already
  }
  const host = u.hostname.replace(/^\[|\]$/g, '') || u.searchParams.get('host') || '';
  const local =
    host === '' || host.startsWith('/') || host === 'localhost' || host === '::1' || /^127\./.test(host);
  return local || u.searchParams.get('sslmode') === 'verify-full' ? null : host;
};

/** Decodes the environment and applies the production rules that span variables. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>> = process.env): Config => {
  const r = decodeConfig(env);
  if (E.isLeft(r)) throw new ConfigError(r.left);
  const c = r.right;
  if (c.SERVICE_ENV === 'production') {
    const problems: { variable: string; message: string }[] = [];
    if (c.SERVICE_JWT_SECRET === undefined)
      problems.push({ variable: 'SERVICE_JWT_SECRET', message: 'is required in production' });
    else if (Buffer.byteLength(c.SERVICE_JWT_SECRET, 'utf8') < 32)
      problems.push({ variable: 'SERVICE_JWT_SECRET', message: 'must be at least 32 bytes in production' });
    if (c.SERVICE_SECRETS_KEY !== undefined && Buffer.byteLength(c.SERVICE_SECRETS_KEY, 'utf8') < 32)
      problems.push({ variable: 'SERVICE_SECRETS_KEY', message: 'must be at least 32 bytes in production' });
    if (c.BATCH_SSH_PRIVATE_KEY !== undefined)
      problems.push({
        variable: 'BATCH_SSH_PRIVATE_KEY',
        message: 'inline keys are for development only; use BATCH_SSH_PRIVATE_KEY_FILE in production',
      });
    if (c.SERVICE_OUTBOUND_HOSTS === undefined || c.SERVICE_OUTBOUND_HOSTS.length === 0)
      problems.push({
        variable: 'SERVICE_OUTBOUND_HOSTS',
        message: 'is required in production: list the hosts the service may reach',
      });
    if (c.DATABASE_URL === undefined)
      problems.push({
        variable: 'DATABASE_URL',
        message: 'is required in production (the embedded PostgreSQL is for development)',
      });
    else if (!c.SERVICE_DB_ALLOW_PLAINTEXT) {
      const plain = plaintextRemote(c.DATABASE_URL);
      if (plain)
        problems.push({
          variable: 'DATABASE_URL',
          message: `names ${plain}, not this machine, without verified TLS: add sslmode=verify-full and sslrootcert=<the CA file> to it, or set SERVICE_DB_ALLOW_PLAINTEXT=true for a link you trust`,
        });
    }
    if (!c.SERVICE_USE_REAL_BACKENDS)
      problems.push({
        variable: 'SERVICE_USE_REAL_BACKENDS',
        message:
          'must be true in production: production never runs a mock translator, backend, archive or stager',
      });
    if (c.SERVICE_MOCK_PARTS.length > 0)
      problems.push({
        variable: 'SERVICE_MOCK_PARTS',
        message: `must be empty in production (it keeps ${c.SERVICE_MOCK_PARTS.join(', ')} mock)`,
      });
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return c;
};
