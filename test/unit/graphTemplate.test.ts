// Graph templates: a patched template writes exactly what patching the parsed graph in place writes
// (a property test over random graphs and patches), and is made once per sha256.
import test from 'ava';
import fc from 'fast-check';
import {
  applyGraphPatches,
  graphTemplate,
  graphTemplateFor,
  type LogicalGraphNode,
  parseLogicalGraph,
  patchedGraphText,
} from '../../core/domain/graphPatch.js';
import type { GraphPatch } from '../../core/domain/projectConfig.js';

// Names drawn from a few, so that patches match some nodes, several nodes, or none.
const name = fc.constantFrom('Scatter', 'é ☃', '__proto__');
const fieldName = fc.constantFrom('n', 'm', 'é ☃');
const fieldId = fc.constantFrom('f1', 'f2', 'f3');
const field = fc.record(
  { name: fieldName, id: fieldId, value: fc.jsonValue({ maxDepth: 2 }) },
  { requiredKeys: ['name', 'id'] },
);
const nodeId = fc.constantFrom('n1', 'n2', 'n3');
const node = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer().map(String), { weight: 4, arbitrary: nodeId }),
    key: fc.integer(),
    name,
    category: name,
    fields: fc.oneof(
      { weight: 9, arbitrary: fc.array(field, { minLength: 3, maxLength: 6 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    ),
    extra: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: [] },
);
// EAGLE graph configurations: field values by node id and field id, some naming nodes or fields
// the graph does not have, some active, some not.
const configuration = fc.record({
  modelData: fc.record({ name: fc.constantFrom('Default', 'Big run') }, { requiredKeys: [] }),
  nodes: fc.dictionary(
    nodeId,
    fc.record({
      fields: fc.dictionary(fieldId, fc.record({ value: fc.jsonValue({ maxDepth: 1 }) }), {
        minKeys: 1,
        maxKeys: 2,
      }),
    }),
    { minKeys: 1, maxKeys: 3 },
  ),
});
const configMembers = fc.option(
  fc.record({
    activeGraphConfigId: fc.constantFrom('c1', 'c1', 'c2', ''),
    graphConfigurations: fc.record({ c1: configuration, c2: configuration }, { requiredKeys: ['c1'] }),
  }),
  { freq: 2 },
);
// Members before and after the nodes, array-index keys (written first) and odd text among them.
const graphText = fc
  .tuple(
    fc.dictionary(fc.oneof(fc.string(), name), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    fc.array(node, { minLength: 1, maxLength: 6 }),
    fc.dictionary(fc.oneof(fc.string(), name), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    fc.nat(2),
    configMembers,
    fc.boolean(),
  )
  .map(([before, nodes, after, indent, config, configFirst]) => {
    const entries = (o: object) =>
      Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
    const configured = config === null ? [] : entries(config);
    const members = [
      ...(configFirst ? configured : []),
      ...entries(before),
      `"nodeDataArray":${JSON.stringify(nodes)}`,
      ...entries(after),
      ...(configFirst ? [] : configured),
    ];
    // Saved with or without white space: the kept text is always written as JSON.stringify writes it.
    return JSON.stringify(JSON.parse(`{${members.join(',')}}`), null, indent);
  });
const patch: fc.Arbitrary<GraphPatch> = fc.record({
  match: fc.oneof(
    fc.record({ kind: fc.constantFrom('node_name' as const, 'node_category' as const), equals: name }),
    fc.record({ kind: fc.constant('node_id' as const), equals: nodeId }),
  ),
  set: fc.dictionary(
    fieldName,
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant('$count(a[])')),
    {
      minKeys: 1,
      maxKeys: 1,
    },
  ),
});

test('a patched template writes exactly what patching the parsed graph in place and serialising it writes', (t) => {
  let changed = 0;
  let configured = 0;
  fc.assert(
    fc.property(
      graphText,
      fc.array(patch, { maxLength: 2 }),
      fc.array(fc.constant({ a: [1] }), { minLength: 1 }),
      (text, patches, sources) => {
        const template = graphTemplate(text);
        if (typeof template === 'string') return false;
        const before = JSON.stringify(template);
        const graph = parseLogicalGraph(text) as { nodeDataArray: LogicalGraphNode[] };
        const inPlace = applyGraphPatches(graph, patches, sources);
        const patched = patchedGraphText(template, patches, sources);
        if (typeof inPlace === 'string') return patched === inPlace;
        if (typeof patched === 'string') return false;
        if (patched.applied.length > 0) changed++;
        if (patched.configuration !== null && patched.configuration.fields > 0) configured++;
        t.deepEqual(patched.applied, inPlace.applied);
        t.deepEqual(patched.configuration, inPlace.configuration);
        // Patching leaves the template as it was, for the next run.
        return patched.text === JSON.stringify(graph) && JSON.stringify(template) === before;
      },
    ),
    { numRuns: 3000 },
  );
  // Enough of the runs set a field for the comparison to mean something.
  t.true(changed > 200, `${changed} of 3000 runs set a field`);
  t.true(configured > 25, `${configured} of 3000 runs applied a graph configuration`);
  t.log(`${changed} runs set a field, ${configured} applied a graph configuration`);
});

test('a graph template is made once per sha256 and kept for the next run', (t) => {
  const text = JSON.stringify({ nodeDataArray: [{ name: 'a', fields: [{ name: 'n', value: 1 }] }] });
  const first = graphTemplateFor('sha-of-text', text);
  t.is(graphTemplateFor('sha-of-text', text), first, 'the same template, not made again');
  t.not(graphTemplateFor('sha-of-other', text), first);
  t.regex(graphTemplateFor('sha-of-bad', '[]') as string, /not a DALiuGE logical graph/);
});
