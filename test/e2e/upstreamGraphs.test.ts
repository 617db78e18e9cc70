// Graphs as the DALiuGE and EAGLE projects wrote them (test/README.md, "Upstream graphs"), through the
// API, the real translator and the real island manager of the DALiuGE testbed: a patch over a
// field an active EAGLE graph configuration names reaches the translated graph (counted in its
// drops), the untaken side of a Branch is skipped and not missing, and the drop counts exclude
// DALiuGE's reproducibility record.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import {
  type DaliugeTestbed,
  daliugeApiEnv,
  daliugeTestbed,
  dimGet,
  yamlWithGraph,
} from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { prepareProject } from '../support/project.js';
import { upstreamGraph } from '../support/upstreamGraphs.js';

const graphs = [
  'parallelPi.graph',
  'branchTest.graph',
  'SharedMemoryTest_update.graph',
  'ArrayLoop_e2e.graph',
  'testLoop.graph',
  'eagle_gather_update.graph',
  'test_grpby_gather.graph',
  'ExampleSubgraphSimple.graph',
  'advent_simple.graph',
] as const;
let tb: DaliugeTestbed;
let api: TestApi;
let worker: WorkerHandle;
let p: Awaited<ReturnType<typeof prepareProject>>;
const dir = mkdtempSync(join(tmpdir(), 'surveyor-upstream-graphs-'));
const sha: Record<string, string> = {};
const ids = graphs.map((_, i) => `HIPASSJ20${String(i).padStart(2, '0')}-01`);

test.before(async () => {
  tb = daliugeTestbed();
  for (const g of graphs) {
    copyFileSync(upstreamGraph(g), join(dir, g));
    sha[g] = createHash('sha256')
      .update(readFileSync(join(dir, g)))
      .digest('hex');
  }
  api = await startTestApi(daliugeApiEnv(tb, dir));
  worker = await startWorker(api.container);
  p = await prepareProject(api, ids, yamlWithGraph('branchTest.graph', sha['branchTest.graph']!, ' []'), {
    translation: { algo: 'metis', num_par: 1, num_islands: 1 },
    // The tests read ended sessions back from the island manager.
    deployment: {
      kind: 'rest_remote',
      deploy_host: tb.dimHost,
      deploy_port: tb.dimPort,
      ended_sessions: 'keep',
    },
  });
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
);
const useGraph = (path: string, patches: string) =>
  api.uploadConfig(yamlWithGraph(path, sha[path]!, patches), p.adminToken);
const translatedOf = async (id: string) => {
  const text = await api.container.get<ArtifactStore>(TYPES.Artifacts).artifact(id, 1, 'translated.json');
  return JSON.parse(text!) as Record<string, unknown>[];
};

test.serial(
  'parallelPi: a patch over the Scatter its active EAGLE configuration sets to 10 copies makes 3 copies in the translated graph',
  async (t) => {
    await useGraph(
      'parallelPi.graph',
      '\n  - match: { kind: node_name, equals: Scatter PI generation }\n    set: { num_of_copies: 3 }' +
        '\n  - match: { kind: node_name, equals: Gather results }\n    set: { num_of_inputs: 3 }' +
        '\n  - match: { kind: node_name, equals: generate_start_digits }\n    set: { n_split: 3 }',
    );
    const id = await p.execute(ids[0]!, { do_stage: false });
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'completed', String(e['error']));
    const translated = await translatedOf(id);
    const drops = translated.filter((d) => typeof d['oid'] === 'string');
    // Each copy of the Scatter holds one pi_k application; 10 copies would be 10 of them.
    const apps = drops.filter((d) => d['name'] === 'pi_k' && d['categoryType'] === 'Application');
    t.is(apps.length, 3, 'the translator made the patched number of copies');
    t.true(translated.length > drops.length, 'DALiuGE appends its reproducibility record');
    // The counts we report are drops only, and the island manager holds as many.
    t.is(e.run_record['drops'], drops.length);
    const graph = (await dimGet(tb, `/api/sessions/surveyor-${id}-a1/graph/status`)).body as object;
    t.is(Object.keys(graph).length, drops.length);
    t.like(e.run_record['graph_configuration'], { name: 'Default Configuration', fields: 1 });
    t.like(e.run_record['outputs'], { required: true, checked: true, incomplete_count: 0 });
  },
);

test.serial(
  'branchTest: the untaken side of the Branch is skipped, not missing, and the run completes',
  async (t) => {
    await useGraph('branchTest.graph', ' []');
    const id = await p.execute(ids[1]!, { do_stage: false });
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'completed', String(e['error']));
    const outputs = e.run_record['outputs'] as Record<string, number>;
    t.like(outputs, { required: true, checked: true, incomplete_count: 0 });
    t.true(outputs['skipped_count']! >= 1, JSON.stringify(outputs));
    t.true(outputs['skipped_count']! < outputs['count']!, 'the branch taken wrote its output');
    // The island manager says the same: an output skipped, the session finished.
    const status = (await dimGet(tb, `/api/sessions/surveyor-${id}-a1/status`)).body as Record<
      string,
      number
    >;
    t.true(Object.values(status).every((s) => s === 4));
    const graph = (await dimGet(tb, `/api/sessions/surveyor-${id}-a1/graph/status`)).body as Record<
      string,
      { status: number }
    >;
    t.true(Object.values(graph).some((d) => d.status === 7));
  },
);

/** Links of a translated graph: what each application writes and what each data drop feeds. */
const links = (drops: readonly Record<string, unknown>[]) => {
  const n = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  return drops.reduce(
    (sum, d) =>
      sum +
      (d['categoryType'] === 'Application'
        ? n(d['outputs'])
        : n(d['consumers']) + n(d['streamingConsumers'])),
    0,
  );
};

/** Runs an upstream graph unpatched to its end: the execution, its translated drops and links. */
const runGraph = async (t: ExecutionContext, graph: string, source: string) => {
  await useGraph(graph, ' []');
  const id = await p.execute(source, { do_stage: false });
  const e = await untilState(t, id, ['completed', 'failed']);
  const text = await api.container.get<ArtifactStore>(TYPES.Artifacts).artifact(id, 1, 'translated.json');
  const drops = text
    ? (JSON.parse(text) as Record<string, unknown>[]).filter((d) => typeof d['oid'] === 'string')
    : [];
  return { id, e, drops, error: String(e['error']) };
};

// What upstream's translator tests expect of each graph (drops / links), and what upstream's own
// tools did with it on DALiuGE 6.6 (test/README.md, "Upstream graphs").
test.serial('SharedMemoryTest_update: 8 drops and 7 links, completes with its outputs written', async (t) => {
  const r = await runGraph(t, 'SharedMemoryTest_update.graph', ids[2]!);
  t.is(r.e.state, 'completed', r.error);
  t.is(r.drops.length, 8);
  t.is(links(r.drops), 7);
  t.like(r.e.run_record['outputs'], { checked: true, incomplete_count: 0 });
});

test.serial('ArrayLoop_e2e: the Loop and Scatter graph completes', async (t) => {
  const r = await runGraph(t, 'ArrayLoop_e2e.graph', ids[3]!);
  t.is(r.e.state, 'completed', r.error);
  t.is(r.e.run_record['drops'], r.drops.length);
});

// Graphs that translate but fail in DALiuGE: upstream's counts, and the reason the user gets.
for (const [graph, source, drops, linked, why, reason] of [
  [
    'testLoop.graph',
    ids[4]!,
    11,
    10,
    'every application fails inside DALiuGE and the reason counts them',
    /the session ended failed with 11 drops in error/,
  ],
  [
    'eagle_gather_update.graph',
    ids[5]!,
    29,
    30,
    "the island manager's refusal of the deploy is shown",
    /island manager deploy session \S+: HTTP 555 SubManagerException \(\S+: ErrorManagerCaughtException\)/,
  ],
  [
    'test_grpby_gather.graph',
    ids[6]!,
    15,
    14,
    "the island manager's failing append is shown as its error page says",
    /append graph to session \S+: HTTP 500 Internal Server Error \(an error page without a reason: the island manager's log has it\)/,
  ],
] as const)
  test.serial(`${graph}: ${drops} drops and ${linked} links; ${why}`, async (t) => {
    const r = await runGraph(t, graph, source);
    t.is(r.drops.length, drops);
    t.is(links(r.drops), linked);
    t.is(r.e.state, 'failed');
    t.regex(r.error, reason);
  });

test.serial(
  "ExampleSubgraphSimple: the translator's exception reaches the user, without tries that cannot help",
  async (t) => {
    const r = await runGraph(t, 'ExampleSubgraphSimple.graph', ids[7]!);
    t.is(r.e.state, 'failed');
    t.regex(
      r.error,
      /HTTP 500: the translator cannot translate this graph: KeyError: 'fromPort' \(in dlg\/dropmake\/lg\.py:\d+, _link_drops\)/,
    );
    t.false(r.error.includes('Traceback'), 'an excerpt, not the body');
  },
);

test.serial(
  'advent_simple: a V4-schema graph is refused at upload, naming the schema found and the one DALiuGE reads',
  async (t) => {
    const r = await api.call('POST', '/project-configs', {
      raw: yamlWithGraph('advent_simple.graph', sha['advent_simple.graph']!, ' []'),
      token: p.adminToken,
      headers: { 'content-type': 'application/x-yaml' },
    });
    t.is(r.status, 422, r.text);
    t.regex(
      r.text,
      /graph\.path.*EAGLE's V4 schema \(nodes and edges\); DALiuGE 6\.6 accepts only the OJS schema/,
    );
  },
);
