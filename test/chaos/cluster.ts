// The service under chaos: its own embedded PostgreSQL (stopped and started by the faults), one
// `surveyor api` and several `surveyor worker` processes (each may lead the scheduler), all
// child processes that a fault may SIGKILL. Each worker runs on a host of its own (a network
// namespace of the hosts testbed) and reaches PostgreSQL over the bridge, through a link that a
// fault may cut, slow down or make lossy. Every line they print is kept for the secrets scan.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeDb, type Db, openDb } from '../../adapters/postgres/db.js';
import { type EmbeddedDatabase, openEmbedded } from '../../adapters/postgres/embedded.js';
import { migrate } from '../../adapters/postgres/migrator.js';
import { type Running, runCli } from '../support/child.js';

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
  /** Addresses PostgreSQL listens on besides loopback (the bridge, for the link router). */
  readonly databaseListen: readonly string[];
  /** Networks (CIDR) that may log in besides loopback (the link router's). */
  readonly databaseAllow: readonly string[];
}

export class Cluster {
  private pg: EmbeddedDatabase | null = null;
  private dbHandle: Db | null = null;
  private api: Running | null = null;
  readonly workers: Worker[] = [];
  /** The database password (the secrets scan looks for it). */
  password: string | null = null;
  /** Output of processes that ended (killed or stopped), for the secrets scan. */
  private readonly ended: string[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly pgPort: number,
    private readonly env: (databaseUrl: string) => NodeJS.ProcessEnv,
    private readonly placement: WorkerPlacement,
  ) {}

  get url(): string {
    if (!this.pg) throw new Error('the database is not running');
    return this.pg.url;
  }

  /** A pool of our own for the counts (reopened after each restart of the database). */
  get db(): Db {
    if (!this.dbHandle) throw new Error('the database is not running');
    return this.dbHandle;
  }

  get dbRunning(): boolean {
    return this.dbHandle !== null;
  }

  async startDb(): Promise<void> {
    // After a crash, the killed server's backends may still hold its shared memory for a moment,
    // and a new server refuses to start until they are gone.
    for (let i = 0; ; i++) {
      try {
        this.pg = await openEmbedded({
          dataDir: this.dataDir,
          port: this.pgPort,
          listen: this.placement.databaseListen,
          allow: this.placement.databaseAllow,
        });
        break;
      } catch (err) {
        if (i >= 20) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    this.password = decodeURIComponent(new URL(this.pg.url).password);
    this.dbHandle = openDb(this.pg.url, 3, { connectMs: 3000, statementMs: 30_000 });
    await migrate(this.dbHandle);
  }

  /**
   * SIGKILLs PostgreSQL's postmaster: a crash, with no shutdown checkpoint, so the next start
   * recovers from the write-ahead log.
   */
  async crashDb(): Promise<void> {
    const pid = Number(readFileSync(join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (this.dbHandle) await closeDb(this.dbHandle).catch(() => undefined);
    this.dbHandle = null;
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    // The launcher's handle went with its process: the next start is a new one.
    this.pg = null;
  }

  /** Stops PostgreSQL (a fast shutdown: every connection is cut). */
  async stopDb(): Promise<void> {
    if (this.dbHandle) await closeDb(this.dbHandle);
    this.dbHandle = null;
    await this.pg?.release();
    this.pg = null;
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
        // Stopped or crashed by a fault: its address is known again once it runs.
        if (!this.pg) return void setTimeout(restart, 1000);
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
    await this.stopDb();
  }
}
