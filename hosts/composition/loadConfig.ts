import { isIP } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { parse as parseConnection } from 'pg-connection-string';
import { hostRefusal, portOf } from '../../adapters/shared/outbound.js';
import { type Config, decodeConfig } from '../../schema/environment.js';

export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(problems.map((p) => `${p.variable}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Production's answer to a superuser DATABASE_URL (checked once connected). */
export const superuserRefused =
  "names a superuser role; production refuses one (it can do anything to the server): connect as a role that owns surveyor's database and nothing more (docs/deployment.md, Production database)";

/** Whether pg reaches a host without leaving this machine: a Unix socket, localhost, a loopback address. */
const onThisMachine = (host: string): boolean => {
  if (host.startsWith('/') || host === 'localhost') return true;
  const family = isIP(host);
  return family === 4 ? host.startsWith('127.') : family === 6 && host === '::1';
};

/**
 * The host of a database URL that leaves this machine without verified TLS, or null. Judged on what
 * pg itself resolves (pg-connection-string: a `host=` parameter wins over the URL's host, the last
 * of a repeated `sslmode` wins), then PGHOST and PGSSLMODE as pg falls back to them: a loopback
 * address by `isIP`, never by the text's first digits. `sslmode=verify-full` encrypts the link and
 * checks the server against the CA (`require` encrypts but would talk to anyone).
 */
export const plaintextRemote = (
  url: string,
  env: Readonly<Record<string, string | undefined>> = {},
): string | null => {
  let resolved: ReturnType<typeof parseConnection>;
  try {
    // The certificate files are pg's to read when it connects; naming them decides nothing here.
    const u = new URL(url);
    for (const k of ['sslcert', 'sslkey', 'sslrootcert']) u.searchParams.delete(k);
    resolved = parseConnection(u.toString());
  } catch {
    return '(a host pg could not read)';
  }
  const host = (resolved.host || env['PGHOST'] || 'localhost').replace(/^\[|\]$/g, '');
  const sslmode = (resolved as { sslmode?: string }).sslmode ?? env['PGSSLMODE'];
  const verified = sslmode === 'verify-full' && resolved.ssl !== false;
  return onThisMachine(host) || verified ? null : host;
};

/** Decodes the environment and applies the production rules that span variables. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>> = process.env): Config => {
  const r = decodeConfig(env);
  if (E.isLeft(r)) throw new ConfigError(r.left);
  const c = r.right;
  // The archive account goes only where the admin says; a configuration names an archive's URL.
  if (c.ARCHIVE_USERNAME !== undefined && c.ARCHIVE_CREDENTIAL_ORIGINS === undefined)
    throw new ConfigError([
      {
        variable: 'ARCHIVE_CREDENTIAL_ORIGINS',
        message:
          'is required with ARCHIVE_USERNAME: list the origins the archive account may be sent to (for example https://casda.csiro.au,https://data.csiro.au)',
      },
    ]);
  // Traces leave the service like any request: only to a host the outbound policy allows.
  if (c.SERVICE_OTLP_TRACES_URL !== undefined) {
    const u = new URL(c.SERVICE_OTLP_TRACES_URL);
    const policy = {
      hosts: c.SERVICE_OUTBOUND_HOSTS ?? null,
      allowPrivate: c.SERVICE_OUTBOUND_ALLOW_PRIVATE,
    };
    const refusal = hostRefusal(policy, u.hostname, portOf(u), 'web');
    if (refusal)
      throw new ConfigError([
        {
          variable: 'SERVICE_OTLP_TRACES_URL',
          message: `${refusal} (traces go only where SERVICE_OUTBOUND_HOSTS allows)`,
        },
      ]);
  }
  if (c.SERVICE_OIDC_ISSUER !== undefined) {
    const u = new URL(c.SERVICE_OIDC_ISSUER);
    const problems: { variable: string; message: string }[] = [];
    if (c.SERVICE_OIDC_CLIENT_ID === undefined)
      problems.push({ variable: 'SERVICE_OIDC_CLIENT_ID', message: 'is required with SERVICE_OIDC_ISSUER' });
    if (u.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
      problems.push({ variable: 'SERVICE_OIDC_ISSUER', message: 'must be https (http only on loopback)' });
    const refusal = hostRefusal(
      { hosts: c.SERVICE_OUTBOUND_HOSTS ?? null, allowPrivate: c.SERVICE_OUTBOUND_ALLOW_PRIVATE },
      u.hostname,
      portOf(u),
      'web',
    );
    if (refusal)
      problems.push({
        variable: 'SERVICE_OIDC_ISSUER',
        message: `${refusal} (the provider is reached only where SERVICE_OUTBOUND_HOSTS allows)`,
      });
    if (problems.length > 0) throw new ConfigError(problems);
  }
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
      const plain = plaintextRemote(c.DATABASE_URL, env);
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
