import type {
  AlertMessage,
  ChannelSecrets,
  NotificationChannel,
  SendOutcome,
} from '../../core/domain/alerting.js';
import type { Notifier } from '../../core/ports/Notifier.js';

export interface SentAlert {
  readonly channel: string;
  readonly deliveryId: string;
  readonly message: AlertMessage;
}

/**
 * A notifier that keeps what it would send (the harness's, for tests and embedders without a mail
 * server); `answer` decides each outcome (default: delivered).
 */
export class RecordingNotifier implements Notifier {
  readonly sent: SentAlert[] = [];
  answer: (channel: NotificationChannel) => Omit<SendOutcome, 'latencyMs'> = () => ({
    ok: true,
    status: 200,
    error: null,
    retryable: false,
  });

  async send(
    channel: NotificationChannel,
    _secrets: ChannelSecrets,
    delivery: { readonly id: string; readonly message: AlertMessage },
  ): Promise<SendOutcome> {
    const o = this.answer(channel);
    if (o.ok) this.sent.push({ channel: channel.name, deliveryId: delivery.id, message: delivery.message });
    return { ...o, latencyMs: 0 };
  }
}
