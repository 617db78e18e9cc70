import * as E from 'fp-ts/lib/Either.js';
import { workerView } from '../../../core/app/workerView.js';
import { fail, type Handler } from '../handler.js';

export const drainWorkerHandler: Handler = async (ctx) => {
  const r = await ctx.app.drainWorker(ctx.params['id']!, ctx.principal!.username);
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info({ worker_id: r.right.id, by: ctx.principal!.username }, 'worker asked to drain');
  return { status: 202, body: workerView(r.right) };
};

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const workerHandlers: Readonly<Record<string, Handler>> = { drainWorker: drainWorkerHandler };
