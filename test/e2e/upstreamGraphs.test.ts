// Graphs as the DALiuGE and EAGLE projects wrote them (../shared/graphs/upstream), through the
// API, the real translator and the real island manager of the DALiuGE testbed: a patch over a
// field an active EAGLE graph configuration names reaches the translated graph (counted in its
// drops), the untaken side of a Branch is skipped and not missing, and the drop counts exclude
// DALiuGE's reproducibility record.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/shared/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { type DaliugeTestbed, daliugeTestbed, dimGet, yamlWithGraph } from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { prepareProject } from '../support/project.js';
import { upstreamGraph } from '../support/upstreamGraphs.js';

const graphs = ['parallelPi.graph', 'branchTest.graph'] as const;
let tb: DaliugeTestbed;
let api: TestApi;
let worker: WorkerHandle;
let p: Awaited<ReturnType<typeof prepareProject>>;
const dir = mkdtempSync(join(tmpdir(), 'surveyor-upstream-graphs-'));
const sha: Record<string, string> = {};
const ids = ['HIPASSJ2001-01', 'HIPASSJ2002-02', 'HIPASSJ2003-03'];

test.before(async () => {
  tb = daliugeTestbed();
  for (const g of graphs) {
    copyFileSync(upstreamGraph(g), join(dir, g));
    sha[g] = createHash('sha256')
      .update(readFileSync(join(dir, g)))
      .digest('hex');
  }
  api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: tb.tmUrl,
    SERVICE_GRAPH_DIR: dir,
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
  });
  worker = await startWorker(api.container);
  p = await prepareProject(api, ids, yamlWithGraph('branchTest.graph', sha['branchTest.graph']!, ' []'), {
    translation: { algo: 'metis', num_par: 1, num_islands: 1 },
    deployment: { kind: 'rest_remote', deploy_host: tb.dimHost, deploy_port: tb.dimPort },
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
  const text = await api.container
    .get<ExecutionRepository>(TYPES.Executions)
    .artifact(id, 1, 'translated.json');
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
