// Runs a command (the test runner) with DATABASE_URL pointing at a PostgreSQL server: the one
// DATABASE_URL already names, else a throwaway embedded cluster made for this run and removed after.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbedded } from '../../adapters/postgres/embedded.js';
import { freePort } from './ports.js';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  process.stderr.write('usage: withDatabase <command> [args...]\n');
  process.exit(2);
}

let release = async () => {};
let dir: string | undefined;
if (!process.env['DATABASE_URL']) {
  dir = mkdtempSync(join(tmpdir(), 'surveyor-test-pg-'));
  const started = Date.now();
  // With the hosts testbed up, the cluster also listens on this machine's side of its bridge, so
  // processes in the hosts reach it (HOSTS_DATABASE_URL).
  const bridge = process.env['HOSTS_TESTBED_LOCAL'];
  const pg = await openEmbedded({
    dataDir: dir,
    port: await freePort(),
    ...(bridge ? { listen: [bridge], allow: [`${bridge.replace(/\.\d+$/, '.0')}/24`] } : {}),
  });
  process.env['DATABASE_URL'] = pg.url;
  if (bridge) process.env['HOSTS_DATABASE_HOST'] = bridge;
  release = () => pg.release();
  process.stdout.write(`test database: embedded PostgreSQL (started in ${Date.now() - started} ms)\n`);
} else {
  process.stdout.write('test database: the server DATABASE_URL names\n');
}

const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
const code: number = await new Promise((resolve) =>
  child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0))),
);
await release();
if (dir) rmSync(dir, { recursive: true, force: true });
process.exit(code);
