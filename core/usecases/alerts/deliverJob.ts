import { keepsStateTrue } from '../../domain/jobPayloads.js';
import { jobKind, jobLine, lastTry } from '../../ports/JobHandler.js';
import { type DeliverDeps, DeliverJobPayloadC, deliverAlert } from './deliverAlert.js';

/** The idempotency key of a delivery's job (a store looks for a delivery's live job by it). */
export const deliverJobKey = (deliveryId: string) => `alert.deliver:${deliveryId}`;

/** Sends one alert delivery to its channel; the queue's backoff and jitter space its retries. */
export const deliverJob = jobKind({
  name: 'alert.deliver',
  codec: DeliverJobPayloadC,
  key: (p) => deliverJobKey(p.delivery_id),
  // About 13 minutes of tries with the default backoff (5 s doubling, equal jitter).
  maxAttempts: 8,
  priority: keepsStateTrue,
  run: async (deps: DeliverDeps, payload, ctx) => {
    const r = await deliverAlert(deps, payload, {
      lease: ctx.job.lease,
      signal: ctx.signal,
      lastAttempt: lastTry(ctx),
      confirmLease: ctx.confirmLease,
    });
    const fields = { delivery_id: payload.delivery_id, ...r };
    return r.outcome === 'failed'
      ? jobLine('warn', 'alert delivery failed', fields)
      : jobLine('info', 'alert delivery done', fields);
  },
});
