// An island manager of a test's own over the DALiuGE testbed's node managers, started from the
// testbed's virtual environment on a free port. A test can SIGKILL and restart it without
// disturbing the testbed's own DIM, which other suites use at the same time.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DaliugeTestbed, dimGet } from './daliuge.js';
import { freePort } from './ports.js';
import { until } from './until.js';

export interface PrivateDim {
  readonly port: number;
  /** GET a path of this DIM and parse the JSON. */
  get(path: string): Promise<{ status: number; body: unknown }>;
  /** SIGKILL it (what it knew of its sessions is gone; the node managers keep theirs), then start it again. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export const startPrivateDim = async (tb: DaliugeTestbed): Promise<PrivateDim> => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-dim-'));
  let child: ChildProcess | undefined;
  let output = '';
  const base = `http://127.0.0.1:${port}`;
  const get = (path: string) => dimGet({ ...tb, dimHost: '127.0.0.1', dimPort: port }, path);
  const start = async () => {
    const c = spawn(
      tb.dlg,
      ['dim', '-H', '127.0.0.1', '-P', String(port), '-N', tb.nodes.join(','), '-l', dir],
      { env: { ...process.env, DLG_ROOT: dir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    c.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    c.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    child = c;
    await until(
      `the island manager of the test on ${base} (${tb.dlg})`,
      async () => {
        if (c.exitCode !== null) throw new Error(`it exited ${c.exitCode}:\n${output.slice(-2000)}`);
        return get('/api/nodes').then(
          (r) => r.status === 200,
          () => false,
        );
      },
      60_000,
    );
  };
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    get,
    restart: async (downMs) => {
      await kill();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
