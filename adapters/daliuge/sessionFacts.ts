import { createHash } from 'node:crypto';
import {
  type DropState,
  dropStateNames,
  freedDropStates,
  type OutputReport,
  type SessionProgress,
  skippedDropState,
  writtenDropStates,
} from '../../core/domain/backendStates.js';
import type { DropSpec } from '../../core/ports/Translator.js';

/** Drop states (`status`) and application states (`execStatus`) that mean "in error". */
const dropError = 3;
const appError = 3;

/** Link lists hold oids, or `{oid: port}` objects, or nested lists of either. */
const linkedOids = (links: unknown): string[] => {
  if (!Array.isArray(links)) return [];
  return links.flatMap((l): string[] =>
    typeof l === 'string'
      ? [l]
      : Array.isArray(l)
        ? linkedOids(l)
        : l && typeof l === 'object'
          ? Object.keys(l as object)
          : [],
  );
};

const nonEmpty = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

/**
 * The drops a deploy must name as completed, as upstream computes them (`dlg.common.get_roots`):
 * every drop that nothing feeds. An application with inputs is fed, and so is whatever an
 * application writes; a data drop with producers is fed, and so is whatever consumes it. The
 * trailing element without an `oid` (reproducibility data) is not a drop.
 */
export const rootDropOids = (graph: readonly DropSpec[]): string[] => {
  const all: string[] = [];
  const fed = new Set<string>();
  for (const d of graph) {
    if (typeof d['oid'] !== 'string') continue;
    all.push(d['oid']);
    const kind = d['categoryType'] ?? d['type'];
    if (kind === 'Application' || kind === 'Socket' || kind === 'app') {
      if (nonEmpty(d['inputs']) || nonEmpty(d['streamingInputs'])) fed.add(d['oid']);
      for (const o of linkedOids(d['outputs'])) fed.add(o);
    } else if (kind === 'Data') {
      if (nonEmpty(d['producers'])) fed.add(d['oid']);
      for (const o of linkedOids(d['consumers'])) fed.add(o);
      for (const o of linkedOids(d['streamingConsumers'])) fed.add(o);
    }
  }
  return all.filter((oid) => !fed.has(oid));
};

/** The drops of a graph (without the trailing reproducibility element). */
export const dropsOf = (graph: readonly DropSpec[]): DropSpec[] =>
  graph.filter((d) => typeof d['oid'] === 'string');

/**
 * A DIM's session status: one integer per node manager. Anything else (an unknown session makes a
 * DIM answer `{"<node>": {"Status": "Success"}}` with HTTP 200) means it has no such session.
 */
export const nodeStatesOf = (doc: unknown): Map<string, number> | null => {
  if (typeof doc === 'number' && Number.isInteger(doc)) return new Map([['(node manager)', doc]]);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const entries = Object.entries(doc as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([, v]) => typeof v === 'number' && Number.isInteger(v)))
    return null;
  return new Map(entries as [string, number][]);
};

/** How far a (possibly half-made) session got: what a resumed submission must still do. */
export const sessionProgress = (states: ReadonlyMap<string, number>): 'empty' | 'appended' | 'deployed' => {
  const codes = [...states.values()];
  if (codes.some((c) => c >= 2)) return 'deployed';
  // A DIM appends to the nodes that hold drops only: the others stay pristine (0).
  return codes.some((c) => c === 1) ? 'appended' : 'empty';
};

/** The oids in error in a `graph/status` answer (drop or application state 3), sorted. */
export const erroredDrops = (doc: unknown): string[] => {
  if (doc === null || typeof doc !== 'object') return [];
  return Object.entries(doc as Record<string, { status?: unknown; execStatus?: unknown }>)
    .filter(([, v]) => v && (v.status === dropError || v.execStatus === appError))
    .map(([oid]) => oid)
    .sort();
};

/** Application states (`execStatus`: NOT_RUN, RUNNING, FINISHED, ERROR, CANCELLED, SKIPPED), as the console draws them. */
const appDrawn: readonly DropState[] = ['waiting', 'running', 'done', 'error', 'cancelled', 'skipped'];
/** Data drop states (`status`: INITIALIZED, WRITING, COMPLETED, ERROR, EXPIRED, DELETED, CANCELLED, SKIPPED). */
const dataDrawn: readonly DropState[] = [
  'waiting',
  'running',
  'done',
  'error',
  'done',
  'done',
  'cancelled',
  'skipped',
];

/**
 * Each drop's state from a `graph/status` answer: an application's by its `execStatus`, a data
 * drop's by its `status`. A code DALiuGE may add later is left out rather than guessed. Null: not a
 * status map.
 */
export const dropStatesOf = (graphStatus: unknown): Map<string, DropState> | null => {
  if (graphStatus === null || typeof graphStatus !== 'object' || Array.isArray(graphStatus)) return null;
  const out = new Map<string, DropState>();
  for (const [oid, v] of Object.entries(
    graphStatus as Record<string, { status?: unknown; execStatus?: unknown }>,
  )) {
    if (v === null || typeof v !== 'object') continue;
    const app = typeof v.execStatus === 'number';
    const code = app ? v.execStatus : v.status;
    const state = typeof code === 'number' ? (app ? appDrawn : dataDrawn)[code] : undefined;
    if (state) out.set(oid, state);
  }
  return out;
};

/** Incomplete outputs named in a report; the count says how many there are in all. */
const maxListed = 50;

/**
 * A graph's outputs: its data drops that nothing consumes (the same rule as `outputs.py` in the
 * batch job's helper). A graph is a list of drop specs or a DIM's `{oid: spec}` map.
 */
export const outputDropOids = (graph: Iterable<DropSpec>): string[] => {
  const out: string[] = [];
  for (const d of graph) {
    if (typeof d['oid'] !== 'string') continue;
    const kind = d['categoryType'] ?? d['type'];
    if (kind !== 'Data' && kind !== 'data' && kind !== 'plain') continue;
    if (linkedOids(d['consumers']).length === 0 && linkedOids(d['streamingConsumers']).length === 0)
      out.push(d['oid']);
  }
  return out.sort();
};

/**
 * Which outputs did not end written, by a `graph/status` answer (an output it omits is
 * incomplete); skipped and freed outputs are counted, not missing (`OutputReport`).
 */
export const outputReport = (outputs: readonly string[], graphStatus: unknown): OutputReport => {
  const states = (graphStatus ?? {}) as Record<string, { status?: unknown } | undefined>;
  let skippedCount = 0;
  let freedCount = 0;
  const incomplete = outputs.flatMap((oid) => {
    const code = states[oid]?.status;
    if (typeof code === 'number') {
      if (code === skippedDropState) skippedCount++;
      if (freedDropStates.includes(code)) freedCount++;
      if (code === skippedDropState || writtenDropStates.includes(code)) return [];
    }
    return [
      { oid, state: typeof code === 'number' ? (dropStateNames[code] ?? `state ${code}`) : 'not reported' },
    ];
  });
  return {
    count: outputs.length,
    incomplete: incomplete.slice(0, maxListed),
    incompleteCount: incomplete.length,
    skippedCount,
    freedCount,
  };
};

/** Running oids named in a progress report; the count says how many there are in all. */
const maxRunning = 5;
const notRun = 0;
const appRunning = 1;
const dropWriting = 1;

/**
 * A running session's progress from its `graph/status` answer (the same rule as the batch job's
 * helper): a digest of every drop's state and application state, the applications running and
 * data drops being written, and those not started (`SessionProgress`). Null: not a status map.
 */
export const progressOf = (graphStatus: unknown): SessionProgress | null => {
  if (graphStatus === null || typeof graphStatus !== 'object' || Array.isArray(graphStatus)) return null;
  const entries = Object.entries(graphStatus as Record<string, { status?: unknown; execStatus?: unknown }>)
    .filter(([, v]) => v !== null && typeof v === 'object')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash('sha256');
  const running: string[] = [];
  let waitingCount = 0;
  for (const [oid, v] of entries) {
    // As the job helper writes it in Python (None for a state the drop lacks): one digest rule.
    hash.update(`${oid}\t${String(v.status ?? 'None')}\t${String(v.execStatus ?? 'None')}\n`);
    const app = v.execStatus !== undefined;
    const state = app ? v.execStatus : v.status;
    if (state === (app ? appRunning : dropWriting)) running.push(oid);
    else if (state === notRun) waitingCount++;
  }
  return {
    digest: hash.digest('hex').slice(0, 32),
    drops: entries.length,
    running: running.slice(0, maxRunning),
    runningCount: running.length,
    waitingCount,
  };
};
