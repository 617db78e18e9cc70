import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import type { Clock } from '../../ports/Clock.js';
import type { WorkerRecord, WorkerRegistry } from '../../ports/WorkerRegistry.js';

/**
 * Asks a worker process to drain (`surveyor worker drain`, POST /workers/{id}/drain): the request is
 * recorded on its row, and the worker reads it at its next heartbeat, stops claiming, finishes or
 * hands back what it holds, deregisters and exits. An admin's decision: it changes where work runs.
 */
export const drainWorker = async (
  deps: { readonly workers: WorkerRegistry; readonly clock: Clock },
  workerId: string,
  by: string,
): Promise<E.Either<AppError, WorkerRecord>> => {
  const w = await deps.workers.requestDrain(workerId, deps.clock.now(), by);
  return w
    ? E.right(w)
    : E.left(appError('not_found', `no worker ${workerId} is registered (the overview lists the live ones)`));
};
