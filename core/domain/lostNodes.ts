import type { DeploymentSettings } from './profile.js';
import type { UnreachableNodes } from './backendStates.js';

/**
 * A session whose island manager cannot reach one of its node managers (the node's host is down or
 * cut off) never ends on its own: the drops there are neither run nor reported. How long a run
 * waits for such a node to answer again before it is failed is the profile's `node_lost_minutes`
 * (rest_remote; 0 turns it off). A Slurm job needs no such rule: Slurm itself ends a job whose node
 * stops answering (NODE_FAIL), and the poll reports it.
 */
export const defaultNodeLostMinutes = 5;

export const nodeLostMinutesOf = (d: DeploymentSettings): number =>
  d.kind === 'rest_remote' ? (d.node_lost_minutes ?? defaultNodeLostMinutes) : 0;

/** What the run record keeps while nodes do not answer (`run_record.unreachable`). */
export interface RecordedUnreachable {
  readonly nodes: readonly string[];
  /** The first round, of the rounds in a row since, that found a node not answering. */
  readonly since: string;
  /** The island manager's words, from the latest such round. */
  readonly detail: string;
}

export const recordedUnreachable = (
  runRecord: Readonly<Record<string, unknown>>,
): RecordedUnreachable | null => {
  const u = runRecord['unreachable'] as Partial<RecordedUnreachable> | undefined;
  return u && Array.isArray(u.nodes) && typeof u.since === 'string' && typeof u.detail === 'string'
    ? (u as RecordedUnreachable)
    : null;
};

export type UnreachableVerdict =
  /** Nothing to write: every node answers, as before; or the same nodes still within the limit. */
  | { readonly kind: 'unchanged' }
  /** Nodes stopped answering this round (first sighting), or the set of them changed. */
  | { readonly kind: 'noticed'; readonly record: RecordedUnreachable; readonly first: boolean }
  /** Every node answers again. */
  | { readonly kind: 'recovered'; readonly minutes: number }
  | { readonly kind: 'fail'; readonly record: RecordedUnreachable; readonly minutes: number };

const sameNodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * Judges one round. The time is counted from the first of consecutive rounds that found nodes not
 * answering; a round that read every node's state ends it. A round that did not reach the island
 * manager at all says nothing about its nodes (the run deadline covers that) and never gets here.
 */
export const judgeUnreachable = (
  kept: RecordedUnreachable | null,
  seen: UnreachableNodes | undefined,
  limitMinutes: number,
  now: Date,
): UnreachableVerdict => {
  if (!seen)
    return kept
      ? { kind: 'recovered', minutes: Math.floor((now.getTime() - Date.parse(kept.since)) / 60_000) }
      : { kind: 'unchanged' };
  const nodes = [...seen.nodes].sort();
  if (!kept)
    return {
      kind: 'noticed',
      record: { nodes, since: now.toISOString(), detail: seen.detail },
      first: true,
    };
  const record = { nodes, since: kept.since, detail: seen.detail };
  const minutes = Math.floor((now.getTime() - Date.parse(kept.since)) / 60_000);
  if (limitMinutes > 0 && minutes >= limitMinutes) return { kind: 'fail', record, minutes };
  return sameNodes(nodes, kept.nodes) ? { kind: 'unchanged' } : { kind: 'noticed', record, first: false };
};

/** "node manager 10.0.0.2:8000 has not answered the island manager for 5 minutes (…)"; without minutes, a notice. */
export const unreachableText = (minutes: number | null, r: RecordedUnreachable): string => {
  const one = r.nodes.length === 1;
  const since = minutes === null ? '' : ` for ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `node manager${one ? '' : 's'} ${r.nodes.join(', ')} ${one ? 'has' : 'have'} not answered the island manager${since} (${r.detail})`;
};
