// A run's pure steps on the real WALLABY graph: the manifest from the source template, graph patches
// from it (and from the kept template, the same text), a DIM session's state from its node managers,
// and the mock backend's session progression.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { MockBackend } from '../../adapters/mock/backend.js';
import { MockTranslator } from '../../adapters/mock/translator.js';
import { jobHelperScript } from '../../adapters/slurm/jobHelper.js';
import {
  applyGraphPatches,
  graphTemplate,
  parseLogicalGraph,
  patchedGraphText,
} from '../../core/domain/graphPatch.js';
import { buildManifest, renderValue } from '../../core/domain/manifest.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import { combineNodeStates } from '../../core/domain/backendStates.js';
import type { Source } from '../../core/domain/source.js';
import { loadProjectYaml } from '../../schema/project/loadYaml.js';
import { wallabyYaml } from '../support/examples.js';
import { graphDir } from '../support/project.js';

const config = (() => {
  const r = loadProjectYaml(wallabyYaml);
  if (E.isLeft(r)) throw new Error('example does not load');
  return r.right;
})();

const source = (id: string, sbids: string[]): Source => ({
  id: `uuid-${id}`,
  projectModule: 'wallaby_hires',
  sourceIdentifier: id,
  enabled: true,
  discoveryState: 'done',
  discoveryError: null,
  discoveredAt: new Date(0),
  configVersion: 1,
  metadata: {
    datasets: sbids.map((sbid, i) => ({
      sbid,
      dataset_id: `${id}_${i}.ms`,
      row: { filename: `${id}_${i}.ms` },
      enrichments: {},
    })),
    queries: { ra_dec_vsys: [{ RAJ2000: '13 03 00', DEJ2000: '-07 00 00', RVmom: 1234 }] },
    vars: { source_name: id.replace('HIPASS', '') },
  },
  discoveryFlags: {},
  signature: 'sig',
  processedSignature: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

test('the manifest renders the source template and nests datasets by group_by', (t) => {
  const m = buildManifest(
    config,
    { executionId: 'e1', attempt: 1, configVersion: 1 },
    [source('HIPASSJ1303+07', ['101', '101', '102'])],
    new Map(),
  );
  const entry = m.sources[0] as Record<string, unknown>;
  t.is(entry['source_identifier'], 'HIPASSJ1303+07');
  t.is(entry['vsys'], 1234, 'a lone placeholder keeps its type');
  t.is(entry['ra_string'], '13 03 00');
  const sbids = entry['sbids'] as { sbid: string; datasets: unknown[] }[];
  t.deepEqual(
    sbids.map((s) => [s.sbid, s.datasets.length]),
    [
      ['101', 2],
      ['102', 1],
    ],
  );
  t.false(JSON.stringify(m).includes('"row"'), 'raw archive rows stay out of the manifest');
});

test('a manifest template naming a missing value is an error, not a hole', (t) => {
  t.throws(() => renderValue('{queries.nothing.0.x}', {}), { message: /needs queries.nothing.0.x/ });
});

test('patches set num_of_copies on the real WALLABY graph from the manifest', (t) => {
  const text = readFileSync(`${graphDir}/wallaby-hires_test-pipeline-nodownloads.graph`, 'utf8');
  const graph = parseLogicalGraph(text);
  if (typeof graph === 'string') return t.fail(graph);
  const m = buildManifest(
    config,
    { executionId: 'e1', attempt: 1, configVersion: 1 },
    [source('HIPASSJ1303+07', ['1', '2', '2', '3'])],
    new Map(),
  );
  const result = applyGraphPatches(graph, config.graph_patches, m.sources);
  if (typeof result === 'string') return t.fail(result);
  t.is(result.configuration, null, 'the WALLABY graph has no active graph configuration');
  t.deepEqual(
    result.applied.map((a) => [a.node_name, a.field, a.value]),
    [['Scatter/GenericScatterApp', 'num_of_copies', 4]],
  );
  const scatter = graph.nodeDataArray.find((n) => n.name === 'Scatter/GenericScatterApp')!;
  t.is(scatter.fields!.find((f) => f.name === 'num_of_copies')!.value, 4);
  t.regex(
    applyGraphPatches(graph, [{ match: { kind: 'node_name', equals: 'nope' }, set: { a: 1 } }], []) as string,
    /no node/,
  );
  t.regex(
    applyGraphPatches(
      graph,
      [{ match: { kind: 'node_name', equals: 'Scatter/GenericScatterApp' }, set: { nofield: 1 } }],
      [],
    ) as string,
    /has no field nofield/,
  );
  t.regex(parseLogicalGraph('[]') as string, /not a DALiuGE logical graph/);
});

test('a run patches the kept template of the real WALLABY graph: the same text and patches as parsing it afresh', (t) => {
  const text = readFileSync(`${graphDir}/wallaby-hires_test-pipeline-nodownloads.graph`, 'utf8');
  const template = graphTemplate(text);
  if (typeof template === 'string') return t.fail(template);
  // Two runs of different sizes on one template: the first run's patch must not leak into the second.
  for (const sbids of [['1', '2', '2', '3'], ['7']]) {
    const m = buildManifest(
      config,
      { executionId: 'e1', attempt: 1, configVersion: 1 },
      [source('HIPASSJ1303+07', sbids)],
      new Map(),
    );
    const graph = parseLogicalGraph(text);
    if (typeof graph === 'string') return t.fail(graph);
    const inPlace = applyGraphPatches(graph, config.graph_patches, m.sources);
    const fromTemplate = patchedGraphText(template, config.graph_patches, m.sources);
    if (typeof fromTemplate === 'string') return t.fail(fromTemplate);
    if (typeof inPlace === 'string') return t.fail(inPlace);
    t.deepEqual(fromTemplate.applied, inPlace.applied);
    t.is(fromTemplate.applied[0]!.value, sbids.length);
    t.is(fromTemplate.text, JSON.stringify(graph));
  }
  t.is((patchedGraphText(template, [], []) as { text: string }).text, JSON.stringify(JSON.parse(text)));
  t.regex(graphTemplate('{"nodeDataArray": 3}') as string, /not a DALiuGE logical graph/);
});

test("the Slurm job's helper ends a session by the same rule, in python3", (t) => {
  const cases = [[4, 6, 3], [6, 1], [4, 6, 5], [4, 6], [4, 4], [5, 5], [4, 5], [4, 3], [2, 3], [6]];
  const r = spawnSync(
    'python3',
    [
      '-c',
      'import json, sys; ns = {"__name__": "helper"}; exec(sys.argv[1], ns); print(json.dumps([ns["combined"](c) for c in json.loads(sys.argv[2])]))',
      jobHelperScript,
      JSON.stringify(cases),
    ],
    { encoding: 'utf8' },
  );
  t.is(r.status, 0, r.stderr);
  const names: Record<number, string | null> = { 4: 'finished', 5: 'cancelled', 6: 'failed' };
  t.deepEqual(
    JSON.parse(r.stdout),
    cases.map((c) => names[combineNodeStates(c)] ?? null),
  );
});

test('a DIM session state from its node managers: ended when every node has; then any failed, all finished, else cancelled', (t) => {
  // A node failed while another runs: the session still runs (its drops in error are not all known).
  t.is(combineNodeStates([4, 6, 3]), 3);
  t.is(combineNodeStates([6, 1]), 1);
  t.is(combineNodeStates([4, 6, 5]), 6);
  t.is(combineNodeStates([4, 6]), 6);
  t.is(combineNodeStates([4, 4]), 4);
  t.is(combineNodeStates([5, 5]), 5);
  t.is(combineNodeStates([4, 3]), 3);
  t.is(combineNodeStates([2, 3]), 2);
});

test('the mock backend moves through the session states from the submission time', async (t) => {
  let now = 0;
  const backend = new MockBackend('rest_remote', { now: () => new Date(now) }, 100);
  const profile = {
    name: 'p',
    deployment: { kind: 'rest_remote', deploy_host: 'dim', deploy_port: 8001, use_https: false },
    translation: { algo: 'metis', num_par: 1, num_islands: 0 },
  } as unknown as DeploymentProfile;
  const graph = await new MockTranslator().partition(
    readFileSync(`${graphDir}/HelloWorld_simple.graph`, 'utf8'),
    profile.translation,
  );
  t.falsy(graph.at(-1)!['oid'], 'a trailing reproducibility element, as the real translator sends');
  const sub = await backend.submit({
    executionId: 'e',
    attempt: 1,
    externalName: 'surveyor-e-a1',
    profile,
    graph,
    confirm: async () => undefined,
    manifest: {
      manifest_version: 1,
      execution_id: 'e',
      attempt: 1,
      project_module: 'm',
      config_version: 1,
      sources: [{ source_identifier: 'X' }],
    },
  });
  t.is(sub.schedulerJobId, 'surveyor-e-a1');
  const item = {
    executionId: 'e',
    schedulerJobId: sub.schedulerJobId,
    profile,
    submittedAt: new Date(0),
    cancelSentAt: null,
    runRecord: { submission: sub.runRecord },
  };
  const seen: string[] = [];
  for (now = 0; now <= 500; now += 100) seen.push((await backend.poll('t', [item])).get('e')!.remoteState);
  t.deepEqual(seen, ['pristine', 'building', 'deploying', 'running', 'finished', 'finished']);
  t.is((await backend.poll('t', [{ ...item, cancelSentAt: new Date(0) }])).get('e')!.kind, 'cancelled');
});
