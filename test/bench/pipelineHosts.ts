// Executions through the mock pipeline with the workers on other hosts: 1, 2 and 3 `surveyor
// worker` processes, each in a network namespace of the hosts testbed (svh1 to svh3), reaching
// PostgreSQL over the bridge through a router host (svh4) that adds 0 or 2 ms of round trip. 8
// clients create and execute in this process meanwhile. Prints executions per second for each
// (workers, latency) side by side; asserts nothing.
// Run: scripts/bench pipeline-hosts [executions]   (as root, with the hosts testbed: scripts/bench starts it)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import { executionDeps, TYPES } from '../../hosts/composition/composition.js';
import { startTestApi } from '../support/api.js';
import { fastWorkerEnv, type Running, runCli } from '../support/child.js';
import { freshDatabase } from '../support/db.js';
import { hostsTestbed } from '../support/hosts.js';
import { startLinkRouter } from '../support/linkRouter.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';
import { createAndExecute, untilAllCompleted } from './pipelineClients.js';

const total = Number(process.argv[2] ?? 400);
const yaml = manualWallabyYaml.replace('concurrent_runs: 10', 'concurrent_runs: 100000');
const net = hostsTestbed();
const bridge = process.env['HOSTS_DATABASE_HOST'];
if (!bridge)
  throw new Error(
    'the test database does not listen on the hosts bridge (scripts/bench starts the hosts testbed first)',
  );
const workerHosts = ['svh1', 'svh2', 'svh3'];
const routerHost = 'svh4';

const once = async (workers: number, latencyMs: number) => {
  const d = await freshDatabase({ poolMax: 12 });
  const api = await startTestApi(
    {
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_GRAPH_DIR: graphDir,
      SERVICE_MOCK_STEP_MS: '0',
    },
    d,
  );
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-bench-hosts-'));
  const router = await startLinkRouter(routerHost, net.hosts.get(routerHost)!, {
    host: bridge,
    port: Number(new URL(d.url).port),
  });
  const procs: Running[] = [];
  try {
    const names = Array.from({ length: 100 }, (_, i) => `HIPASSJ${String(i).padStart(4, '0')}+00`);
    await prepareProject(api, names, yaml);
    await router.latency(latencyMs);
    const url = new URL(d.url);
    url.hostname = router.address;
    url.port = String(router.port);
    const env = fastWorkerEnv(url.toString(), dir, {
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_GRAPH_DIR: graphDir,
      SERVICE_MOCK_STEP_MS: '0',
      SERVICE_WORKER_CONCURRENCY: '8',
      SERVICE_DB_POOL_MAX: '14',
    });
    for (const host of workerHosts.slice(0, workers))
      procs.push(runCli(['worker'], env, undefined, { host }));
    // Each worker logs nothing at warn until it works; give them a moment to connect.
    await new Promise((r) => setTimeout(r, 2000));
    for (const p of procs)
      if (p.child.exitCode !== null) throw new Error(`a worker exited: ${p.output().slice(-2000)}`);
    const deps = executionDeps(api.container);
    const repo = api.container.get<ExecutionFigures>(TYPES.ExecutionFigures);
    const started = performance.now();
    await createAndExecute(deps, names, total);
    await untilAllCompleted(repo, total);
    return (performance.now() - started) / 1000;
  } finally {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    for (const p of procs) await p.exited(30_000).catch(() => p.child.kill('SIGKILL'));
    await router.close();
    await api.close();
    await d.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

console.log(
  `${total} executions through the mock pipeline, workers on hosts of their own (concurrency 8 each), PostgreSQL through a router host`,
);
const head = ['workers', 'added round trip (ms)', 'wall time (s)', 'executions/s'];
const rows: string[] = [];
for (const latency of [0, 2])
  for (const workers of [1, 2, 3]) {
    const wall = await once(workers, latency);
    rows.push(`| ${[workers, latency, wall.toFixed(1), (total / wall).toFixed(1)].join(' | ')} |`);
    console.error(`  ${workers} worker(s), ${latency} ms: ${(total / wall).toFixed(1)} executions/s`);
  }
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---|').join('')}`);
for (const r of rows) console.log(r);
process.exit(0);
