import { type Lease, LeaseLostError } from '../../domain/job.js';
import type { ChannelSecrets, SendOutcome } from '../../domain/alerting.js';
import * as t from 'io-ts';
import { JobUuid } from '../../domain/jobPayloads.js';
import type { AlertDeps } from './alertDeps.js';

/** One delivery to send (`deliverJob`). */
export const DeliverJobPayloadC = t.readonly(t.type({ delivery_id: JobUuid }));
export type DeliverJobPayload = t.TypeOf<typeof DeliverJobPayloadC>;

export type DeliverDeps = Pick<AlertDeps, 'deliveries' | 'box' | 'notifier' | 'clock'>;

export interface DeliverContext {
  readonly lease: Lease;
  readonly signal: AbortSignal;
  /** This try is the job's last: a failure now is final. */
  readonly lastAttempt: boolean;
  confirmLease(): Promise<void>;
}

/** A failure worth another try: the queue retries the job with backoff. */
export class DeliveryRetry extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRetry';
  }
}

const refusedLocally = (error: string): SendOutcome => ({
  ok: false,
  status: null,
  latencyMs: 0,
  error,
  retryable: false,
});

/**
 * One try at a delivery (job `alert.deliver`). The attempt is counted before anything is sent (the
 * intent), every write is fenced by the job's lease, and the lease is confirmed right before the
 * send. Each send carries the delivery's id, so a receiver drops the copy that a worker killed
 * between sending and recording may send again. A delivery already ended is left alone.
 */
export const deliverAlert = async (
  deps: DeliverDeps,
  payload: DeliverJobPayload,
  ctx: DeliverContext,
): Promise<{ outcome: string; attempts?: number; status?: number | null; latency_ms?: number }> => {
  const start = await deps.deliveries.startAttempt(payload.delivery_id, ctx.lease, deps.clock.now());
  if (start.kind === 'lease_lost') throw new LeaseLostError(ctx.lease);
  if (start.kind !== 'started') return { outcome: start.kind };
  const { delivery, channel } = start;
  const finish = async (outcome: SendOutcome, end: 'delivered' | 'failed' | null) => {
    const r = await deps.deliveries.finishAttempt(delivery.id, ctx.lease, outcome, end, deps.clock.now());
    if (r === 'lease_lost') throw new LeaseLostError(ctx.lease);
  };
  if (!channel?.enabled) {
    const why = channel ? `channel ${channel.name} is disabled` : 'the channel was deleted';
    await finish(refusedLocally(`not sent: ${why}`), 'failed');
    return { outcome: 'failed', attempts: delivery.attempts };
  }
  let secrets: ChannelSecrets;
  try {
    secrets = deps.box.open(channel.sealedSecrets);
  } catch {
    await finish(
      refusedLocally(
        "not sent: the channel's secrets cannot be opened with this service's secrets key (SERVICE_SECRETS_KEY or the JWT secret changed?); replace the channel with its secrets",
      ),
      'failed',
    );
    return { outcome: 'failed', attempts: delivery.attempts };
  }
  await ctx.confirmLease();
  const outcome = await deps.notifier.send(
    channel,
    secrets,
    { id: delivery.id, message: delivery.message },
    ctx.signal,
  );
  // A send the stop interrupted is not an answer: the job is given back, not failed. One that went
  // out is recorded even so (a shutdown), so it is not sent again for want of a row; a lost lease
  // makes that write fail (fenced) instead.
  if (!outcome.ok && ctx.signal.aborted) throw ctx.signal.reason ?? new LeaseLostError(ctx.lease);
  const end = outcome.ok ? 'delivered' : !outcome.retryable || ctx.lastAttempt ? 'failed' : null;
  await finish(outcome, end);
  const summary = {
    attempts: delivery.attempts,
    status: outcome.status,
    latency_ms: outcome.latencyMs,
  };
  if (end === null) throw new DeliveryRetry(`delivery ${delivery.id}: ${outcome.error ?? 'not delivered'}`);
  return { outcome: end, ...summary };
};
