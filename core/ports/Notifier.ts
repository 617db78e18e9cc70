import type { AlertMessage, ChannelSecrets, NotificationChannel, SendOutcome } from '../domain/alerting.js';

/** Sends one alert to one channel (a webhook, an SMTP server); never throws for the peer's failures. */
export interface Notifier {
  send(
    channel: NotificationChannel,
    secrets: ChannelSecrets,
    delivery: { readonly id: string; readonly message: AlertMessage },
    signal?: AbortSignal,
  ): Promise<SendOutcome>;
}
