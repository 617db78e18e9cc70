import { type DropState, dropStates } from '../../domain/backendStates.js';
import { terminalStates } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import { isoTime } from '../../domain/isoTime.js';
import type { ArtifactStore } from '../../ports/ArtifactStore.js';
import type { Clock } from '../../ports/Clock.js';
import type { DeploymentBackends } from '../../ports/DeploymentBackend.js';
import { itemOf } from '../poll/roundWrites.js';

/** Most drops whose states one answer lists; a bigger graph is answered by its counts alone. */
export const maxListedDrops = 50_000;

export interface DropStatesView {
  readonly execution_id: string;
  readonly attempt: number;
  /** Where the states come from: the island manager now, or nowhere (`note` says why). */
  readonly source: 'island_manager' | 'none';
  readonly read_at: string;
  /** Each drop's state by oid (empty when `source` is none, or past maxListedDrops). */
  readonly states: Readonly<Record<string, DropState>>;
  readonly counts: Readonly<Record<DropState, number>>;
  readonly note: string | null;
}

const zero = (): Record<DropState, number> =>
  Object.fromEntries(dropStates.map((s) => [s, 0])) as Record<DropState, number>;

/**
 * An execution's drops as its backend holds them now, for the console's live graph: read from the
 * island manager while the attempt runs there (a look shares a read made in the last seconds).
 * Nothing is read for a run that has not reached its backend, has ended (its end is in the run
 * record: failed drops named, or every drop done), or runs in a Slurm job (its drops are in the
 * job, reachable only over SSH through the login node: not for every look).
 */
export const readDropStates = async (
  deps: {
    readonly artifacts: Pick<ArtifactStore, 'artifact'>;
    readonly backends: DeploymentBackends;
    readonly clock: Clock;
  },
  e: Execution,
  signal?: AbortSignal,
): Promise<DropStatesView> => {
  const none = (note: string): DropStatesView => ({
    execution_id: e.id,
    attempt: e.attempt,
    source: 'none',
    read_at: isoTime(deps.clock.now()),
    states: {},
    counts: zero(),
    note,
  });
  if (terminalStates.has(e.state)) return none(`the run ended ${e.state}: its drops' end is in its record`);
  if (e.schedulerJobId === null) return none('the run has not reached its backend yet');
  const backend = deps.backends.get(e.profileSnapshot.deployment.kind);
  if (!backend.dropStates)
    return none(
      "a Slurm job's drops are not read: they are reachable only over SSH through the login node, which is not asked for every look",
    );
  const states = await backend.dropStates(itemOf(deps.artifacts, e), signal);
  if (!states) return none('the island manager no longer knows the session');
  const counts = zero();
  for (const s of states.values()) counts[s]++;
  return {
    execution_id: e.id,
    attempt: e.attempt,
    source: 'island_manager',
    read_at: isoTime(deps.clock.now()),
    states: states.size <= maxListedDrops ? Object.fromEntries(states) : {},
    counts,
    note:
      states.size <= maxListedDrops
        ? null
        : `${states.size} drops: more than ${maxListedDrops} are counted, not listed`,
  };
};
