import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { terminalStates, executionEvent, transition } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import { unsettledAfter, unsettledAttemptsOf } from '../../domain/externalWork.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { PollSpacing } from '../../domain/pollRound.js';
import { pollRound } from '../poll/pollJob.js';
import { runJobKeyPrefix } from '../run/runJob.js';
import { settleJob } from '../run/settleJob.js';

/**
 * Cancels an execution. Before submission nothing runs outside, so it ends cancelled at once (its
 * queued run job is cancelled with it, and a worker midway commits nothing more). From submission
 * on it becomes cancelling: the next poll round asks the backend to cancel and the execution ends
 * when the backend confirms (or finished/failed, if it ended first). Cancelling twice is harmless.
 * An execution that ended failed or cancelled while the backend never confirmed that its work
 * ended (`remote_terminal: false`) can be cancelled too: a settle job stops that work (see
 * settleEnded). Any other ended execution has nothing to cancel.
 */
export const cancelExecution = async (
  deps: {
    readonly executions: Pick<ExecutionRepository, 'get' | 'write'>;
    readonly clock: Clock;
    readonly pollSpacing: PollSpacing;
  },
  id: string,
  by: string,
): Promise<E.Either<AppError, Execution>> => {
  for (let tries = 0; tries < 3; tries++) {
    const e = await deps.executions.get(id);
    if (!e) return E.left(appError('not_found', `no execution ${id}`));
    if (e.state === 'cancelling') return E.right(e);
    const now = deps.clock.now();
    if (terminalStates.has(e.state)) {
      const unsettled = unsettledAfter(e);
      if (unsettled.length === 0)
        return E.left(
          appError('conflict', `execution ${id} already ended ${e.state}; there is nothing to cancel`),
        );
      // It ended here, but the backend never confirmed that its work ended there: stop that work.
      const r = await deps.executions.write(
        {
          id,
          expect: [e.state],
          change: { runRecord: { ...e.runRecord, remote_cancel_requested_at: now.toISOString() } },
          events: [
            executionEvent(
              e,
              'execution.remote_cancel_requested',
              { settles: unsettled.map((u) => u.external_name) },
              by,
            ),
          ],
          enqueue: settleJob.request({ execution_id: id, attempt: e.attempt }),
        },
        now,
      );
      if (r === 'ok') return E.right((await deps.executions.get(id))!);
      continue;
    }
    const m = transition(e.state, 'cancel_requested');
    const to = m.state;
    const r = await deps.executions.write(
      {
        id,
        expect: [e.state],
        change:
          to === 'cancelled'
            ? {
                state: to,
                cancelRequestedAt: now,
                finishedAt: now,
                // An earlier attempt being settled (see settlePrevious) may still run remotely.
                runRecord: { ...e.runRecord, remote_terminal: unsettledAttemptsOf(e).length === 0 },
              }
            : { state: to, cancelRequestedAt: now },
        events: [executionEvent(e, m.kind, { from: e.state }, by)],
        ...(to === 'cancelled' ? { cancelJobsWithKeyPrefix: runJobKeyPrefix(id) } : {}),
        ...(e.backendTarget
          ? { pollRound: pollRound(e.backendTarget, e.profileSnapshot.deployment.kind, deps.pollSpacing) }
          : {}),
      },
      now,
    );
    if (r === 'ok') return E.right((await deps.executions.get(id))!);
    // It moved on meanwhile (a worker's step): decide again from its new state.
  }
  return E.left(appError('conflict', `execution ${id} keeps changing; try again`));
};
