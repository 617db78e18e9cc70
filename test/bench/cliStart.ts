// How long a CLI call takes to start on an up-to-date checkout, beside a bare Node.js start: the
// checkout's wrapper (setup's fast path, then the CLI), the compiled CLI, its help, and a client
// command that fails at once (nothing listens on port 1). Median of 7 runs each. Then how long a
// warm `scripts/start` (its embedded PostgreSQL initialised by an earlier start) takes to answer
// GET /health, median of 5 starts. Asserts nothing.
// Run: scripts/bench cli
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/ports.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = `${root}dist/hosts/cli/main.js`;
const cases: [string, string, string[]][] = [
  ['node -e 0 (Node.js alone)', process.execPath, ['-e', '0']],
  ['scripts/surveyor version', `${root}scripts/surveyor`, ['version']],
  ['surveyor version (compiled)', process.execPath, [cli, 'version']],
  ['surveyor --help', process.execPath, [cli, '--help']],
  [
    'surveyor exec list (server down)',
    process.execPath,
    [cli, 'exec', 'list', '--server', 'http://127.0.0.1:1'],
  ],
];
const ms = (cmd: string, args: string[]) => {
  const start = process.hrtime.bigint();
  spawnSync(cmd, args, { stdio: 'ignore', env: { ...process.env, SURVEYOR_CONFIG_DIR: '/nonexistent' } });
  return Number(process.hrtime.bigint() - start) / 1e6;
};
console.log('CLI start-up, median of 7 runs');
console.log('| command | median (ms) | slowest (ms) |');
console.log('|---|---|---|');
for (const [label, cmd, args] of cases) {
  const times = Array.from({ length: 7 }, () => ms(cmd, args)).sort((a, b) => a - b);
  console.log(`| ${label} | ${times[3]!.toFixed(0)} | ${times[6]!.toFixed(0)} |`);
}

/** From `scripts/start` to its first answer to GET /health, then a clean stop (SIGINT). */
const startToHealth = async (home: string, port: number): Promise<number> => {
  const started = performance.now();
  const child = spawn(`${root}scripts/start`, [], {
    stdio: 'ignore',
    env: { ...process.env, SERVICE_DATA_DIR: home, SERVICE_PORT: String(port) },
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v2/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('scripts/start did not answer in 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
};

const home = mkdtempSync(join(tmpdir(), 'surveyor-start-'));
try {
  const port = await freePort();
  const first = await startToHealth(home, port);
  const warm = [];
  for (let i = 0; i < 5; i++) warm.push(await startToHealth(home, port));
  warm.sort((a, b) => a - b);
  console.log('\nscripts/start until GET /health answers');
  console.log('| start | ms |');
  console.log('|---|---|');
  console.log(`| first (initialises its PostgreSQL) | ${first.toFixed(0)} |`);
  console.log(`| warm, median of 5 | ${warm[2]!.toFixed(0)} |`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
