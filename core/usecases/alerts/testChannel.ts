import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { type AlertDelivery, viewDelivery } from '../../domain/alerting.js';
import { testAlert } from '../../domain/alertMessages.js';
import type { AlertDeps } from './alertDeps.js';

type Deps = Pick<AlertDeps, 'alerts' | 'deliveries' | 'box' | 'notifier' | 'clock' | 'random'>;

/**
 * Sends a test message to a channel now, from the process that was asked, and records it as a
 * delivery of type `test`. A disabled channel is tested too: that is how it is checked before it
 * is enabled.
 */
export const testChannel = async (
  deps: Deps,
  id: string,
  by: string,
  signal?: AbortSignal,
): Promise<E.Either<AppError, ReturnType<typeof viewDelivery> & { ok: boolean }>> => {
  const channel = await deps.alerts.getChannel(id);
  if (!channel) return E.left(appError('not_found', `no notification channel ${id}`));
  let secrets: ReturnType<typeof deps.box.open>;
  try {
    secrets = deps.box.open(channel.sealedSecrets);
  } catch {
    return E.left(
      appError(
        'conflict',
        "the channel's secrets cannot be opened with this service's secrets key (SERVICE_SECRETS_KEY or the JWT secret changed?); replace the channel with its secrets",
      ),
    );
  }
  const now = deps.clock.now();
  const deliveryId = deps.random.uuid();
  const message = testAlert(channel.name, by, now);
  const outcome = await deps.notifier.send(channel, secrets, { id: deliveryId, message }, signal);
  const delivery: AlertDelivery = {
    id: deliveryId,
    ruleId: null,
    ruleName: null,
    channelId: channel.id,
    channelKind: channel.settings.kind,
    dedupKey: `test:${deliveryId}`,
    message,
    state: outcome.ok ? 'delivered' : 'failed',
    attempts: 1,
    suppressed: 0,
    lastStatus: outcome.status,
    lastLatencyMs: outcome.latencyMs,
    lastError: outcome.error,
    createdAt: now,
    lastAttemptAt: now,
    endedAt: deps.clock.now(),
  };
  await deps.deliveries.recordTest(delivery);
  return E.right({ ...viewDelivery(delivery), ok: outcome.ok });
};
