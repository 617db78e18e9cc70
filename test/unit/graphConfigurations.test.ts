// Graph patches on graphs as EAGLE saves them (upstream graphs: test/README.md): an active graph
// configuration is applied under the patches and removed, so the patch is the value the
// translator reads; nodes selected by id; selectors that match several nodes say which.
import { readFileSync } from 'node:fs';
import test from 'ava';
import {
  applyGraphPatches,
  graphTemplate,
  type LogicalGraphNode,
  parseLogicalGraph,
  patchedGraphText,
} from '../../core/domain/graphPatch.js';
import type { GraphPatch } from '../../core/domain/projectConfig.js';
import { upstreamGraph } from '../support/upstreamGraphs.js';

const parallelPi = () => readFileSync(upstreamGraph('parallelPi.graph'), 'utf8');
const scatterCopies = (copies: string | number): GraphPatch => ({
  match: { kind: 'node_name', equals: 'Scatter PI generation' },
  set: { num_of_copies: copies },
});
const field = (nodes: LogicalGraphNode[], nodeName: string, name: string) =>
  nodes.find((n) => n.name === nodeName)!.fields!.find((f) => f.name === name)!.value;

test('a patch over a field an active EAGLE configuration names is what the patched graph holds, and the configuration is not active any more', (t) => {
  const text = parallelPi();
  const doc = JSON.parse(text) as Record<string, unknown>;
  t.is(typeof doc['activeGraphConfigId'], 'string', 'parallelPi has an active configuration');
  const template = graphTemplate(text);
  if (typeof template === 'string') return t.fail(template);
  const patched = patchedGraphText(
    template,
    [scatterCopies('$count(datasets[])')],
    [{ datasets: [1, 2, 3] }],
  );
  if (typeof patched === 'string') return t.fail(patched);
  t.deepEqual(patched.configuration, {
    id: doc['activeGraphConfigId'] as string,
    name: 'Default Configuration',
    fields: 1,
  });
  const out = JSON.parse(patched.text) as Record<string, unknown> & { nodeDataArray: LogicalGraphNode[] };
  t.is(field(out.nodeDataArray, 'Scatter PI generation', 'num_of_copies'), 3);
  // DALiuGE's translator applies a configuration only while activeGraphConfigId names one.
  t.false('activeGraphConfigId' in out);
  t.deepEqual(out['graphConfigurations'], doc['graphConfigurations'], 'the saved configurations are kept');
  // The same text as patching the parsed graph in place.
  const graph = parseLogicalGraph(text) as { nodeDataArray: LogicalGraphNode[] };
  const inPlace = applyGraphPatches(graph, [scatterCopies('$count(datasets[])')], [{ datasets: [1, 2, 3] }]);
  if (typeof inPlace === 'string') return t.fail(inPlace);
  t.is(patched.text, JSON.stringify(graph));
});

test('the configuration applies its values to the fields no patch sets', (t) => {
  const doc = JSON.parse(parallelPi()) as Record<string, unknown> & { nodeDataArray: LogicalGraphNode[] };
  const id = doc['activeGraphConfigId'] as string;
  const configs = doc['graphConfigurations'] as Record<string, { nodes: Record<string, unknown> }>;
  // The configuration says 7 copies; the base field says 10; a patch on another node: 7 wins.
  const scatter = doc.nodeDataArray.find((n) => n.name === 'Scatter PI generation')!;
  const fieldId = scatter.fields!.find((f) => f.name === 'num_of_copies')!.id!;
  configs[id]!.nodes[String(scatter.id)] = { fields: { [fieldId]: { value: 7, comment: '' } } };
  const patched = patchedGraphText(
    graphTemplate(JSON.stringify(doc)) as Exclude<ReturnType<typeof graphTemplate>, string>,
    [{ match: { kind: 'node_name', equals: 'Gather results' }, set: { num_of_inputs: 7 } }],
    [],
  );
  if (typeof patched === 'string') return t.fail(patched);
  const out = JSON.parse(patched.text) as { nodeDataArray: LogicalGraphNode[] };
  t.is(field(out.nodeDataArray, 'Scatter PI generation', 'num_of_copies'), 7);
  t.is(field(out.nodeDataArray, 'Gather results', 'num_of_inputs'), 7);
});

test('without patches the graph goes to the translator as it was saved, configuration and all', (t) => {
  const text = parallelPi();
  const patched = patchedGraphText(
    graphTemplate(text) as Exclude<ReturnType<typeof graphTemplate>, string>,
    [],
    [],
  );
  if (typeof patched === 'string') return t.fail(patched);
  t.is(patched.configuration, null);
  t.is(patched.text, JSON.stringify(JSON.parse(text)));
});

test('a configuration naming a field its node does not have is refused, as DALiuGE would fail on it', (t) => {
  const doc = JSON.parse(parallelPi()) as Record<string, unknown> & { nodeDataArray: LogicalGraphNode[] };
  const configs = doc['graphConfigurations'] as Record<string, { nodes: Record<string, unknown> }>;
  const scatter = doc.nodeDataArray.find((n) => n.name === 'Scatter PI generation')!;
  configs[doc['activeGraphConfigId'] as string]!.nodes[String(scatter.id)] = {
    fields: { 'no-such-field': { value: 1 } },
  };
  const r = applyGraphPatches(doc, [scatterCopies(3)], []);
  t.regex(
    r as string,
    /active configuration "Default Configuration" sets field no-such-field of node Scatter PI generation/,
  );
});

test('a patch selects a node by its id, and a name two nodes share says which lack the field', (t) => {
  const graph = parseLogicalGraph(parallelPi()) as { nodeDataArray: LogicalGraphNode[] };
  const pis = graph.nodeDataArray.filter((n) => n.name === 'pi_k');
  t.is(pis.length, 2, 'parallelPi has an application and a data drop named pi_k');
  const app = pis.find((n) => n.category === 'PyFuncApp')!;
  const data = pis.find((n) => n.category === 'Memory')!;
  const byName = applyGraphPatches(
    graph,
    [{ match: { kind: 'node_name', equals: 'pi_k' }, set: { n_digits: 50 } }],
    [],
  ) as string;
  t.is(typeof byName, 'string');
  t.true(byName.includes('node_name pi_k matches 2 nodes'), byName);
  t.true(byName.includes(`pi_k (Memory, id ${String(data.id)}) has no field n_digits`), byName);
  t.true(byName.includes('{kind: node_id, equals: <its id>}'), byName);
  const byId = applyGraphPatches(
    graph,
    [{ match: { kind: 'node_id', equals: String(app.id) }, set: { n_digits: 50 } }],
    [],
  );
  if (typeof byId === 'string') return t.fail(byId);
  t.deepEqual(byId.applied, [{ node_id: String(app.id), node_name: 'pi_k', field: 'n_digits', value: 50 }]);
  // One node without the field lists the fields it has.
  const one = applyGraphPatches(
    graph,
    [{ match: { kind: 'node_id', equals: String(data.id) }, set: { execution_time: 3 } }],
    [],
  ) as string;
  t.regex(one, /node pi_k \(Memory, id [^)]+\) has no field execution_time \(its fields: pi_k, persist/);
});

test('a node is selected by its key in graphs that have no ids', (t) => {
  const graph = {
    nodeDataArray: [
      { key: -3, name: 'a', category: 'Scatter', fields: [{ name: 'num_of_copies', value: 2 }] },
      { key: -4, name: 'a', category: 'Memory', fields: [] },
    ],
  };
  const r = applyGraphPatches(
    graph,
    [{ match: { kind: 'node_id', equals: '-3' }, set: { num_of_copies: 5 } }],
    [],
  );
  if (typeof r === 'string') return t.fail(r);
  t.is(graph.nodeDataArray[0]!.fields[0]!.value, 5);
});

test('a V4-schema graph is refused naming the schema it is in and the one DALiuGE 6.6 reads', (t) => {
  const r = parseLogicalGraph(readFileSync(upstreamGraph('advent_simple.graph'), 'utf8'));
  t.is(
    r,
    "the graph is in EAGLE's V4 schema (nodes and edges); DALiuGE 6.6 accepts only the OJS schema (nodeDataArray and linkDataArray): save it from EAGLE as OJS",
  );
});
