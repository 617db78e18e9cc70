// How long a CLI call takes to start on an up-to-date checkout, beside a bare Node.js start: the
// checkout's wrapper (setup's fast path, then the CLI), the compiled CLI, its help, and a client
// command that fails at once (nothing listens on port 1). Median of 7 runs each. Asserts nothing.
// Run: scripts/bench cli
import { spawnSync } from 'node:child_process';
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
