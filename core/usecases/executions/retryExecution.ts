import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { type Execution, unsubmitted } from '../../domain/executionRecord.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import { executionEvent, move } from './executionEvents.js';

/**
 * Starts a new attempt of a failed or cancelled execution: back to pending with attempt + 1, the
 * same pinned configuration, profile snapshot and execute switches, so it is queued as soon as its
 * gates pass. Refused while the backend never confirmed the last attempt's end (a session or job
 * may still run: a new attempt could run the work twice).
 */
export const retryExecution = async (
  deps: { readonly executions: ExecutionRepository; readonly clock: Clock },
  id: string,
  by: string,
): Promise<E.Either<AppError, Execution>> => {
  const e = await deps.executions.get(id);
  if (!e) return E.left(appError('not_found', `no execution ${id}`));
  if (e.state !== 'failed' && e.state !== 'cancelled')
    return E.left(
      appError(
        'conflict',
        `execution ${id} is ${e.state}; only a failed or cancelled execution can be retried`,
      ),
    );
  if (e.schedulerJobId !== null && e.runRecord['remote_terminal'] !== true)
    return E.left(
      appError(
        'conflict',
        `the backend never confirmed that attempt ${e.attempt} (${e.schedulerJobId}) ended; make sure it is stopped there, then cancel this execution's remote work before retrying`,
        { scheduler_job_id: e.schedulerJobId },
      ),
    );
  const previous = (e.runRecord['previous_attempts'] ?? []) as unknown[];
  const now = deps.clock.now();
  const r = await deps.executions.write(
    {
      id,
      expect: [e.state],
      change: {
        state: move(e.state, 'retry_requested'),
        attempt: e.attempt + 1,
        runRecord: {
          previous_attempts: [
            ...previous,
            {
              attempt: e.attempt,
              state: e.state,
              error: e.error,
              scheduler_job_id: e.schedulerJobId,
              finished_at: e.finishedAt?.toISOString() ?? null,
            },
          ],
        },
        ...unsubmitted,
      },
      events: [
        executionEvent(
          { ...e, attempt: e.attempt + 1 },
          'execution.retried',
          { previous_state: e.state },
          by,
        ),
      ],
    },
    now,
  );
  if (r !== 'ok')
    return E.left(appError('conflict', `execution ${id} changed meanwhile; read it and try again`));
  return E.right((await deps.executions.get(id))!);
};
