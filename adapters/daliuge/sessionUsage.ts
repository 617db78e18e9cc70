import type { RemoteOutcome } from '../../core/domain/backendStates.js';
import type { RemoteUsage } from '../../core/domain/usage.js';
import type { PollItem } from '../../core/ports/DeploymentBackend.js';
import { dropsOf } from './sessionFacts.js';

/**
 * What a session that ended used, as far as an island manager can tell: DALiuGE keeps no times of
 * a session, so it ran from when we deployed it (an island manager has no queue) to the poll that
 * saw it end (the use case's clock), on the node managers its physical graph placed drops on (the
 * graph this attempt submitted; without it, those the DIM reports past pristine). No CPU time or
 * memory: a node manager does not account them.
 */
export const withSessionUsage = async (
  o: RemoteOutcome,
  item: PollItem,
  states: ReadonlyMap<string, number>,
): Promise<RemoteOutcome> => {
  if (o.kind !== 'finished' && o.kind !== 'failed' && o.kind !== 'cancelled') return o;
  const graph = await item.submittedGraph?.().catch(() => null);
  const placed = new Set(
    dropsOf(graph ?? []).flatMap((d) => (typeof d['node'] === 'string' ? [d['node']] : [])),
  );
  const usage: RemoteUsage = {
    source: 'session',
    jobId: item.schedulerJobId,
    submittedAt: item.submittedAt,
    startedAt: item.submittedAt,
    endedAt: null,
    elapsedSeconds: null,
    nodes: placed.size > 0 ? placed.size : [...states.values()].filter((c) => c !== 0).length,
    cpus: null,
    cpuSeconds: null,
    maxRssBytes: null,
    state: o.remoteState,
    exitCode: null,
  };
  return { ...o, usage };
};
