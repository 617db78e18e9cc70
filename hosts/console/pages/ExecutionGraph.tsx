// A run's translated graph, drawn: its drops gathered by the logical node they came from (a scatter's
// thousand copies are one box, "×1000"), laid out in layers by dagre, each box coloured by its drops'
// states: live from the island manager while the run is there (read every two seconds), otherwise
// by what the run record says (failed, running, done). Clicking a box, or its row in the table
// under the drawing, shows its drops.
import { Graph, layout } from '@dagrejs/dagre';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { get } from '../api.js';
import { Scroll } from '../ui.js';
import { GraphPatches, patchesOf, patchWords } from './GraphPatches.js';

/** A drop as the translator writes it (only the fields drawn here). */
interface Drop {
  readonly oid: string;
  readonly name?: string;
  readonly categoryType?: string;
  readonly category?: string;
  readonly type?: string;
  readonly node?: string;
  readonly outputs?: readonly unknown[];
  readonly consumers?: readonly unknown[];
}

type GroupState = 'failed' | 'running' | 'partial' | 'done' | 'waiting' | 'unknown';
type DropState = 'waiting' | 'running' | 'done' | 'error' | 'cancelled' | 'skipped';

/** GET /executions/{id}/drop-states (only what is drawn). */
interface DropStates {
  readonly source: 'island_manager' | 'none';
  readonly read_at: string;
  readonly states: Readonly<Record<string, DropState>>;
}

/** Drops of one logical node. */
interface DropGroup {
  readonly key: string;
  readonly name: string;
  readonly category: string;
  readonly oids: readonly string[];
  readonly nodes: readonly string[];
  readonly state: GroupState;
  /** Its drops by state, when they were read live. */
  readonly live: Readonly<Partial<Record<DropState, number>>> | null;
}

/** A list of oids in a drop's links: plain oids, or objects keyed by oid (DALiuGE writes both). */
const oidsOf = (links: readonly unknown[] | undefined): string[] =>
  (links ?? []).flatMap((l) =>
    typeof l === 'string' ? [l] : l && typeof l === 'object' ? Object.keys(l as object) : [],
  );

/**
 * A group's state from its drops' live states: one in error fails it, one running runs it; all done
 * (or skipped by design) is done, some done is partly done, none started is waiting.
 */
const liveState = (n: Readonly<Partial<Record<DropState, number>>>, total: number): GroupState =>
  (n.error ?? 0) > 0
    ? 'failed'
    : (n.running ?? 0) > 0
      ? 'running'
      : (n.done ?? 0) + (n.skipped ?? 0) + (n.cancelled ?? 0) >= total
        ? 'done'
        : (n.done ?? 0) > 0
          ? 'partial'
          : 'waiting';

/**
 * The drops gathered by logical node (their name), and the links between those groups. Each state
 * is the drops' live states when they were read; otherwise taken from the run record: a failed drop
 * fails its group, a completed run has every other group done, and while it runs, a drop the last
 * poll saw running runs its group.
 */
const groupDrops = (
  drops: readonly Drop[],
  run: { readonly state: string; readonly failed: readonly string[]; readonly running: readonly string[] },
  live: Readonly<Record<string, DropState>> | null,
) => {
  const byOid = new Map<string, string>();
  const groups = new Map<string, { name: string; category: string; oids: string[]; nodes: Set<string> }>();
  for (const d of drops) {
    const key = d.name || d.oid;
    const g = groups.get(key) ?? {
      name: d.name || d.oid,
      category: d.categoryType ?? d.category ?? d.type ?? '',
      oids: [],
      nodes: new Set<string>(),
    };
    g.oids.push(d.oid);
    if (d.node) g.nodes.add(d.node);
    groups.set(key, g);
    byOid.set(d.oid, key);
  }
  const edges = new Set<string>();
  for (const d of drops)
    for (const to of [...oidsOf(d.outputs), ...oidsOf(d.consumers)]) {
      const a = byOid.get(d.oid);
      const b = byOid.get(to);
      if (a && b && a !== b) edges.add(`${a}\u0000${b}`);
    }
  const failed = new Set(run.failed);
  const running = new Set(run.running);
  const list: DropGroup[] = [...groups.entries()].map(([key, g]) => {
    const counts: Partial<Record<DropState, number>> = {};
    if (live) for (const o of g.oids) if (live[o]) counts[live[o]] = (counts[live[o]] ?? 0) + 1;
    return {
      key,
      name: g.name,
      category: g.category,
      oids: g.oids,
      nodes: [...g.nodes].sort(),
      live: live ? counts : null,
      state: live
        ? liveState(counts, g.oids.length)
        : g.oids.some((o) => failed.has(o))
          ? 'failed'
          : run.state === 'completed'
            ? 'done'
            : run.state === 'running' && g.oids.some((o) => running.has(o))
              ? 'running'
              : 'unknown',
    };
  });
  return { groups: list, edges: [...edges].map((e) => e.split('\u0000') as [string, string]) };
};

/** More logical nodes than this are listed, not drawn: a layout of thousands of boxes reads as nothing. */
const mostDrawn = 300;

interface Placed {
  readonly boxes: readonly { key: string; x: number; y: number; w: number; h: number }[];
  readonly lines: readonly { key: string; points: string }[];
  readonly width: number;
  readonly height: number;
}

/** Boxes and links placed left to right in layers (dagre), a box per logical node. */
const place = (groups: readonly DropGroup[], edges: readonly [string, string][]): Placed => {
  const g = new Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 48, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const x of groups)
    g.setNode(x.key, { width: Math.max(90, Math.min(260, x.name.length * 7 + 40)), height: 38 });
  for (const [a, b] of edges) g.setEdge(a, b);
  layout(g);
  const size = g.graph();
  return {
    // dagre places a box by its centre.
    boxes: g.nodes().map((k) => {
      const n = g.node(k);
      return { key: k, x: n.x - n.width / 2, y: n.y - n.height / 2, w: n.width, h: n.height };
    }),
    lines: g.edges().map((e, i) => ({
      key: `${e.v}:${e.w}:${i}`,
      points: ((g.edge(e) as { points?: { x: number; y: number }[] }).points ?? [])
        .map((p) => `${p.x},${p.y}`)
        .join(' '),
    })),
    width: size.width ?? 0,
    height: size.height ?? 0,
  };
};

const stateWords: Record<GroupState, string> = {
  failed: 'failed',
  running: 'running',
  partial: 'partly done',
  done: 'done',
  waiting: 'waiting',
  unknown: 'not reported',
};

/** A group's drops by live state, in words ("3 done, 1 running"). */
const liveWords = (g: DropGroup): string =>
  g.live
    ? (['error', 'running', 'done', 'waiting', 'cancelled', 'skipped'] as const)
        .filter((s) => (g.live?.[s] ?? 0) > 0)
        .map((s) => `${g.live?.[s]} ${s}`)
        .join(', ')
    : '';

/** The states of a run's drops, read every two seconds while it runs on its backend. */
const useLiveStates = (id: string, state: string): DropStates | null => {
  const [live, setLive] = useState<DropStates | null>(null);
  const watching = state === 'running' || state === 'cancelling';
  useEffect(() => {
    if (!watching) {
      setLive(null);
      return;
    }
    let on = true;
    // A running run with nothing to read (a Slurm job, a session its island manager forgot) stays
    // so: asked once, not every two seconds.
    const read = () =>
      get<DropStates>(`/executions/${id}/drop-states`)
        .then((d) => {
          if (!on) return;
          setLive(d.source === 'island_manager' ? d : null);
          if (d.source === 'none') clearInterval(every);
        })
        .catch(() => undefined);
    const every = setInterval(read, 2000);
    void read();
    return () => {
      on = false;
      clearInterval(every);
    };
  }, [id, watching]);
  return live;
};

/** The run's translated graph, or why there is none yet. */
export const DropGraph = ({
  id,
  attempt,
  state,
  runRecord,
}: {
  id: string;
  attempt: number;
  state: string;
  runRecord: Readonly<Record<string, unknown>>;
}) => {
  const [drops, setDrops] = useState<readonly Drop[] | null | 'none'>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const live = useLiveStates(id, state);
  useEffect(() => {
    let on = true;
    get<Drop[]>(`/executions/${id}/artifact?attempt=${attempt}&name=translated.json`)
      // A translated graph ends with records that are not drops (its reproducibility data): drops have an oid.
      .then(
        (d) =>
          on &&
          setDrops(
            Array.isArray(d) ? d.filter((x) => typeof (x as { oid?: unknown })?.oid === 'string') : 'none',
          ),
      )
      .catch(() => on && setDrops('none'));
    return () => {
      on = false;
    };
    // Not translated yet when the page opened: read again as the run moves on.
  }, [id, attempt, drops === 'none' ? state : '']);
  const progress = (runRecord['progress'] ?? {}) as { running?: string[] };
  const patches = patchesOf(runRecord);
  const failed = (runRecord['failed_drops'] ?? []) as string[];
  const graph =
    drops && drops !== 'none'
      ? groupDrops(drops, { state, failed, running: progress.running ?? [] }, live?.states ?? null)
      : null;
  // Laid out again only when the graph's shape changes, not at each refresh of its states.
  const shape = graph ? `${graph.groups.map((g) => g.key).join('\u0000')}|${graph.edges.length}` : '';
  const placed = useMemo(
    () => (graph && graph.groups.length <= mostDrawn ? place(graph.groups, graph.edges) : null),
    [shape],
  );
  if (drops === null) return <p class="muted">Reading the translated graph…</p>;
  if (drops === 'none' || !graph) return <p class="muted">No translated graph for this attempt yet.</p>;
  const byKey = new Map(graph.groups.map((g) => [g.key, g]));
  const count = (s: GroupState) => graph.groups.filter((g) => g.state === s).length;
  const open = chosen ? byKey.get(chosen) : undefined;
  return (
    <figure class="chart graph">
      {graph.groups.length > mostDrawn ? (
        <p class="muted">{graph.groups.length} logical nodes: too many to draw; they are listed below.</p>
      ) : (
        placed && (
          <Scroll label="The run's graph, drawn">
            <svg
              viewBox={`0 0 ${Math.max(1, placed.width)} ${Math.max(1, placed.height)}`}
              width={placed.width}
              height={placed.height}
              role="img"
              aria-label={`The run's graph: ${graph.groups.length} logical nodes, ${drops.length} drops; ${count('failed')} failed, ${count('running')} running, ${count('done')} done${live ? ` (live, read at ${live.read_at})` : ''}; each in the table below`}
            >
              {placed.lines.map((l) => (
                <polyline key={l.key} class="glink" points={l.points} />
              ))}
              {placed.boxes.map((b) => {
                const g = byKey.get(b.key)!;
                const set = patches.get(g.name);
                return (
                  // biome-ignore lint/a11y/noStaticElementInteractions: the table's buttons do the same for keyboards
                  <g
                    key={b.key}
                    class={`gnode g-${g.state}${set ? ' g-patched' : ''}`}
                    onClick={() => setChosen(b.key)}
                  >
                    <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={4} />
                    <text x={b.x + 8} y={b.y + 16}>
                      {set ? '✎ ' : ''}
                      {g.name.length > 32 ? `${g.name.slice(0, 31)}…` : g.name}
                    </text>
                    <text class="gmeta" x={b.x + 8} y={b.y + 31}>
                      {g.category}
                      {g.oids.length > 1 ? ` ×${g.oids.length}` : ''}
                      {g.live && g.oids.length > 1 && g.state !== 'done' ? ` · ${g.live.done ?? 0} done` : ''}
                    </text>
                    <title>{`${g.name}: ${g.oids.length} drop(s), ${stateWords[g.state]}${g.live ? ` (${liveWords(g)})` : ''}${set ? `; patched: ${patchWords(set)}` : ''}`}</title>
                  </g>
                );
              })}
            </svg>
          </Scroll>
        )
      )}
      <figcaption>
        <details>
          <summary>The graph's logical nodes</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Logical node</th>
                <th scope="col">Category</th>
                <th scope="col">Drops</th>
                <th scope="col">State</th>
                <th scope="col">Patched</th>
              </tr>
            </thead>
            <tbody>
              {graph.groups.map((g) => (
                <tr key={g.key}>
                  <td>
                    <button type="button" class="link" onClick={() => setChosen(g.key)}>
                      {g.name}
                    </button>
                  </td>
                  <td>{g.category}</td>
                  <td>{g.oids.length}</td>
                  <td>
                    {stateWords[g.state]}
                    {g.live && g.oids.length > 1 ? ` (${liveWords(g)})` : ''}
                  </td>
                  <td>{patchWords(patches.get(g.name)) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
        {open && (
          <dl class="facts" aria-label="The chosen logical node">
            <dt>Logical node</dt>
            <dd>{open.name}</dd>
            <dt>Category</dt>
            <dd>{open.category || '—'}</dd>
            <dt>Drops</dt>
            <dd>
              {open.oids.length}: {open.oids.slice(0, 5).join(', ')}
              {open.oids.length > 5 ? ', …' : ''}
            </dd>
            <dt>On nodes</dt>
            <dd>{open.nodes.length > 0 ? open.nodes.join(', ') : '—'}</dd>
            <dt>State</dt>
            <dd>
              {stateWords[open.state]}
              {open.live ? ` (${liveWords(open)}; live)` : ''}
            </dd>
            <dt>Patched</dt>
            <dd>{patchWords(patches.get(open.name)) || '—'}</dd>
          </dl>
        )}
        <GraphPatches patches={patches} drawn={new Set(graph.groups.map((g) => g.name))} />
      </figcaption>
    </figure>
  );
};
