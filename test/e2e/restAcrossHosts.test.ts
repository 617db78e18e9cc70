// The REST backend with DALiuGE across three hosts of the hosts testbed (the island manager on one, a
// node manager on each of two others, support/dlgHosts.ts): parallelPi partitioned in two runs on both
// node managers, each holding its share, and a node manager's host cut off mid-session failing the
// execution naming the node after node_lost_minutes, with one execution.node_unreachable event.
import test from 'ava';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi, translatedDrops } from '../support/api.js';
import {
  bashCommand,
  daliugeApiEnv,
  daliugeGraphDir,
  daliugeTestbed,
  yamlWithGraph,
} from '../support/daliuge.js';
import { type DlgAcrossHosts, nmPort, startDlgAcrossHosts } from '../support/dlgHosts.js';
import { executionStatus } from '../support/executionStatus.js';
import { hostsCommand, hostsTestbed } from '../support/hosts.js';
import { prepareProject } from '../support/project.js';
import { until } from '../support/until.js';
import { addUpstreamGraphs } from '../support/upstreamGraphs.js';

let dlg: DlgAcrossHosts;
let api: TestApi;
let worker: WorkerHandle;
let p: Awaited<ReturnType<typeof prepareProject>>;
let graphs: ReturnType<typeof daliugeGraphDir>;
const ids = ['HIPASSJ2400-01', 'HIPASSJ2401-01'];
const hostOf = new Map<string, string>();

test.before(async () => {
  const tb = daliugeTestbed();
  const h = hostsTestbed();
  const host = (name: string) => [name, h.hosts.get(name)!] as const;
  for (const n of ['svh8', 'svh9']) hostOf.set(h.hosts.get(n)!, n);
  dlg = await startDlgAcrossHosts(tb.dlg, host('svh7'), [host('svh8'), host('svh9')]);
  graphs = daliugeGraphDir();
  addUpstreamGraphs(graphs, ['parallelPi.graph']);
  api = await startTestApi(daliugeApiEnv(tb, graphs.dir));
  worker = await startWorker(api.container);
  p = await prepareProject(
    api,
    ids,
    yamlWithGraph('HelloWorld-simple.graph', graphs.sha['HelloWorld-simple.graph']!, ' []'),
    {
      translation: { algo: 'metis', num_par: 2, num_islands: 1 },
      deployment: {
        kind: 'rest_remote',
        deploy_host: dlg.dimAddress,
        deploy_port: 8001,
        node_lost_minutes: 1,
        stall_warn_minutes: 0,
        // The test reads the ended session back from each node manager.
        ended_sessions: 'keep',
      },
    },
  );
});
test.after.always(async () => {
  hostsCommand('heal', 'svh8');
  hostsCommand('heal', 'svh9');
  await worker?.stop(2000);
  await api?.close();
  await dlg?.stop();
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
  150_000,
);
// Rounds every second; the deadline (poll_max_rounds) far past what these runs take.
const useGraph = (path: string, patches: string) =>
  api.uploadConfig(
    yamlWithGraph(path, graphs.sha[path]!, patches).replace('poll_max_rounds: 40', 'poll_max_rounds: 3000'),
    p.adminToken,
  );
const translatedOf = (id: string) => translatedDrops(api, id);
const nodeAddress = (d: Record<string, unknown>) => String(d['node']).split(':')[0]!;

test.serial('parallelPi runs across node managers on two hosts and completes', async (t) => {
  await useGraph(
    'parallelPi.graph',
    '\n  - match: { kind: node_name, equals: Scatter PI generation }\n    set: { num_of_copies: 4 }' +
      '\n  - match: { kind: node_name, equals: Gather results }\n    set: { num_of_inputs: 4 }' +
      '\n  - match: { kind: node_name, equals: generate_start_digits }\n    set: { n_split: 4 }',
  );
  const id = await p.execute(ids[0]!, { do_stage: false });
  const session = `surveyor-${id}-a1`;
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
  t.is(e.state, 'completed', `${String(e['error'])}\n${dlg.output().slice(-2000)}`);
  t.like(e.run_record['outputs'], { checked: true, incomplete_count: 0 });
  // The translator mapped the two partitions onto the two node managers.
  const drops = await translatedOf(id);
  t.deepEqual([...new Set(drops.map(nodeAddress))].sort(), [...dlg.nodes].sort());
  // Each node manager on its own host holds the session with its share of the drops, all completed.
  let held = 0;
  for (const node of dlg.nodes) {
    const r = await dlg.get(`http://${node}:${nmPort}`, `/api/sessions/${session}/graph/status`);
    t.is(r.status, 200, `the node manager on ${node} holds ${session}`);
    const states = Object.values(r.body as Record<string, { status: number }>);
    t.true(states.length > 0, `drops on ${node}`);
    held += states.length;
  }
  t.is(held, drops.length, 'every drop on one of the two hosts');
});

test.serial(
  "a node manager's host cut off mid-session: the execution fails naming the node within node_lost_minutes",
  async (t) => {
    t.timeout(240_000);
    await useGraph('BashCommand.graph', bashCommand('sleep 600'));
    const id = await p.execute(ids[1]!, { do_stage: false });
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    // Wait until the application runs; then cut the host it runs on.
    await until(
      'the application to run',
      async () =>
        ((await executions.get(id))?.runRecord['progress'] as { running_count?: number } | undefined)
          ?.running_count === 1,
      90_000,
    );
    const app = (await translatedOf(id)).find((d) => d['categoryType'] === 'Application')!;
    const address = nodeAddress(app);
    const cutAt = Date.now();
    t.is(hostsCommand('cut', hostOf.get(address)!).code, 0);
    const e = await untilState(t, id, ['completed', 'failed', 'cancelled'], 200_000);
    const took = (Date.now() - cutAt) / 1000;
    t.log(`failed ${took.toFixed(1)} s after the cut: ${String(e['error'])}`);
    t.is(e.state, 'failed');
    t.regex(
      String(e['error']),
      new RegExp(
        `^node manager ${address.replace(/\./g, '\\.')}:${nmPort} has not answered the island manager for 1 minute \\(HTTP 555 SubManagerException \\(${address.replace(/\./g, '\\.')}:${nmPort}:\\d+:\\d+: \\w+\\)\\); asked the backend to cancel$`,
      ),
    );
    t.true(
      took >= 60 && took < 150,
      `failed ${took} s after the cut (node_lost_minutes 1; the deadline is an hour away)`,
    );
    const events = api.container.get<EventLog>(TYPES.Events);
    const notice = (
      await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 200, null)
    ).items.find((ev) => ev.kind === 'execution.node_unreachable');
    t.deepEqual(notice?.payload['nodes'], [`${address}:${nmPort}`]);
    t.is(e.run_record['remote_terminal'], false, 'nobody could confirm the session ended');
  },
);
