// A PostgreSQL cluster of Debian's packages (the server, pg_dump, pg_basebackup of one version)
// that archives its WAL: what a site backs up, restores from a dump and recovers to a point in
// time. The embedded binaries the other suites use ship no pg_dump, and Debian's pg_dump cannot
// dump a newer server, so the backup tests run on this one. scripts/lib/debian-postgres.sh installs
// the packages. Run as root, the server runs as the `postgres` user the package creates.
import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

const root = '/usr/lib/postgresql';

/** The newest PostgreSQL under /usr/lib/postgresql, or a clear failure naming the script that installs it. */
const binDir = (): string => {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_basebackup')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      `no PostgreSQL server under ${root}: scripts/lib/debian-postgres.sh installs Debian's (scripts/test runs it)`,
    );
  return join(root, versions[0]!, 'bin');
};

const asRoot = process.getuid?.() === 0;

/** A PostgreSQL program's command line: as the postgres user when we are root (it refuses root). */
const command = (program: string, args: readonly string[]): [string, string[]] =>
  asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(binDir(), program), ...args]]
    : [join(binDir(), program), [...args]];

/** Runs a PostgreSQL program as the server's user (postgres when we are root). */
const run = (program: string, args: readonly string[]): string =>
  execFileSync(...command(program, args), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });

/**
 * As `run`, without holding this process's event loop: a chaos run's proxies live in it and go on
 * forwarding while a backup is taken or a server starts.
 */
const runAsync = async (program: string, args: readonly string[]): Promise<void> => {
  await execFileAsync(...command(program, args), { encoding: 'utf8', timeout: 120_000 });
};

const owned = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  chmodSync(dir, 0o700);
};

export interface ArchivingCluster {
  /** The primary's port (a standby's after `failOver`). */
  readonly port: number;
  readonly version: string;
  /** A URL for `database` as `role` (trust authentication on loopback). */
  url(database: string, role?: string): string;
  /** Runs SQL as the superuser in `database`; returns the rows. */
  sql<T = Record<string, unknown>>(database: string, text: string, values?: unknown[]): Promise<T[]>;
  /** pg_dump -Fc of `database` into `file`. */
  dump(database: string, file: string): void;
  /** pg_restore of a dump into `database` (created empty, owned by `owner`), as `owner`. */
  restoreDump(file: string, database: string, owner: string): Promise<void>;
  /** pg_basebackup of the whole cluster into `dir` (its WAL streamed along). */
  baseBackup(dir: string): Promise<void>;
  /** A named restore point, its WAL segment switched and archived before this returns. */
  restorePoint(name: string): Promise<void>;
  /**
   * Stops the server and starts it again from the base backup in `backupDir`, recovered from the
   * archive up to the restore point `name` and promoted: a new timeline, as after any recovery.
   */
  recoverTo(backupDir: string, name: string): Promise<void>;
  /**
   * A streaming standby of this cluster in `dir` on `port` (pg_basebackup -R), caught up before
   * this returns.
   */
  standby(dir: string, port: number): Promise<Standby>;
  /** Commits wait for the standby (`synchronous_standby_names = '*'`), or not. */
  synchronous(on: boolean): Promise<void>;
  /** Stops the server: `fast`, or `immediate` as a crash would. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Starts the stopped (or crashed) server again; after a crash it recovers from its WAL first. */
  start(): Promise<void>;
  /** SIGKILLs the postmaster (no shutdown checkpoint: the next start recovers), returning once it is gone. */
  crash(): Promise<void>;
  /**
   * The primary's machine lost: SIGKILLs it, promotes `standby`, and makes it this cluster's
   * primary (its data, its port) from then on.
   */
  failOver(standby: Standby): Promise<void>;
}

export interface Standby {
  readonly port: number;
  /** Its data directory. */
  readonly dir: string;
  url(database: string, role?: string): string;
  /** pg_ctl promote, returning once it accepts writes. */
  promote(): Promise<void>;
  stop(): void;
}

/**
 * Starts a cluster in `dir` on `port`, archiving WAL into `dir/archive`; without fsync unless asked
 * (a bench of commit costs asks).
 */
export const startArchivingCluster = async (
  dir: string,
  port: number,
  opts: {
    fsync?: boolean;
    /** A role that logs in over TCP with its password (scram-sha-256); every other login is trusted. */
    passwordRole?: string;
  } = {},
): Promise<ArchivingCluster> => {
  const bin = binDir();
  const version = bin.split('/').at(-2)!;
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const archive = join(dir, 'archive');
  owned(archive);
  const sockets = join(dir, 'sock');
  owned(sockets);
  let data = join(dir, 'data');
  // The primary's port: a promoted standby's after a failover.
  let current = port;
  const settings = (restore: string, at = current) =>
    [
      "listen_addresses = '127.0.0.1'",
      `port = ${at}`,
      `unix_socket_directories = '${sockets}'`,
      'wal_level = replica',
      'archive_mode = on',
      // As PostgreSQL's manual asks: a segment archived already (a crash between the copy and its
      // record) succeeds when the copy is the same, and a copy is whole or absent.
      `archive_command = 'f=${archive}/%f; if [ -f "$f" ]; then cmp -s %p "$f"; else cp %p "$f.part" && mv "$f.part" "$f"; fi'`,
      'max_wal_senders = 4',
      `fsync = ${opts.fsync ? 'on' : 'off'}`,
      restore,
    ].join('\n');
  const startIn = async (where: string) => {
    const log = join(sockets, `server-${where.split('/').at(-1)}.log`);
    try {
      await runAsync('pg_ctl', ['-D', where, '-l', log, '-w', '-t', '60', 'start']);
    } catch (err) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '(no log)';
      throw new Error(`PostgreSQL ${version} did not start in ${where}: ${String(err)}\n${tail}`);
    }
  };
  const start = () => startIn(data);
  const stopIn = (where: string, mode: 'fast' | 'immediate' = 'fast') => {
    if (existsSync(join(where, 'postmaster.pid'))) run('pg_ctl', ['-D', where, '-m', mode, '-w', 'stop']);
  };
  owned(data);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  appendFileSync(join(data, 'postgresql.conf'), `\n${settings('')}\n`);
  if (opts.passwordRole) {
    // The first line that matches a login decides: this one before initdb's trust lines.
    const hba = join(data, 'pg_hba.conf');
    const role = opts.passwordRole.replace(/[^a-z0-9_]/g, '');
    writeFileSync(hba, `host all ${role} 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`);
  }
  await start();
  const urlAt =
    (at: number) =>
    (database: string, role = 'postgres') =>
      `postgres://${role}@127.0.0.1:${at}/${database}`;
  const url = (database: string, role?: string) => urlAt(current)(database, role);
  const sqlAt = async <T>(
    at: number,
    database: string,
    text: string,
    values: unknown[] = [],
  ): Promise<T[]> => {
    const c = new pg.Client({ connectionString: urlAt(at)(database) });
    await c.connect();
    try {
      return (await c.query(text, values)).rows as T[];
    } finally {
      await c.end();
    }
  };
  const sql = <T>(database: string, text: string, values: unknown[] = []) =>
    sqlAt<T>(current, database, text, values);
  const client = (program: string, args: readonly string[]) =>
    execFileSync(join(bin, program), ['-h', '127.0.0.1', '-p', String(current), ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
  const stop = (mode: 'fast' | 'immediate' = 'fast') => stopIn(data, mode);
  /** A base backup of this server into `target`, its WAL streamed along. */
  const backUp = async (target: string, extra: readonly string[]) => {
    owned(target);
    const from = ['-h', '127.0.0.1', '-p', String(current), '-U', 'postgres'];
    await runAsync('pg_basebackup', [...from, '-D', target, '-X', 'stream', '-c', 'fast', ...extra]);
  };
  /** Until the server on `at` has left recovery (accepts writes), or two minutes. */
  const untilPrimary = async (at: number, what: string) => {
    for (const end = Date.now() + 120_000; ; ) {
      const [row] = await sqlAt<{ r: boolean }>(at, 'postgres', 'SELECT pg_is_in_recovery() AS r');
      if (!row!.r) return;
      if (Date.now() > end) throw new Error(`${what} did not leave recovery within 120 s`);
      await new Promise((res) => setTimeout(res, 200));
    }
  };
  const crash = async () => {
    const pidFile = join(data, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return;
    }
    for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
    }
    throw new Error(`PostgreSQL's postmaster ${pid} outlived SIGKILL by 10 s`);
  };
  return {
    get port() {
      return current;
    },
    version,
    url,
    sql,
    dump: (database, file) => {
      client('pg_dump', ['-U', 'postgres', '-Fc', '-d', database, '-f', file]);
    },
    restoreDump: async (file, database, owner) => {
      await sql('postgres', `CREATE DATABASE ${database} OWNER ${owner}`);
      client('pg_restore', ['-U', owner, '--no-owner', '--exit-on-error', '-d', database, file]);
    },
    baseBackup: (target) => backUp(target, []),
    restorePoint: async (name) => {
      await sql('postgres', 'SELECT pg_create_restore_point($1)', [name]);
      const [row] = await sql<{ wal: string }>('postgres', 'SELECT pg_walfile_name(pg_switch_wal()) AS wal');
      const wal = row!.wal;
      for (const end = Date.now() + 60_000; !existsSync(join(archive, wal)); ) {
        if (Date.now() > end) {
          const [a] = await sql('postgres', 'SELECT * FROM pg_stat_archiver');
          const log = readdirSync(sockets)
            .filter((f) => f.endsWith('.log'))
            .map((f) => readFileSync(join(sockets, f), 'utf8').split('\n').slice(-15).join('\n'));
          throw new Error(
            `WAL segment ${wal} was not archived within 60 s: ${JSON.stringify(a)}\n${log.join('\n')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    recoverTo: async (backupDir, name) => {
      stop();
      const next = join(dir, `data-${name}`);
      rmSync(next, { recursive: true, force: true });
      cpSync(backupDir, next, { recursive: true });
      owned(next);
      appendFileSync(
        join(next, 'postgresql.conf'),
        `\n${settings(
          [
            `restore_command = 'cp ${archive}/%f %p'`,
            `recovery_target_name = '${name}'`,
            "recovery_target_action = 'promote'",
          ].join('\n'),
        )}\n`,
      );
      writeFileSync(join(next, 'recovery.signal'), '');
      if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', next]);
      data = next;
      await start();
      await untilPrimary(current, 'the recovered server');
      // Recovered: its settings lose the target, or a standby or backup made of it later would
      // recover to that old point again.
      const conf = join(next, 'postgresql.conf');
      const recovery = /^(restore_command|recovery_target_name|recovery_target_action) =/;
      writeFileSync(
        conf,
        readFileSync(conf, 'utf8')
          .split('\n')
          .filter((l) => !recovery.test(l))
          .join('\n'),
      );
    },
    standby: async (where, at) => {
      // -R: it starts as a standby streaming from this server.
      await backUp(where, ['-R']);
      appendFileSync(join(where, 'postgresql.conf'), `\n${settings('', at)}\n`);
      await startIn(where);
      // Caught up: it has replayed what the primary had written when asked.
      const [row] = await sql<{ lsn: string }>('postgres', 'SELECT pg_current_wal_lsn()::text AS lsn');
      for (const end = Date.now() + 60_000; ; ) {
        const [r] = await sqlAt<{ ok: boolean }>(
          at,
          'postgres',
          'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok',
          [row!.lsn],
        );
        if (r!.ok) break;
        if (Date.now() > end) throw new Error('the standby did not catch up within 60 s');
        await new Promise((res) => setTimeout(res, 200));
      }
      return {
        port: at,
        dir: where,
        url: urlAt(at),
        promote: async () => {
          await runAsync('pg_ctl', ['-D', where, '-w', '-t', '60', 'promote']);
          await untilPrimary(at, 'the promoted standby');
        },
        stop: () => stopIn(where),
      };
    },
    synchronous: async (on) => {
      await sql('postgres', `ALTER SYSTEM SET synchronous_standby_names = '${on ? '*' : ''}'`);
      await sql('postgres', 'SELECT pg_reload_conf()');
    },
    stop,
    start: async () => {
      // A crashed server's backends may hold its shared memory a moment after the postmaster died.
      for (let i = 0; ; i++) {
        try {
          return await start();
        } catch (err) {
          if (i >= 20) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
    crash,
    failOver: async (standby) => {
      await crash();
      await standby.promote();
      data = standby.dir;
      current = standby.port;
    },
  };
};
