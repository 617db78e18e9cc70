import { evaluateOver, isExpression, parseExpression } from './expressions.js';
import type { GraphPatch } from './projectConfig.js';

/** A DALiuGE logical graph as EAGLE saves it: nodes in `nodeDataArray`, each with `fields[]`. */
export interface LogicalGraphNode {
  readonly id?: string;
  readonly key?: number | string;
  readonly name?: string;
  readonly category?: string;
  readonly fields?: { name: string; id?: string; value?: unknown }[];
  readonly [k: string]: unknown;
}

export interface AppliedPatch {
  readonly node_id: string;
  readonly node_name: string;
  readonly field: string;
  readonly value: string | number | boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a logical graph's text, or says why it is not one. */
export const parseLogicalGraph = (text: string): { nodeDataArray: LogicalGraphNode[] } | string => {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return `the graph is not JSON: ${(e as Error).message}`;
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return 'the graph is not a JSON object: not a DALiuGE logical graph';
  const d = doc as Record<string, unknown>;
  if (Array.isArray(d['nodeDataArray'])) return doc as { nodeDataArray: LogicalGraphNode[] };
  const model = isObject(d['modelData']) ? d['modelData'] : {};
  const schema = typeof model['schemaVersion'] === 'string' ? model['schemaVersion'] : null;
  // EAGLE's V4 schema keeps nodes and edges as maps; DALiuGE 6.6's translator reads only OJS.
  if (schema === 'V4' || (isObject(d['nodes']) && 'edges' in d))
    return `the graph is in EAGLE's ${schema ?? 'V4'} schema (nodes and edges); DALiuGE 6.6 accepts only the OJS schema (nodeDataArray and linkDataArray): save it from EAGLE as OJS`;
  return `the graph has no nodeDataArray: not a DALiuGE logical graph in the OJS schema${schema ? ` (its modelData says schema ${schema})` : ''}`;
};

/** What matching a patch reads of a node: its names, and the names and ids of its fields. */
interface NodeKeys {
  readonly id?: unknown;
  readonly key?: unknown;
  readonly name?: unknown;
  readonly category?: unknown;
  readonly fieldNames: ReadonlySet<string>;
  readonly fieldIds: ReadonlySet<string>;
}

const fieldsOf = (n: LogicalGraphNode): { name?: unknown; id?: unknown }[] =>
  (Array.isArray(n.fields) ? n.fields : []).filter(
    (f: unknown): f is { name?: unknown; id?: unknown } => typeof f === 'object' && f !== null,
  );

const keysOf = (n: LogicalGraphNode): NodeKeys => {
  const fields = fieldsOf(n);
  return {
    id: n.id,
    key: n.key,
    name: n.name,
    category: n.category,
    fieldNames: new Set(fields.flatMap((f) => (typeof f.name === 'string' ? [f.name] : []))),
    fieldIds: new Set(fields.flatMap((f) => (typeof f.id === 'string' ? [f.id] : []))),
  };
};

/**
 * An EAGLE graph configuration that DALiuGE's translator would apply when it loads the graph
 * (`dlg.dropmake.graph_config.apply_active_configuration`): the graph's `activeGraphConfigId`
 * names one of its `graphConfigurations`, whose `nodes` give field values by node id and field id.
 */
interface ActiveConfiguration {
  readonly id: string;
  readonly name: string | null;
  readonly values: readonly { readonly nodeId: string; readonly fieldId: string; readonly value: unknown }[];
}

/** What a run's patching did with the graph's active EAGLE graph configuration. */
export interface AppliedConfiguration {
  readonly id: string;
  readonly name: string | null;
  /** Field values the configuration set on nodes of the graph, before the patches. */
  readonly fields: number;
}

export interface PatchResult {
  readonly applied: AppliedPatch[];
  /** The active graph configuration applied to the node fields (then removed), or null. */
  readonly configuration: AppliedConfiguration | null;
}

/**
 * The graph's active configuration, as DALiuGE reads it: none when `activeGraphConfigId` or
 * `graphConfigurations` is empty or the id names no configuration (DALiuGE then uses the fields as
 * they are), a reason when the configuration is not in the shape DALiuGE reads.
 */
const activeConfiguration = (doc: Record<string, unknown>): ActiveConfiguration | null | string => {
  const id = doc['activeGraphConfigId'];
  const all = doc['graphConfigurations'];
  if (!id || !all || typeof id !== 'string' || !isObject(all)) return null;
  const c = all[id];
  if (!isObject(c) || !isObject(c['nodes'])) return null;
  const model = c['modelData'];
  const name = isObject(model) && typeof model['name'] === 'string' ? model['name'] : null;
  const values: { nodeId: string; fieldId: string; value: unknown }[] = [];
  for (const [nodeId, node] of Object.entries(c['nodes'])) {
    if (!isObject(node) || !isObject(node['fields']))
      return `the graph's active configuration ${JSON.stringify(name ?? id)} has no fields for node ${nodeId}`;
    for (const [fieldId, f] of Object.entries(node['fields'])) {
      if (!isObject(f) || !('value' in f))
        return `the graph's active configuration ${JSON.stringify(name ?? id)} has no value for field ${fieldId} of node ${nodeId}`;
      values.push({ nodeId, fieldId, value: f['value'] });
    }
  }
  return { id, name, values };
};

const describe = (n: NodeKeys): string =>
  `${String(n.name ?? '(unnamed)')} (${String(n.category ?? 'no category')}, id ${String(n.id ?? n.key ?? '?')})`;

const selects = (p: GraphPatch, n: NodeKeys): boolean => {
  switch (p.match.kind) {
    case 'node_name':
      return n.name === p.match.equals;
    case 'node_category':
      return n.category === p.match.equals;
    case 'node_id':
      return (
        (n.id !== undefined && String(n.id) === p.match.equals) ||
        (n.key !== undefined && String(n.key) === p.match.equals)
      );
  }
};

/** Why a patch matches nothing (the caller names the patch). */
const noNode = (p: GraphPatch): string => `no node with ${p.match.kind} ${p.match.equals}`;

/** Why a patch cannot set `field` on the nodes it matched, naming the nodes that lack it. */
const missingField = (p: GraphPatch, field: string, nodes: readonly NodeKeys[]): string => {
  const lacking = nodes.filter((n) => !n.fieldNames.has(field));
  if (nodes.length === 1) {
    const names = [...lacking[0]!.fieldNames];
    const shown =
      names.slice(0, 20).join(', ') + (names.length > 20 ? `, and ${names.length - 20} more` : '');
    return `node ${describe(lacking[0]!)} has no field ${field} (its fields: ${shown || 'none'})`;
  }
  return (
    `${p.match.kind} ${p.match.equals} matches ${nodes.length} nodes (${nodes.map(describe).join('; ')}), ` +
    `and ${lacking.map(describe).join('; ')} ${lacking.length === 1 ? 'has' : 'have'} no field ${field}: ` +
    'select the node you mean with {kind: node_id, equals: <its id>}'
  );
};

/**
 * Why the graph's active configuration cannot be applied: it is not in the shape DALiuGE reads,
 * or it sets a field a node of the graph does not have (DALiuGE would fail on it; a node the graph
 * does not have is skipped, as DALiuGE skips it).
 */
const configurationProblems = (
  nodes: readonly NodeKeys[],
  config: ActiveConfiguration | null | string,
): string[] => {
  if (config === null) return [];
  if (typeof config === 'string') return [config];
  return config.values.flatMap(({ nodeId, fieldId }) => {
    const n = nodes.find((x) => x.id === nodeId);
    return n !== undefined && !n.fieldIds.has(fieldId)
      ? [
          `the graph's active configuration ${JSON.stringify(config.name ?? config.id)} sets field ${fieldId} of node ${describe(n)}, which the node does not have`,
        ]
      : [];
  });
};

/**
 * The patches over nodes known by their keys: `writable(i)` gives node i to set a field on. When
 * there are patches and the graph has an active EAGLE graph configuration, the configuration's
 * values are written into the node fields first (as DALiuGE's translator would) and the patches
 * after them, so a patch is what the translator sees; the caller then removes
 * `activeGraphConfigId` so the translator applies nothing over them. Each patch sets fields on
 * every node it matches, with `$count(...)`-style values evaluated over the manifest's source
 * entries. A patch that matches nothing, or names a field a matched node does not have, is an
 * error: a silently unpatched graph would run with the wrong parallelism.
 */
const patchNodes = (
  nodes: readonly NodeKeys[],
  config: ActiveConfiguration | null | string,
  patches: readonly GraphPatch[],
  manifestSources: readonly unknown[],
  writable: (i: number) => LogicalGraphNode,
): PatchResult | string => {
  if (patches.length === 0) return { applied: [], configuration: null };
  const refused = configurationProblems(nodes, config)[0];
  if (refused !== undefined) return refused;
  let configuration: AppliedConfiguration | null = null;
  if (config !== null && typeof config !== 'string') {
    // DALiuGE applies a value to the first node with the id.
    const at = new Map<unknown, number>();
    for (const [i, n] of nodes.entries()) if (!at.has(n.id)) at.set(n.id, i);
    let set = 0;
    for (const { nodeId, fieldId, value } of config.values) {
      const i = at.get(nodeId);
      if (i === undefined) continue;
      writable(i).fields!.find((x) => typeof x === 'object' && x !== null && x.id === fieldId)!.value = value;
      set++;
    }
    configuration = { id: config.id, name: config.name, fields: set };
  }
  const applied: AppliedPatch[] = [];
  for (const [i, p] of patches.entries()) {
    const matched: number[] = [];
    for (const [at, n] of nodes.entries()) if (selects(p, n)) matched.push(at);
    if (matched.length === 0) return `graph_patches.${i}: ${noNode(p)}`;
    for (const [field, raw] of Object.entries(p.set)) {
      let value: string | number | boolean = raw;
      if (isExpression(raw)) {
        const e = parseExpression(raw);
        if (typeof e === 'string') return `graph_patches.${i}.set.${field}: ${e}`;
        const v = evaluateOver(e, manifestSources);
        if (v === null) return `graph_patches.${i}.set.${field}: ${raw} has no value for this manifest`;
        value = v;
      }
      if (matched.some((at) => !nodes[at]!.fieldNames.has(field)))
        return `graph_patches.${i}: ${missingField(
          p,
          field,
          matched.map((at) => nodes[at]!),
        )}`;
      for (const at of matched) {
        const n = nodes[at]!;
        const f = writable(at).fields!.find((x) => typeof x === 'object' && x !== null && x.name === field)!;
        f.value = value;
        applied.push({ node_id: String(n.id ?? n.key ?? ''), node_name: String(n.name ?? ''), field, value });
      }
    }
  }
  return { applied, configuration };
};

/**
 * What keeps the patches from applying to a graph, each at its path in the configuration (null:
 * the graph's own configuration), checked without a manifest: every selector matches a node, every
 * field it sets is on every node it matches, every expression parses, and the active graph
 * configuration is one the patching can apply. Empty: the patches apply.
 */
export const patchProblems = (
  t: GraphTemplate,
  patches: readonly GraphPatch[],
): { readonly path: string | null; readonly message: string }[] => {
  if (patches.length === 0) return [];
  const out: { path: string | null; message: string }[] = configurationProblems(t.nodes, t.config).map(
    (message) => ({ path: null, message }),
  );
  for (const [i, p] of patches.entries()) {
    const matched = t.nodes.filter((n) => selects(p, n));
    if (matched.length === 0) {
      out.push({ path: `graph_patches.${i}`, message: noNode(p) });
      continue;
    }
    for (const [field, raw] of Object.entries(p.set)) {
      const e = isExpression(raw) ? parseExpression(raw) : null;
      if (typeof e === 'string') out.push({ path: `graph_patches.${i}.set.${field}`, message: e });
      if (matched.some((n) => !n.fieldNames.has(field)))
        out.push({ path: `graph_patches.${i}`, message: missingField(p, field, matched) });
    }
  }
  return out;
};

/**
 * Applies the configuration's graph patches to a parsed logical graph, in place (see patchNodes):
 * with patches, an active graph configuration is applied first and `activeGraphConfigId` removed.
 */
export const applyGraphPatches = (
  graph: { nodeDataArray: LogicalGraphNode[] },
  patches: readonly GraphPatch[],
  manifestSources: readonly unknown[],
): PatchResult | string => {
  const doc = graph as unknown as Record<string, unknown>;
  const result = patchNodes(
    graph.nodeDataArray.map(keysOf),
    patches.length === 0 ? null : activeConfiguration(doc),
    patches,
    manifestSources,
    (i) => graph.nodeDataArray[i]!,
  );
  if (typeof result !== 'string' && result.configuration !== null) delete doc['activeGraphConfigId'];
  return result;
};

/**
 * A logical graph parsed once and kept as the JSON text of each node and of what surrounds the
 * nodes: every run of a project patches a few nodes of the same graph, and writes it back without
 * parsing the whole graph again or serialising the nodes no patch touched (the WALLABY graph: 0.6
 * ms to parse and 0.8 ms to serialise, in every run).
 */
export interface GraphTemplate {
  readonly nodes: readonly NodeKeys[];
  readonly nodeTexts: readonly string[];
  /** The members before and after `nodeDataArray`, each as `"key":value`. */
  readonly before: readonly { readonly key: string; readonly text: string }[];
  readonly after: readonly { readonly key: string; readonly text: string }[];
  readonly config: ActiveConfiguration | null | string;
}

/** A graph's template, or why the text is not a logical graph. */
export const graphTemplate = (text: string): GraphTemplate | string => {
  const parsed = parseLogicalGraph(text);
  if (typeof parsed === 'string') return parsed;
  const doc = parsed as Record<string, unknown> & { nodeDataArray: LogicalGraphNode[] };
  // JSON.stringify writes an object's members in Object.keys order, each as that member's value
  // alone would be written: the members before the nodes, each node, then the members after them
  // give the same text as the whole object.
  const keys = Object.keys(doc);
  const at = keys.indexOf('nodeDataArray');
  const member = (key: string) => ({ key, text: `${JSON.stringify(key)}:${JSON.stringify(doc[key])}` });
  return {
    nodes: doc.nodeDataArray.map(keysOf),
    nodeTexts: doc.nodeDataArray.map((n) => JSON.stringify(n)),
    before: keys.slice(0, at).map(member),
    after: keys.slice(at + 1).map(member),
    config: activeConfiguration(doc),
  };
};

/**
 * The graph with the patches applied, as the text `JSON.stringify` writes for it (what
 * `applyGraphPatches` then `JSON.stringify` give), and what was applied. The template is not
 * changed: a node a patch or the configuration sets is parsed from its own text and written
 * again; the others are their kept text.
 */
export const patchedGraphText = (
  t: GraphTemplate,
  patches: readonly GraphPatch[],
  manifestSources: readonly unknown[],
): (PatchResult & { readonly text: string }) | string => {
  const copies = new Map<number, LogicalGraphNode>();
  const result = patchNodes(t.nodes, t.config, patches, manifestSources, (i) => {
    let n = copies.get(i);
    if (n === undefined) {
      n = JSON.parse(t.nodeTexts[i]!) as LogicalGraphNode;
      copies.set(i, n);
    }
    return n;
  });
  if (typeof result === 'string') return result;
  const nodes = t.nodeTexts.map((text, i) => {
    const n = copies.get(i);
    return n === undefined ? text : JSON.stringify(n);
  });
  const kept = (members: GraphTemplate['before']) =>
    result.configuration === null ? members : members.filter((m) => m.key !== 'activeGraphConfigId');
  const head = kept(t.before).map((m) => `${m.text},`);
  const tail = kept(t.after).map((m) => `,${m.text}`);
  return { ...result, text: `{${head.join('')}"nodeDataArray":[${nodes.join(',')}]${tail.join('')}}` };
};

/** The templates of the last graphs asked for, by their sha256 (a run's graph is verified). */
const templates = new Map<string, { template: GraphTemplate; chars: number }>();
// At most this many characters of graph text kept in all (as the graph store keeps its graphs):
// a template holds about its graph's text again, and its parsed node names.
const templatesChars = 32 * 1024 * 1024;
let keptChars = 0;

/**
 * `graphTemplate` of a graph whose text has this sha256, made once for the last graphs used (the
 * runs of a project all use the same one), up to `templatesChars` in all, oldest out first. The
 * caller has checked the digest against the text.
 */
export const graphTemplateFor = (sha256: string, text: string): GraphTemplate | string => {
  const kept = templates.get(sha256);
  if (kept !== undefined) return kept.template;
  const t = graphTemplate(text);
  if (typeof t === 'string' || text.length > templatesChars) return t;
  templates.set(sha256, { template: t, chars: text.length });
  keptChars += text.length;
  for (const [k, v] of templates) {
    if (keptChars <= templatesChars) break;
    templates.delete(k);
    keptChars -= v.chars;
  }
  return t;
};
