// Authenticated API reads under load: `surveyor api` as its own process (with its embedded
// PostgreSQL's peer, a fresh database on the test server), autocannon in this one. Rounds of
// GET /health, GET /auth/me, GET /executions/{id}/status and a GET /sources page, at 10 and 100
// connections; requests per second, p50 and p99, and the CPU a request cost the server, PostgreSQL
// and autocannon (this process); the server's RSS idle and after the load. With SERVICE_API_PROCESSES
// 1 and 2, side by side (the CPU and memory of a group are its processes' sums).
// Asserts nothing. Run: scripts/bench api [seconds per round]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startTestApi, testJwtSecret } from '../support/api.js';
import { cleanEnv, runCli } from '../support/child.js';
import { freshDatabase } from '../support/db.js';
import { freePort } from '../support/ports.js';
import { prepareProject } from '../support/project.js';
import { ownCpu, postgresCpu, processCpu } from './cpuUse.js';

const seconds = Number(process.argv[2] ?? 15);
const d = await freshDatabase();
// The data the reads find, made through the API in this process; then the measured one starts.
const setup = await startTestApi({ SERVICE_LOG_LEVEL: 'warn' }, { url: d.url, db: d.db });
const identifiers = Array.from({ length: 200 }, (_, i) => `HIPASSJ${String(1000 + i)}+00`);
const p = await prepareProject(setup, identifiers);
const execution = await p.execute(identifiers[0]!, { do_stage: false, do_submit: false });
await setup.close();

const headers = { authorization: `Bearer ${p.token}` };
const only = process.env['SURVEYOR_BENCH_ONLY'];
const reads: [string, string, Record<string, string>][] = [
  ['GET /health', '/health', {}],
  ['GET /auth/me', '/auth/me', headers],
  ['GET /executions/{id}/status', `/executions/${execution}/status`, headers],
  ['GET /sources (page of 100)', '/sources?project_module=wallaby_hires&limit=100', headers],
];
/** The group's processes: the first one and, with more than one, the API processes it started. */
const groupPids = (pid: number): number[] => {
  try {
    return [
      pid,
      ...execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number),
    ];
  } catch {
    return [pid];
  }
};
const rssMiB = (pids: readonly number[]) =>
  Math.round(
    pids.reduce(
      (n, pid) => n + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0),
      0,
    ) / 1024,
  );

const rows: string[][] = [];
const memory: string[] = [];
// SERVICE_API_PROCESSES 1 and 2 (SURVEYOR_BENCH_PROCESSES=1,2,4 for others), side by side.
for (const processes of (process.env['SURVEYOR_BENCH_PROCESSES'] ?? '1,2').split(',').map(Number)) {
  const port = await freePort();
  const metricsPort = await freePort();
  const server = runCli(
    ['api'],
    cleanEnv({
      DATABASE_URL: d.url,
      SERVICE_JWT_SECRET: testJwtSecret,
      SERVICE_PORT: String(port),
      SERVICE_HOST: '127.0.0.1',
      SERVICE_METRICS_PORT: String(metricsPort),
      SERVICE_LOG_FORMAT: 'json',
      SERVICE_API_PROCESSES: String(processes),
      ...(process.env['SERVICE_LOG_LEVEL'] ? { SERVICE_LOG_LEVEL: process.env['SERVICE_LOG_LEVEL'] } : {}),
      // SURVEYOR_BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops.
      NODE_OPTIONS: [
        process.env['SURVEYOR_BENCH_NODE_OPTIONS'] ?? '',
        process.env['SURVEYOR_BENCH_PROFILE']
          ? `--cpu-prof --cpu-prof-dir=${process.env['SURVEYOR_BENCH_PROFILE']}`
          : '',
      ].join(' '),
    }),
  );
  for (let i = 0; i < processes; i++)
    await server.waitFor(new RegExp(`(listening on[\\s\\S]*){${i + 1}}`), 30_000);
  const base = `http://127.0.0.1:${port}/api/v2`;
  const round = (path: string, h: Record<string, string>, connections: number) =>
    autocannon({ url: `${base}${path}`, headers: h, connections, duration: seconds });
  await new Promise((r) => setTimeout(r, 2000));
  const pids = groupPids(server.child.pid!);
  const idle = rssMiB(pids);
  const serverCpu = () => pids.reduce((n, pid) => n + processCpu(pid), 0);
  for (const connections of [10, 100])
    for (const [name, path, h] of reads.filter(([n]) => !only || n.includes(only))) {
      const cpu0 = [serverCpu(), postgresCpu(), ownCpu()];
      const r = await round(path, h, connections);
      const cpu = [serverCpu(), postgresCpu(), ownCpu()].map((c, i) => c - cpu0[i]!);
      const us = (c: number) => ((1e6 * c) / r.requests.total).toFixed(0);
      const bad = r.non2xx + r.errors + r.timeouts;
      rows.push([
        name,
        String(processes),
        String(connections),
        String(Math.round(r.requests.average)),
        String(r.latency.p50),
        String(r.latency.p99),
        `${us(cpu[0]!)} + ${us(cpu[1]!)} + ${us(cpu[2]!)}`,
        bad > 0 ? `${bad} not 2xx` : '',
      ]);
    }
  const loaded = rssMiB(pids);
  if (processes === 1) {
    // Where the memory is after the load: the process's resident anonymous and file pages, and the
    // JavaScript heap's spaces as the server's metrics report them.
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const kib = (field: string) =>
      Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const space = (name: string, what: 'size_total' | 'size_used') =>
      Math.round(
        Number(
          new RegExp(`nodejs_heap_space_${what}_bytes\\{space="${name}"[^}]*\\} (\\d+)`).exec(metrics)?.[1] ??
            0,
        ) / 1048576,
      );
    const spaces = ['new', 'old', 'code', 'large_object']
      .map((n) => `${n} ${space(n, 'size_used')} of ${space(n, 'size_total')}`)
      .join(', ');
    memory.push(
      `1 process, after the load: anonymous ${kib('RssAnon')} MiB, file ${kib('RssFile')} MiB; heap spaces used of size (MiB): ${spaces}`,
    );
  }
  memory.push(
    `${processes} process(es): RSS ${idle} MiB idle, ${loaded} MiB after the load (all ${pids.length} processes)`,
  );
  server.child.kill('SIGTERM');
  await server.exited();
}
await d.drop();

const table = [
  [
    'read',
    'processes',
    'connections',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU/request us: server + PostgreSQL + autocannon',
    '',
  ],
  ...rows,
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
for (const r of table)
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
console.log(`\n${seconds} s rounds`);
for (const line of memory) console.log(line);
