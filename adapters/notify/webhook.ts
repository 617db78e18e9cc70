import { createHmac } from 'node:crypto';
import fetch from 'cross-fetch';
import type {
  AlertMessage,
  ChannelSecrets,
  NotificationChannel,
  SendOutcome,
} from '../../core/domain/alerting.js';
import { agentFor, checkOutbound, isOutboundRefusal, outbound } from '../shared/outbound.js';
import { outcome, scrub } from './sendOutcome.js';

/** Largest body sent; details beyond it are dropped (the subject and text stay). */
export const maxWebhookBody = 64 * 1024;
/** Largest answer read (for the error text); the rest is not waited for. */
const maxAnswer = 16 * 1024;
/** Same-origin 307/308 redirects followed; any other redirect is an answer, not followed. */
const maxRedirects = 3;

/** What a receiver checks: HMAC-SHA256 over `<timestamp>.<body>` with the channel's signing secret, hex. */
export const webhookSignature = (secret: string, timestamp: string, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The body a channel's format asks for, within the size bound. */
export const webhookBody = (format: 'json' | 'slack', id: string, m: AlertMessage, sentAt: Date): string => {
  if (format === 'slack') return JSON.stringify({ text: `*${m.subject}*\n${m.text}` });
  const full = { id, ...m, sent_at: sentAt.toISOString() };
  const text = JSON.stringify(full);
  return Buffer.byteLength(text) <= maxWebhookBody
    ? text
    : JSON.stringify({ ...full, details: { truncated: true } });
};

/**
 * POSTs an alert to a webhook: signed, with its delivery id, under the outbound policy (checked
 * again on the addresses a name resolves to), within a timeout. 2xx is delivered; 5xx, 429, 408,
 * timeouts and connection errors are worth retrying; any other answer is final.
 */
export class WebhookNotifier {
  constructor(private readonly timeoutMs: number) {}

  async send(
    channel: NotificationChannel,
    secrets: ChannelSecrets,
    delivery: { readonly id: string; readonly message: AlertMessage },
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    const started = performance.now();
    if (channel.settings.kind !== 'webhook' || !secrets.url || !secrets.signing_secret)
      return outcome(started, {
        ok: false,
        status: null,
        error: 'the channel has no webhook URL or signing secret',
        retryable: false,
      });
    const format = channel.settings.format;
    const now = new Date();
    const body = webhookBody(format, delivery.id, delivery.message, now);
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'surveyor-alerts',
      'x-surveyor-delivery': delivery.id,
      'x-surveyor-timestamp': timestamp,
      'x-surveyor-signature': webhookSignature(secrets.signing_secret, timestamp, body),
    };
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const done = new AbortController();
    const all = AbortSignal.any([timeout, done.signal, ...(signal ? [signal] : [])]);
    const { policy, agents } = outbound();
    let url = secrets.url;
    try {
      for (let hop = 0; ; hop++) {
        checkOutbound(policy, url);
        const res = await fetch(url, {
          method: 'POST',
          headers,
          body,
          signal: all,
          redirect: 'manual',
          ...({ agent: agentFor(agents), size: maxAnswer } as object),
        });
        if (res.status >= 300 && res.status < 400) {
          const location = res.headers.get('location');
          const next = location ? new URL(location, url) : null;
          const sameOrigin = next !== null && next.origin === new URL(url).origin;
          if ((res.status === 307 || res.status === 308) && sameOrigin && hop < maxRedirects) {
            url = next.href;
            continue;
          }
          return outcome(started, {
            ok: false,
            status: res.status,
            error: `HTTP ${res.status}: a redirect${next ? ` to ${next.host}` : ''}, not followed`,
            retryable: false,
          });
        }
        if (res.status >= 200 && res.status < 300)
          return outcome(started, { ok: true, status: res.status, error: null, retryable: false });
        const answer = await res.text().catch(() => '');
        return outcome(started, {
          ok: false,
          status: res.status,
          error: `HTTP ${res.status}${answer ? `: ${scrub(answer, secrets)}` : ''}`,
          retryable: res.status >= 500 || res.status === 429 || res.status === 408,
        });
      }
    } catch (err) {
      if (isOutboundRefusal(err))
        return outcome(started, {
          ok: false,
          status: null,
          error: scrub((err as Error).message, secrets),
          retryable: false,
        });
      const e = err as Error & { code?: string; errno?: string };
      const why = timeout.aborted
        ? `no answer within ${Math.round(this.timeoutMs / 1000)} s`
        : signal?.aborted
          ? 'stopped: the worker gave the job up'
          : // node-fetch's message names the URL, which is a secret: its code says enough.
            `could not connect to ${channel.settings.target}: ${e.code ?? e.errno ?? e.name}`;
      return outcome(started, { ok: false, status: null, error: why, retryable: true });
    } finally {
      done.abort();
    }
  }
}
