// The service under chaos: its own PostgreSQL (Debian's, archiving its WAL: stopped, crashed,
// failed over to a standby and restored from a backup by the faults) behind an address the
// operator moves on a failover (a proxy here), one `surveyor api` and several `surveyor worker`
// processes (each may lead the scheduler), all child processes that a fault may SIGKILL. Each
// worker runs on a host of its own (a network namespace of the hosts testbed) and reaches
// PostgreSQL over the bridge, through a link that a fault may cut, slow down or make lossy. Every
// line they print is kept for the secrets scan.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { closeDb, type Db, openDb } from '../../adapters/postgres/db.js';
import { migrate } from '../../adapters/postgres/migrator.js';
import { type ArchivingCluster, type Standby, startArchivingCluster } from '../support/archivingCluster.js';
import { type Running, runCli } from '../support/child.js';
import { freePort } from '../support/ports.js';
import { type TcpProxy, tcpProxy } from '../support/tcpProxy.js';

export interface Worker {
  readonly name: string;
  /** The host (network namespace) it runs in. */
  readonly host: string;
  proc: Running;
}

export interface WorkerPlacement {
  /** The hosts that workers run in, one each, in turn. */
  readonly hosts: readonly string[];
  /** The database URL as a worker reaches it from its host (through the link router). */
  readonly databaseUrl: (local: string) => string;
  /** Where the database's address listens (on the bridge, for the link router); the API and the counts use it too. */
  readonly databaseFront: { readonly host: string; readonly port: number };
}

const role = 'surveyor';

export class Cluster {
  private pg: ArchivingCluster | null = null;
  /** The address the service knows the database by, moved to the new primary on a failover. */
  private front: TcpProxy | null = null;
  private standby: Standby | null = null;
  private copies = 0;
  private dbHandle: Db | null = null;
  private api: Running | null = null;
  readonly workers: Worker[] = [];
  /** The database password (the secrets scan looks for it). */
  password: string | null = null;
  /** Output of processes that ended (killed or stopped), for the secrets scan. */
  private readonly ended: string[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly env: (databaseUrl: string) => NodeJS.ProcessEnv,
    private readonly placement: WorkerPlacement,
  ) {}

  get url(): string {
    if (!this.password) throw new Error('the database was never started');
    const { host, port } = this.placement.databaseFront;
    return `postgres://${role}:${this.password}@${host}:${port}/${role}`;
  }

  /** A pool of our own for the counts (reopened after each restart of the database). */
  get db(): Db {
    if (!this.dbHandle) throw new Error('the database is not running');
    return this.dbHandle;
  }

  get dbRunning(): boolean {
    return this.dbHandle !== null;
  }

  /** Starts PostgreSQL: the first time a new cluster, with the service's role and database; later the same one again. */
  async startDb(): Promise<void> {
    if (!this.pg) {
      this.pg = await startArchivingCluster(this.dataDir, await freePort(), { passwordRole: role });
      // base64url: nothing to quote in SQL or a URL.
      this.password = randomBytes(18).toString('base64url');
      await this.pg.sql('postgres', `CREATE ROLE ${role} LOGIN PASSWORD '${this.password}'`);
      await this.pg.sql('postgres', `CREATE DATABASE ${role} OWNER ${role}`);
      const { host, port } = this.placement.databaseFront;
      this.front = await tcpProxy({ host: '127.0.0.1', port: this.pg.port }, host, port);
    } else await this.pg.start();
    this.connect();
    await migrate(this.db);
  }

  private connect(): void {
    this.dbHandle = openDb(this.url, 3, { connectMs: 3000, statementMs: 30_000 });
  }

  private async disconnect(): Promise<void> {
    if (this.dbHandle) await closeDb(this.dbHandle).catch(() => undefined);
    this.dbHandle = null;
  }

  /**
   * SIGKILLs PostgreSQL's postmaster: a crash, with no shutdown checkpoint, so the next start
   * recovers from the write-ahead log.
   */
  async crashDb(): Promise<void> {
    await this.disconnect();
    await this.pg!.crash();
  }

  /** Stops PostgreSQL (a fast shutdown: every connection is cut). */
  async stopDb(): Promise<void> {
    await this.disconnect();
    this.pg?.stop('fast');
  }

  /**
   * A streaming standby of the primary, caught up, that commits wait for from now on
   * (synchronous_standby_names on the primary only: the promoted standby waits for nobody).
   */
  async addStandby(): Promise<void> {
    const pg = this.pg!;
    this.standby = await pg.standby(join(this.dataDir, `standby-${++this.copies}`), await freePort());
    await pg.synchronous(true);
  }

  /** The primary's machine lost (SIGKILL), the standby promoted and the database's address moved to it. */
  async failOver(): Promise<void> {
    const standby = this.standby;
    if (!standby) throw new Error('no standby to promote (addStandby first)');
    await this.disconnect();
    await this.pg!.failOver(standby);
    this.standby = null;
    this.front!.retarget({ host: '127.0.0.1', port: this.pg!.port });
    this.connect();
  }

  /** A base backup of the running primary (what a site takes nightly); returns its directory. */
  async backUp(): Promise<string> {
    const dir = join(this.dataDir, `backup-${++this.copies}`);
    await this.pg!.baseBackup(dir);
    return dir;
  }

  /** A named restore point, archived before this returns. */
  restorePoint(name: string): Promise<void> {
    return this.pg!.restorePoint(name);
  }

  /** Stops the primary and recovers the base backup `dir` up to the restore point `name` in its place. */
  async restore(dir: string, name: string): Promise<void> {
    await this.disconnect();
    await this.pg!.recoverTo(dir, name);
    // The same port: the address needs no move, only its open connections (to the lost copy) ended.
    this.front!.retarget({ host: '127.0.0.1', port: this.pg!.port });
    this.connect();
  }

  async startApi(port: number): Promise<void> {
    this.api = runCli(['api'], { ...this.env(this.url), SERVICE_PORT: String(port) });
    await this.api.waitFor(/listening on/, 60_000);
  }

  /** Creates a user with `surveyor user create`, the password on its standard input. */
  async createUser(name: string, role: string, password: string): Promise<void> {
    const args = ['user', 'create', '--username', name, '--email', `${name}@example.org`, '--role', role];
    const c = runCli([...args, '--password-stdin'], this.env(this.url), password);
    if ((await c.exited()) !== 0) throw new Error(`surveyor ${args.join(' ')}: ${c.output()}`);
    this.ended.push(c.output());
  }

  startWorker(name: string): Worker {
    const host = this.placement.hosts[this.workers.length % this.placement.hosts.length]!;
    const w = { name, host, proc: this.workerProcess(host) };
    this.workers.push(w);
    this.supervise(w);
    return w;
  }

  /**
   * Workers that exited by themselves, each started again a second later as a deployment's
   * supervisor (systemd, or the service's own process group) would: a worker that starts while
   * PostgreSQL goes down exits 1, saying why. Told by `onRestart`.
   */
  onRestart: (line: string) => void = () => {};
  private readonly expectedExits = new WeakSet<Running>();
  private stopping = false;

  private supervise(w: Worker): void {
    const proc = w.proc;
    proc.child.once('exit', (code, signal) => {
      if (this.stopping || this.expectedExits.has(proc)) return;
      const last = proc.output().trim().split('\n').at(-1) ?? '';
      this.onRestart(`${w.name} exited (${code ?? signal}) by itself, started again: ${last.slice(0, 200)}`);
      this.ended.push(proc.output());
      const restart = () => {
        if (this.stopping || w.proc !== proc) return;
        // Stopped or crashed by a fault: started again once it runs.
        if (!this.dbHandle) return void setTimeout(restart, 1000);
        w.proc = this.workerProcess(w.host);
        this.supervise(w);
      };
      setTimeout(restart, 1000);
    });
  }

  private workerProcess(host: string): Running {
    return runCli(['worker'], this.env(this.placement.databaseUrl(this.url)), undefined, { host });
  }

  /** SIGKILLs a worker and starts a fresh process in its place after `pauseMs`. */
  async killWorker(w: Worker, pauseMs: number): Promise<void> {
    this.expectedExits.add(w.proc);
    w.proc.child.kill('SIGKILL');
    await w.proc.exited();
    this.ended.push(w.proc.output());
    await new Promise((r) => setTimeout(r, pauseMs));
    w.proc = this.workerProcess(w.host);
    this.supervise(w);
  }

  /** The id a worker process claims jobs under (its lease owner), from its log. */
  workerId(w: Worker): string | null {
    const ids = [...w.proc.output().matchAll(/"worker_id":"([^"]+)"/g)];
    return ids.at(-1)?.[1] ?? null;
  }

  /** The worker that leads the scheduler now, as their logs say (null: none yet, or in between). */
  leader(): Worker | null {
    for (const w of this.workers) {
      const out = w.proc.output();
      const became = out.lastIndexOf('became the scheduler leader');
      if (became >= 0 && became > out.lastIndexOf('no longer the scheduler leader')) return w;
    }
    return null;
  }

  /** Everything every process printed so far. */
  output(): string {
    return [...this.ended, this.api?.output() ?? '', ...this.workers.map((w) => w.proc.output())].join('\n');
  }

  /** Stops the processes with SIGTERM (they release what they hold), then the database. */
  async stop(): Promise<void> {
    this.stopping = true;
    const procs = [...this.workers.map((w) => w.proc), ...(this.api ? [this.api] : [])];
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    for (const p of procs) await p.exited(30_000).catch(() => p.child.kill('SIGKILL'));
    await this.disconnect();
    // A crashed server's stale pid file makes pg_ctl stop fail: nothing is left to stop then.
    for (const stop of [() => this.standby?.stop(), () => this.pg?.stop('fast')])
      try {
        stop();
      } catch {}
    await this.front?.close();
  }
}
