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

/**
 * Applies the configuration's graph patches to a parsed logical graph, in place: each patch sets
 * fields on every node it matches, with `$count(...)`-style values evaluated over the manifest's
 * source entries. A patch that matches nothing, or names a field the node does not have, is an
 * error: a silently unpatched graph would run with the wrong parallelism.
 */
export const applyGraphPatches = (
  graph: { nodeDataArray: LogicalGraphNode[] },
  patches: readonly GraphPatch[],
  manifestSources: readonly unknown[],
): AppliedPatch[] | string => {
  const applied: AppliedPatch[] = [];
  for (const [i, p] of patches.entries()) {
    const nodes = graph.nodeDataArray.filter((n) =>
      p.match.kind === 'node_name' ? n.name === p.match.equals : n.category === p.match.equals,
    );
    if (nodes.length === 0) return `graph_patches.${i}: no node with ${p.match.kind} ${p.match.equals}`;
    for (const [field, raw] of Object.entries(p.set)) {
      let value: string | number | boolean = raw;
      if (isExpression(raw)) {
        const e = parseExpression(raw);
        if (typeof e === 'string') return `graph_patches.${i}.set.${field}: ${e}`;
        const v = evaluateOver(e, manifestSources);
        if (v === null) return `graph_patches.${i}.set.${field}: ${raw} has no value for this manifest`;
        value = v;
      }
      for (const n of nodes) {
        const f = n.fields?.find((x) => x.name === field);
        if (!f) return `graph_patches.${i}: node ${n.name ?? n.id} has no field ${field}`;
        f.value = value;
        applied.push({ node_id: String(n.id ?? n.key ?? ''), node_name: String(n.name ?? ''), field, value });
      }
    }
  }
  return applied;
};
