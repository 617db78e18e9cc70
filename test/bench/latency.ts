// Time to the cluster: from `execute` to the work handed to the backend (the DALiuGE session
// deployed on the island manager, the job in Slurm's queue), by step, p50 and p95 over N runs one
// after another, on the real DALiuGE and Slurm testbeds (the translator included), for the shipped
// WALLABY graph and for upstream's parallelPi patched to about 500 and 5,000 drops. Each run is
// cancelled once submitted (only the way there is measured). The steps come from the execution's
// events: admission (asked → queued), pickup (queued → a worker starts it and skips staging:
// do_stage false), build and translate (manifest, graph, patches, the translator), submit
// (the job's files and sbatch, or append and deploy). Each step's time is split into the peers' (the
// translator's and the island manager's HTTP answers, the SSH commands: peerTime.ts)
// and ours (the rest of the step: the issue's goals are about ours). Asserts nothing.
// Run: scripts/bench latency [runs per graph[,runs for 5,000 drops], default 50] [rest,batch] [graph name parts, | between]
// SURVEYOR_BENCH_PEERS=1 prints each step's window and the peer calls inside it.
// SURVEYOR_BENCH_ENDED_SESSIONS=keep_failed,keep: the DALiuGE cases once per ended_sessions choice.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unsubmittedStates } from '../../core/domain/execution.js';
import { externalName } from '../../core/domain/externalWork.js';
import { defaultEndedSessions } from '../../core/domain/profile.js';
import { startWorker } from '../../hosts/worker/worker.js';
import { startTestApi } from '../support/api.js';
import { daliugeGraphDir, daliugeTestbed, yamlWithGraph } from '../support/daliuge.js';
import { prepareProject } from '../support/project.js';
import { slurmApiEnv, slurmTestbed, testbedDeployment } from '../support/slurm.js';
import { addUpstreamGraphs } from '../support/upstreamGraphs.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { wallabyYaml } from '../support/examples.js';
import { debugIntervals, forgetBefore, type Interval, observePeers, peerMs } from './peerTime.js';
import { quantile } from './quantile.js';

// "50" or "50,10": runs per graph, and for the 5,000-drop graph (on DALiuGE each is a minute or more).
const [runs, bigRuns = runs] = (process.argv[2] ?? '50').split(',').map(Number) as [number, number?];
const backends = (process.argv[3] ?? 'rest,batch').split(',');
// Only the graphs whose name holds one of these texts, `|` between them (all by default).
const only = (process.argv[4] ?? '').split('|');
const dlg = daliugeTestbed();
const slurm = backends.includes('batch') ? slurmTestbed() : null;
observePeers([Number(new URL(dlg.tmUrl).port), dlg.dimPort]);
const graphs = daliugeGraphDir();
addUpstreamGraphs(graphs, ['parallelPi.graph']);
const wallaby = 'wallaby-hires_test-pipeline-nodownloads.graph';
copyFileSync(
  fileURLToPath(new URL(`../../../schema/examples/graphs/${wallaby}`, import.meta.url)),
  join(graphs.dir, wallaby),
);
graphs.sha[wallaby] = createHash('sha256')
  .update(readFileSync(join(graphs.dir, wallaby)))
  .digest('hex');

/** parallelPi with `copies` copies of its scatter (about 3.6 drops a copy). */
const pi = (copies: number) =>
  yamlWithGraph(
    'parallelPi.graph',
    graphs.sha['parallelPi.graph']!,
    `\n  - match: { kind: node_name, equals: Scatter PI generation }\n    set: { num_of_copies: ${copies} }` +
      `\n  - match: { kind: node_name, equals: Gather results }\n    set: { num_of_inputs: ${copies} }` +
      `\n  - match: { kind: node_name, equals: generate_start_digits }\n    set: { n_split: ${copies} }`,
  );
const cases: [string, string][] = [
  [
    'WALLABY (shipped)',
    wallabyYaml
      .replace(/(execution:\n\s+enabled:) true/, '$1 false')
      .replace(/(discovery:\n\s+enabled:) true/, '$1 false'),
  ],
  ['parallelPi, ~500 drops', pi(135)],
  ['parallelPi, ~5,000 drops', pi(1385)],
];
const steps = [
  ['admission', 'execution.execute_requested', 'execution.queued'],
  // With staging skipped there is no event for the worker's start: pickup runs to the skip.
  ['pickup', 'execution.queued', 'execution.staging_skipped'],
  ['build + translate', 'execution.staging_skipped', 'execution.translated'],
  ['submit', 'execution.translated', 'execution.submitted'],
  ['total', 'execution.execute_requested', 'execution.submitted'],
] as const;

// SURVEYOR_BENCH_ENDED_SESSIONS=keep_failed,keep runs the DALiuGE cases once per choice of the
// profile's ended_sessions, one after the other on the same island manager (a choice that deletes
// first, so each starts with none of the earlier runs' sessions held).
const endedChoices = (process.env['SURVEYOR_BENCH_ENDED_SESSIONS'] ?? '').split(',').filter(Boolean);
const variants = backends.flatMap((backend) =>
  backend === 'rest' && endedChoices.length > 0
    ? endedChoices.map((ended) => ({ backend, ended }))
    : [{ backend, ended: null as string | null }],
);
const rows: string[] = [];
const oursRows: string[] = [];
const readRows: string[] = [];
for (const { backend, ended } of variants) {
  const env =
    backend === 'batch'
      ? slurmApiEnv(slurm!, dlg.tmUrl, graphs.dir)
      : {
          SERVICE_USE_REAL_BACKENDS: 'true',
          SERVICE_MOCK_PARTS: 'archive,stager',
          SERVICE_TRANSLATOR_URL: dlg.tmUrl,
          SERVICE_GRAPH_DIR: graphs.dir,
          SERVICE_EXECUTION_TICK_SECONDS: '1',
          SERVICE_SCHEDULER_CHECK_SECONDS: '1',
          SERVICE_REST_POLL_MIN_SECONDS: '1',
        };
  // A whole run takes longer than an access token lives by default (15 minutes).
  const api = await startTestApi({
    ...env,
    SERVICE_LOG_LEVEL: 'error',
    SERVICE_ACCESS_TOKEN_TTL_SECONDS: '86400',
  });
  const worker = await startWorker(api.container);
  const ids = Array.from({ length: Math.max(runs, bigRuns) }, (_, i) => `HIPASSJ${String(3000 + i)}+00`);
  const p = await prepareProject(api, ids, pi(3), {
    translation: { algo: 'metis', num_par: 1, num_islands: 1 },
    deployment:
      backend === 'batch'
        ? testbedDeployment(slurm!)
        : {
            kind: 'rest_remote',
            deploy_host: dlg.dimHost,
            deploy_port: dlg.dimPort,
            ...(ended ? { ended_sessions: ended } : {}),
          },
  });
  for (const [name, yaml] of cases.filter(([n]) => only.some((o) => n.includes(o)))) {
    await api.uploadConfig(yaml, p.adminToken);
    const times = new Map<string, number[]>(steps.map(([s]) => [s, []]));
    const ours = new Map<string, number[]>(steps.map(([s]) => [s, []]));
    let failed = 0;
    let lastId = '';
    const n = name.includes('5,000') ? bigRuns : runs;
    for (let i = 0; i < n; i++) {
      forgetBefore(Date.now());
      const id = await p.execute(ids[i]!, { do_stage: false });
      lastId = id;
      const end = Date.now() + 300_000;
      let state = '';
      while (Date.now() < end) {
        const s = (await api.call('GET', `/executions/${id}`, { token: p.token })).body as { state: string };
        state = s.state;
        if (!(unsubmittedStates as readonly string[]).includes(state)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const events = (
        (await api.call('GET', `/executions/${id}/events?limit=100`, { token: p.token })).body as {
          items: { kind: string; created_at: string }[];
        }
      ).items;
      // This run's peer calls: the translator's, SSH's, and the island manager's about its own
      // session (its id is in the path) or creating one; not the polls of the runs before it.
      const dimPort = `:${dlg.dimPort}`;
      const mine = (i: Interval) =>
        !i.peer.includes(dimPort) ||
        i.path.includes(encodeURIComponent(`surveyor-${id}-a`)) ||
        i.path === 'POST /api/sessions';
      const at = (k: string) => {
        const e = events.find((x) => x.kind === k);
        return e ? Date.parse(e.created_at) : null;
      };
      if (state === 'running' || state === 'completed') {
        for (const [s, a, b] of steps) {
          const [x, y] = [at(a), at(b)];
          if (x === null || y === null) continue;
          times.get(s)!.push((y - x) / 1000);
          ours.get(s)!.push((y - x - peerMs(x, y, mine)) / 1000);
          if (process.env['SURVEYOR_BENCH_PEERS'])
            console.error(s, x, y, JSON.stringify(debugIntervals(x, y)));
        }
      } else failed++;
      if (state === 'running') {
        await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
        // At 5,000 drops on DALiuGE the next run starts once this one is over: a session still
        // being cancelled slows the next deploy (the node managers are busy with it) up to the
        // client's timeout, which is not what is measured. Smaller runs go on at once.
        const until = Date.now() + (backend === 'rest' && name.includes('5,000') ? 180_000 : 0);
        while (Date.now() < until) {
          const s = (await api.call('GET', `/executions/${id}`, { token: p.token })).body as {
            state: string;
          };
          if (['cancelled', 'completed', 'failed'].includes(s.state)) break;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }
    const cell = (s: string, of = times) => {
      const xs = of.get(s)!;
      return xs.length === 0 ? '—' : `${quantile(xs, 0.5).toFixed(2)} / ${quantile(xs, 0.95).toFixed(2)}`;
    };
    // How many sessions the island manager holds after these runs (their own and any before), and
    // what reading them costs it: the whole list, against one session's status by id (a poll's ask).
    let held = '';
    if (backend === 'rest') {
      const dim = `http://${dlg.dimHost}:${dlg.dimPort}/api/sessions`;
      const timed = async <T>(f: () => Promise<T>): Promise<[T, string]> => {
        const t0 = performance.now();
        const v = await f();
        return [v, ((performance.now() - t0) / 1000).toFixed(2)];
      };
      const [k, list] = await timed(async () => ((await (await fetch(dim)).json()) as unknown[]).length);
      const [, one] = await timed(async () =>
        (await fetch(`${dim}/${externalName({ id: lastId, attempt: 1 })}/status`)).text(),
      );
      held = ` (${k} session${k === 1 ? '' : 's'} held after)`;
      readRows.push(`| ${ended ?? defaultEndedSessions} | ${name} | ${k} | ${list} | ${one} |`);
    }
    const label = `${backend === 'batch' ? 'Slurm' : `DALiuGE${ended ? ` (ended_sessions ${ended})` : ''}`} | ${name}${held} | ${n - failed}${failed ? ` (${failed} failed)` : ''}`;
    rows.push(`| ${label} | ${steps.map(([s]) => cell(s)).join(' | ')} |`);
    oursRows.push(`| ${label} | ${steps.map(([s]) => cell(s, ours)).join(' | ')} |`);
    console.error(`  ${backend} ${name}: ${cell('total')} s, ours ${cell('total', ours)} s (p50 / p95)`);
  }
  await worker.stop(5000);
  await api.close();
}
const head = ['backend', 'graph', 'runs', ...steps.map(([s]) => `${s} p50 / p95 (s)`)];
console.log(
  `Execute to submitted, runs one after another (each cancelled once submitted, and over before the next)`,
);
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---|').join('')}`);
for (const r of rows) console.log(r);
console.log(`\nOurs: each step less the time its peers took to answer (translator, island manager, SSH)`);
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---|').join('')}`);
for (const r of oursRows) console.log(r);
if (readRows.length > 0) {
  console.log(`\nThe island manager after the runs: its session list, and one session's status by id (s)`);
  console.log(
    '| ended_sessions | graph | sessions held | GET /api/sessions | GET /api/sessions/<id>/status |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of readRows) console.log(r);
}
process.exit(0);
