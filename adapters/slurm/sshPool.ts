import ssh2, { type ClientChannel } from 'ssh2';
import { PeerUnavailable, PermanentJobError } from '../../core/domain/job.js';
import { checkedAddress, OutboundRefused } from '../shared/outbound.js';
import { hostPattern, verifyHostKey } from './knownHosts.js';
import type { SecurityFinding, SshCredentials } from './sshCredentials.js';

/** One login: the pool keeps at most one connection per target. */
export interface SshTarget {
  readonly host: string;
  readonly port: number;
  readonly user: string;
}

export const targetKey = (t: SshTarget): string => `${t.user}@${hostPattern(t.host, t.port)}`;

export interface ExecResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SshPoolOptions {
  /** Reads and checks the credentials at every new connection (a key rotated on disk is picked up). */
  readonly credentials: () => { credentials: SshCredentials | null; findings: SecurityFinding[] };
  readonly connectTimeoutMs: number;
  readonly commandTimeoutMs: number;
  /** A connection unused for this long is closed. */
  readonly idleMs: number;
  readonly maxOutputBytes: number;
  /** Channels open at once on one connection (OpenSSH's MaxSessions defaults to 10). */
  readonly maxChannels?: number;
  /** First reconnect delay after a failed connection; doubles per failure up to maxBackoffMs. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Told of every connection the pool opens (the login node's load, as its sshd counts it). */
  readonly onConnect?: (target: string) => void;
}

/** The login node cannot be reached now; asking again later may work (the queue retries). */
export class SshUnavailable extends PeerUnavailable {
  constructor(message: string) {
    super('login_node', message);
    this.name = 'SshUnavailable';
  }
}

interface Slot {
  client: ssh2.Client | null;
  connecting: Promise<ssh2.Client> | null;
  idle: NodeJS.Timeout | null;
  active: number;
  waiters: (() => void)[];
  failures: number;
  retryAt: number;
  lastError: string;
}

/**
 * SSH to batch login nodes with ssh2: one pooled connection per (login node, port, user), shared
 * by every job on that target, closed when idle, reopened with exponential backoff after a
 * failure (sites ban accounts that open many connections). Host keys are checked against
 * known_hosts; authentication and host-key refusals are permanent, network failures are not.
 * Commands run as `/bin/sh -s` with the script on stdin, whatever the account's login shell.
 */
export class SshPool {
  private readonly slots = new Map<string, Slot>();
  private opened = 0;
  private closed = false;

  constructor(private readonly o: SshPoolOptions) {}

  /** Connections opened since the pool was made, and how many are open now. */
  stats(): { opened: number; open: number } {
    return { opened: this.opened, open: [...this.slots.values()].filter((s) => s.client).length };
  }

  private slot(t: SshTarget): Slot {
    const key = targetKey(t);
    let s = this.slots.get(key);
    if (!s) {
      s = {
        client: null,
        connecting: null,
        idle: null,
        active: 0,
        waiters: [],
        failures: 0,
        retryAt: 0,
        lastError: '',
      };
      this.slots.set(key, s);
    }
    return s;
  }

  private connect(t: SshTarget, s: Slot): Promise<ssh2.Client> {
    if (s.client) return Promise.resolve(s.client);
    if (s.connecting) return s.connecting;
    const now = Date.now();
    if (now < s.retryAt)
      return Promise.reject(
        new SshUnavailable(
          `SSH to ${targetKey(t)} failed ${s.failures} time${s.failures === 1 ? '' : 's'} in a row; next attempt in ${Math.ceil((s.retryAt - now) / 1000)} s (last error: ${s.lastError})`,
        ),
      );
    const { credentials, findings } = this.o.credentials();
    if (!credentials)
      return Promise.reject(
        new PermanentJobError(
          `SSH credentials refused: ${findings
            .filter((f) => !f.ok)
            .map((f) => f.detail)
            .join('; ')} (see \`surveyor security check\`)`,
        ),
      );
    s.connecting = this.addressOf(t).then(
      (address) => this.open(t, s, address, credentials),
      (err: Error) => {
        // Not reached: the next use asks again (after the backoff when the name did not resolve).
        s.connecting = null;
        if (err instanceof SshUnavailable) this.failed(s, err.message);
        throw err;
      },
    );
    return s.connecting;
  }

  /**
   * The login node's address, as the outbound policy allows it (SERVICE_OUTBOUND_HOSTS with its
   * port; a name resolving to an internal address only when listed): known_hosts refuses a host
   * only after the TCP connection, which alone can probe a port.
   */
  private async addressOf(t: SshTarget): Promise<string> {
    try {
      return await checkedAddress(t.host, t.port, 'ssh');
    } catch (err) {
      if (err instanceof OutboundRefused)
        throw new PermanentJobError(`SSH to ${targetKey(t)}: ${err.message}`);
      throw new SshUnavailable(`SSH to ${targetKey(t)}: ${(err as Error).message}`);
    }
  }

  /** A connection that failed: the next try waits, twice as long after each failure in a row. */
  private failed(s: Slot, message: string): void {
    s.failures += 1;
    s.lastError = message;
    const base = this.o.backoffMs ?? 1000;
    s.retryAt = Date.now() + Math.min(base * 2 ** (s.failures - 1), this.o.maxBackoffMs ?? 60_000);
  }

  private open(t: SshTarget, s: Slot, address: string, credentials: SshCredentials): Promise<ssh2.Client> {
    return new Promise<ssh2.Client>((resolve, reject) => {
      const c = new ssh2.Client();
      // Each command in flight may listen for the close, up to maxChannels at once.
      c.setMaxListeners((this.o.maxChannels ?? 8) + 10);
      let hostKeyProblem: string | null = null;
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        s.connecting = null;
        c.end();
        const permanent = hostKeyProblem !== null || /authentication/i.test(err.message);
        const message = hostKeyProblem ?? `SSH to ${targetKey(t)}: ${err.message}`;
        this.failed(s, message);
        reject(permanent ? new PermanentJobError(message) : new SshUnavailable(message));
      };
      c.on('ready', () => {
        settled = true;
        s.connecting = null;
        s.client = c;
        s.failures = 0;
        s.retryAt = 0;
        this.opened += 1;
        this.o.onConnect?.(targetKey(t));
        resolve(c);
      });
      c.on('error', fail);
      c.on('close', () => {
        if (s.client === c) {
          s.client = null;
        }
        fail(new Error('the connection closed'));
      });
      c.connect({
        host: address,
        port: t.port,
        username: t.user,
        privateKey: credentials.privateKey,
        ...(credentials.passphrase !== undefined ? { passphrase: credentials.passphrase } : {}),
        readyTimeout: this.o.connectTimeoutMs,
        keepaliveInterval: 15_000,
        keepaliveCountMax: 4,
        hostVerifier: (blob: Buffer) => {
          const v = verifyHostKey(credentials.knownHosts, t.host, t.port, blob);
          if (!v.ok)
            hostKeyProblem = `SSH to ${targetKey(t)} refused: ${v.reason} (BATCH_SSH_KNOWN_HOSTS_SOURCE)`;
          return v.ok;
        },
      });
    });
  }

  /** Runs `f` on the target's connection, at most maxChannels at once; the connection stays for reuse. */
  private async use<T>(
    t: SshTarget,
    signal: AbortSignal | undefined,
    f: (c: ssh2.Client) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new SshUnavailable('the SSH pool is closed');
    // A job that lost its lease (or is stopping) sends nothing more, not even a command that waited.
    signal?.throwIfAborted();
    const s = this.slot(t);
    while (s.active >= (this.o.maxChannels ?? 8)) await new Promise<void>((r) => s.waiters.push(r));
    if (signal?.aborted) {
      s.waiters.shift()?.();
      throw signal.reason;
    }
    s.active += 1;
    if (s.idle) clearTimeout(s.idle);
    s.idle = null;
    try {
      const c = await this.connect(t, s);
      signal?.throwIfAborted();
      return await f(c);
    } finally {
      s.active -= 1;
      s.waiters.shift()?.();
      if (s.active === 0 && s.client) {
        const c = s.client;
        s.idle = setTimeout(() => {
          if (s.active === 0 && s.client === c) {
            s.client = null;
            c.end();
          }
        }, this.o.idleMs);
        s.idle.unref();
      }
    }
  }

  /** Runs a POSIX shell script on the login node (`/bin/sh -s`, script on stdin). */
  exec(t: SshTarget, script: string, signal?: AbortSignal): Promise<ExecResult> {
    return this.use(t, signal, (c) => this.run(c, t, script, signal));
  }

  private run(c: ssh2.Client, t: SshTarget, script: string, signal?: AbortSignal): Promise<ExecResult> {
    return new Promise<ExecResult>((resolve, reject) => {
      c.exec('/bin/sh -s', (err, stream: ClientChannel) => {
        if (err) {
          reject(new SshUnavailable(`SSH to ${targetKey(t)}: cannot open a channel: ${err.message}`));
          return;
        }
        const out: Buffer[] = [];
        const errs: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = (e: Error | null, code: number | null = null) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (e) {
            stream.close();
            reject(e);
          } else
            resolve({
              code,
              stdout: Buffer.concat(out).toString('utf8'),
              stderr: Buffer.concat(errs).toString('utf8'),
            });
        };
        const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        const timer = setTimeout(
          () =>
            finish(
              new SshUnavailable(
                `SSH to ${targetKey(t)}: the command did not finish within ${this.o.commandTimeoutMs / 1000} s`,
              ),
            ),
          this.o.commandTimeoutMs,
        );
        signal?.addEventListener('abort', onAbort, { once: true });
        const take = (into: Buffer[]) => (d: Buffer) => {
          size += d.length;
          if (size > this.o.maxOutputBytes)
            finish(
              new SshUnavailable(
                `SSH to ${targetKey(t)}: the command printed more than ${this.o.maxOutputBytes} bytes`,
              ),
            );
          else into.push(d);
        };
        stream.on('data', take(out));
        stream.stderr.on('data', take(errs));
        let exitCode: number | null = null;
        stream.on('exit', (code: number | null) => {
          exitCode = code;
        });
        stream.on('close', () => finish(null, exitCode));
        stream.end(script);
      });
    });
  }

  /** Closes every connection; later calls fail. */
  close(): void {
    this.closed = true;
    for (const s of this.slots.values()) {
      if (s.idle) clearTimeout(s.idle);
      s.client?.end();
      s.client = null;
    }
    this.slots.clear();
  }
}
