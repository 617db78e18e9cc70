import { terminalStates, executionEvent } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import { type Lease, LeaseLostError } from '../../domain/job.js';
import { endedSessionsOf, removesEndedSession } from '../../domain/profile.js';
import type { ArtifactStore } from '../../ports/ArtifactStore.js';
import type { Clock } from '../../ports/Clock.js';
import type { DeploymentBackend } from '../../ports/DeploymentBackend.js';
import type { ExecutionRepository, ExecutionWrite } from '../../ports/ExecutionRepository.js';
import { itemOf } from './roundWrites.js';

/** Deletes sent at once; a round that ends hundreds of runs does not open hundreds of requests. */
const deletesAtOnce = 4;

/**
 * After a poll round has recorded runs' ends: deletes their sessions from a backend that keeps
 * them until told (an island manager), as each run's profile says (`ended_sessions`), and records
 * each deletion on the run (`session_removed_at`, an `execution.session_removed` event). Only runs
 * whose end the backend itself reported (`remote_terminal`) are asked: nothing of them runs any
 * more. A delete that fails is not tried again (the session stays there, as with `keep`); the round
 * reports it.
 */
export const removeEndedSessions = async (
  deps: {
    readonly executions: Pick<ExecutionRepository, 'writeMany'>;
    readonly artifacts: Pick<ArtifactStore, 'artifact'>;
    readonly clock: Clock;
  },
  backend: DeploymentBackend,
  ends: readonly { readonly e: Execution; readonly w: ExecutionWrite }[],
  ctx: { readonly lease: Lease; readonly signal: AbortSignal },
): Promise<{ removed: number; error: string | null }> => {
  const remove = backend.removeEnded?.bind(backend);
  if (!remove) return { removed: 0, error: null };
  const due = ends.flatMap(({ e, w }) => {
    const { state, runRecord: record } = w.change;
    const d = e.profileSnapshot.deployment;
    if (!state || !terminalStates.has(state) || record?.['remote_terminal'] !== true) return [];
    if (d.kind !== 'rest_remote' || !removesEndedSession(d, state)) return [];
    return [{ ended: { ...e, state, runRecord: record }, state, choice: endedSessionsOf(d) }];
  });
  const done: typeof due = [];
  const errors: string[] = [];
  for (let i = 0; i < due.length && !ctx.signal.aborted; i += deletesAtOnce) {
    await Promise.all(
      due.slice(i, i + deletesAtOnce).map(async (d) => {
        try {
          await remove(itemOf(deps.artifacts, d.ended), ctx.signal);
          done.push(d);
        } catch (err) {
          errors.push(`${d.ended.schedulerJobId}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
  }
  if (done.length > 0) {
    const now = deps.clock.now();
    const results = await deps.executions.writeMany(
      done.map(({ ended, state, choice }) => ({
        id: ended.id,
        expect: [state],
        change: { runRecord: { ...ended.runRecord, session_removed_at: now.toISOString() } },
        fence: ctx.lease,
        events: [
          executionEvent(ended, 'execution.session_removed', {
            scheduler_job_id: ended.schedulerJobId,
            ended_sessions: choice,
          }),
        ],
      })),
      now,
    );
    if (results.includes('lease_lost')) throw new LeaseLostError(ctx.lease);
  }
  const error =
    errors.length === 0
      ? null
      : `${errors.length} ended session${errors.length === 1 ? '' : 's'} not deleted (kept there): ${errors.slice(0, 3).join('; ')}`;
  return { removed: done.length, error };
};
