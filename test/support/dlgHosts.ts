// DALiuGE across hosts of the hosts testbed: an island manager in one network namespace and a node
// manager in each of the others, started from the DALiuGE testbed's virtual environment, each
// listening on its host's own address (the managers' fixed ports, as on a real cluster).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchJson } from './daliuge.js';
import { hostsScript } from './hosts.js';
import { until } from './until.js';

export interface DlgAcrossHosts {
  /** `http://<island manager's address>:8001`. */
  readonly dimUrl: string;
  readonly dimAddress: string;
  /** The node managers' addresses. */
  readonly nodes: readonly string[];
  /** GET a path of a manager (`http://address:port`) and parse the JSON; status 0 when nothing answered. */
  get(base: string, path: string, ms?: number): Promise<{ status: number; body: unknown }>;
  /** The managers' output so far (for a failed test's message). */
  output(): string;
  stop(): Promise<void>;
}

export const dimPort = 8001;
export const nmPort = 8000;

/** Nothing answered (refused, cut off, timed out): status 0. */
const getJson = (base: string, path: string, ms = 15_000) =>
  fetchJson(`${base}${path}`, ms).catch(() => ({ status: 0, body: null as unknown }));

/** Starts `dlg dim` in `dim` and `dlg nm` in each of `nms` (host name and address each). */
export const startDlgAcrossHosts = async (
  dlg: string,
  dim: readonly [string, string],
  nms: readonly (readonly [string, string])[],
): Promise<DlgAcrossHosts> => {
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-dlg-hosts-'));
  const children: ChildProcess[] = [];
  let out = '';
  const start = (host: string, args: string[], name: string) => {
    const root = join(dir, name);
    mkdirSync(root, { recursive: true });
    const c = spawn(hostsScript, ['exec', host, dlg, ...args, '-l', root], {
      env: { ...process.env, DLG_ROOT: root },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    c.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    c.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    children.push(c);
  };
  const stop = async () => {
    for (const c of children)
      if (c.exitCode === null && c.signalCode === null) {
        const exited = new Promise((r) => c.once('exit', r));
        try {
          process.kill(-c.pid!, 'SIGKILL');
        } catch {
          // Gone already.
        }
        await exited;
      }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const [host, address] of nms) start(host, ['nm', '-H', address, '-P', String(nmPort)], `nm-${host}`);
  const nodes = nms.map(([, a]) => a);
  start(dim[0], ['dim', '-H', dim[1], '-P', String(dimPort), '-N', nodes.join(',')], `dim-${dim[0]}`);
  const dimUrl = `http://${dim[1]}:${dimPort}`;
  try {
    await until(
      'the island manager and its node managers on the hosts testbed',
      async () => {
        if (children.some((c) => c.exitCode !== null))
          throw new Error(`a manager exited:\n${out.slice(-3000)}`);
        const answers = await Promise.all(
          nodes.map((n) => getJson(`http://${n}:${nmPort}`, '/api/sessions', 2000)),
        );
        return (
          answers.every((a) => a.status === 200) && (await getJson(dimUrl, '/api/nodes', 2000)).status === 200
        );
      },
      60_000,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { dimUrl, dimAddress: dim[1], nodes, get: getJson, output: () => out, stop };
};
