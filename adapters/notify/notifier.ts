import type {
  AlertMessage,
  ChannelSecrets,
  NotificationChannel,
  SendOutcome,
} from '../../core/domain/alerting.js';
import type { Notifier } from '../../core/ports/Notifier.js';
import { EmailNotifier } from './email.js';
import { WebhookNotifier } from './webhook.js';

/** Sends by the channel's kind: webhooks over HTTP(S), e-mail over SMTP. */
export class ChannelNotifier implements Notifier {
  private readonly webhook: WebhookNotifier;
  private readonly email: EmailNotifier;

  constructor(timeoutMs: number) {
    this.webhook = new WebhookNotifier(timeoutMs);
    this.email = new EmailNotifier(timeoutMs);
  }

  send(
    channel: NotificationChannel,
    secrets: ChannelSecrets,
    delivery: { readonly id: string; readonly message: AlertMessage },
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    return channel.settings.kind === 'webhook'
      ? this.webhook.send(channel, secrets, delivery, signal)
      : this.email.send(channel, secrets, delivery, signal);
  }
}
