import { evaluateOver, isExpression, parseExpression } from './expressions.js';
import type { GraphPatch } from './projectConfig.js';

/** A DALiuGE logical graph as EAGLE saves it: nodes in `nodeDataArray`, each with `fields[]`. */
export interface LogicalGraphNode {
  readonly id?: string;
  readonly key?: number | string;
  readonly name?: string;
  readonly category?: string;
  readonly fields?: { name: string; value?: unknown }[];
  readonly [k: string]: unknown;
}

export interface AppliedPatch {
  readonly node_id: string;
  readonly node_name: string;
  readonly field: string;
  readonly value: string | number | boolean;
}

/** Parses a logical graph's text, or says why it is not one. */
export const parseLogicalGraph = (text: string): { nodeDataArray: LogicalGraphNode[] } | string => {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return `the graph is not JSON: ${(e as Error).message}`;
  }
  if (
    doc === null ||
    typeof doc !== 'object' ||
    !Array.isArray((doc as { nodeDataArray?: unknown }).nodeDataArray)
  )
    return 'the graph has no nodeDataArray: not a DALiuGE logical graph';
  return doc as { nodeDataArray: LogicalGraphNode[] };
};

/** What matching a patch reads of a node: its names, and the names of its fields. */
interface NodeKeys {
  readonly id?: unknown;
  readonly key?: unknown;
  readonly name?: unknown;
  readonly category?: unknown;
  readonly fieldNames: ReadonlySet<string>;
}

const keysOf = (n: LogicalGraphNode): NodeKeys => ({
  id: n.id,
  key: n.key,
  name: n.name,
  category: n.category,
  fieldNames: new Set(
    (Array.isArray(n.fields) ? n.fields : []).flatMap((f: unknown) =>
      typeof f === 'object' && f !== null && typeof (f as { name?: unknown }).name === 'string'
        ? [(f as { name: string }).name]
        : [],
    ),
  ),
});

/**
 * The patches over nodes known by their keys: `writable(i)` gives node i to set a field on. Each
 * patch sets fields on every node it matches, with `$count(...)`-style values evaluated over the
 * manifest's source entries. A patch that matches nothing, or names a field the node does not
 * have, is an error: a silently unpatched graph would run with the wrong parallelism.
 */
const patchNodes = (
  nodes: readonly NodeKeys[],
  patches: readonly GraphPatch[],
  manifestSources: readonly unknown[],
  writable: (i: number) => LogicalGraphNode,
): AppliedPatch[] | string => {
  const applied: AppliedPatch[] = [];
  for (const [i, p] of patches.entries()) {
    const matched: number[] = [];
    for (const [at, n] of nodes.entries())
      if ((p.match.kind === 'node_name' ? n.name : n.category) === p.match.equals) matched.push(at);
    if (matched.length === 0) return `graph_patches.${i}: no node with ${p.match.kind} ${p.match.equals}`;
    for (const [field, raw] of Object.entries(p.set)) {
      let value: string | number | boolean = raw;
      if (isExpression(raw)) {
        const e = parseExpression(raw);
        if (typeof e === 'string') return `graph_patches.${i}.set.${field}: ${e}`;
        const v = evaluateOver(e, manifestSources);
        if (v === null) return `graph_patches.${i}.set.${field}: ${raw} has no value for this manifest`;
        value = v;
      }
      for (const at of matched) {
        const n = nodes[at]!;
        if (!n.fieldNames.has(field))
          return `graph_patches.${i}: node ${n.name ?? n.id} has no field ${field}`;
        const f = writable(at).fields!.find((x) => typeof x === 'object' && x !== null && x.name === field)!;
        f.value = value;
        applied.push({ node_id: String(n.id ?? n.key ?? ''), node_name: String(n.name ?? ''), field, value });
      }
    }
  }
  return applied;
};

/** Applies the configuration's graph patches to a parsed logical graph, in place (see patchNodes). */
export const applyGraphPatches = (
  graph: { nodeDataArray: LogicalGraphNode[] },
  patches: readonly GraphPatch[],
  manifestSources: readonly unknown[],
): AppliedPatch[] | string =>
  patchNodes(graph.nodeDataArray.map(keysOf), patches, manifestSources, (i) => graph.nodeDataArray[i]!);

/**
 * A logical graph parsed once and kept as the JSON text of each node and of what surrounds the
 * nodes: every run of a project patches a few nodes of the same graph, and writes it back without
 * parsing the whole graph again or serialising the nodes no patch touched (the WALLABY graph: 0.6
 * ms to parse and 0.8 ms to serialise, in every run).
 */
export interface GraphTemplate {
  readonly nodes: readonly NodeKeys[];
  readonly nodeTexts: readonly string[];
  readonly head: string;
  readonly tail: string;
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
  const member = (k: string) => `${JSON.stringify(k)}:${JSON.stringify(doc[k])}`;
  return {
    nodes: doc.nodeDataArray.map(keysOf),
    nodeTexts: doc.nodeDataArray.map((n) => JSON.stringify(n)),
    head: `{${keys
      .slice(0, at)
      .map((k) => `${member(k)},`)
      .join('')}"nodeDataArray":[`,
    tail: `]${keys
      .slice(at + 1)
      .map((k) => `,${member(k)}`)
      .join('')}}`,
  };
};

/**
 * The graph with the patches applied, as the text `JSON.stringify` writes for it (what
 * `applyGraphPatches` then `JSON.stringify` give), and the patches applied. The template is not
 * changed: a node a patch sets is parsed from its own text and written again; the others are
 * their kept text.
 */
export const patchedGraphText = (
  t: GraphTemplate,
  patches: readonly GraphPatch[],
  manifestSources: readonly unknown[],
): { readonly applied: AppliedPatch[]; readonly text: string } | string => {
  const copies = new Map<number, LogicalGraphNode>();
  const applied = patchNodes(t.nodes, patches, manifestSources, (i) => {
    let n = copies.get(i);
    if (n === undefined) {
      n = JSON.parse(t.nodeTexts[i]!) as LogicalGraphNode;
      copies.set(i, n);
    }
    return n;
  });
  if (typeof applied === 'string') return applied;
  const nodes = t.nodeTexts.map((text, i) => {
    const n = copies.get(i);
    return n === undefined ? text : JSON.stringify(n);
  });
  return { applied, text: `${t.head}${nodes.join(',')}${t.tail}` };
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
