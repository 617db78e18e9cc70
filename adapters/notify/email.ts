import { isIP } from 'node:net';
import { createTransport } from 'nodemailer';
import type {
  AlertMessage,
  ChannelSecrets,
  NotificationChannel,
  SendOutcome,
} from '../../core/domain/alerting.js';
import { checkedAddress, isOutboundRefusal } from '../shared/outbound.js';
import { outcome, scrub } from './sendOutcome.js';

/** Errors of nodemailer's worth another try: the server or the network, for now. */
const transient = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED']);

/**
 * Sends an alert by SMTP (nodemailer): STARTTLS required, TLS from the start, or none for a local
 * relay; optional login. The server's name is checked against the outbound policy and resolved
 * here, so the connection goes to the address that was checked (TLS still verifies the name).
 * SMTP's own rule decides retries: 4xx replies and connection trouble are retried, 5xx are final.
 * The Message-ID is the delivery id: a copy sent again after a crash is the same message.
 */
export class EmailNotifier {
  constructor(private readonly timeoutMs: number) {}

  async send(
    channel: NotificationChannel,
    secrets: ChannelSecrets,
    delivery: { readonly id: string; readonly message: AlertMessage },
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    const started = performance.now();
    const s = channel.settings;
    if (s.kind !== 'email')
      return outcome(started, { ok: false, status: null, error: 'not an e-mail channel', retryable: false });
    let address: string;
    try {
      address = await checkedAddress(s.host, s.port, 'smtp');
    } catch (err) {
      return outcome(started, {
        ok: false,
        status: null,
        error: scrub((err as Error).message, secrets),
        retryable: !isOutboundRefusal(err),
      });
    }
    const transport = createTransport({
      host: address,
      port: s.port,
      secure: s.security === 'tls',
      requireTLS: s.security === 'starttls',
      ignoreTLS: s.security === 'none',
      ...(s.username !== null && secrets.password !== undefined
        ? { auth: { user: s.username, pass: secrets.password } }
        : {}),
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
      // SNI takes names only; an address is verified as the certificate's IP.
      tls: { ...(isIP(s.host) === 0 ? { servername: s.host } : {}), rejectUnauthorized: s.verify_tls },
    });
    const stop = () => transport.close();
    signal?.addEventListener('abort', stop, { once: true });
    // The phases have their own timeouts; this bounds the whole exchange.
    const whole = setTimeout(stop, this.timeoutMs * 3);
    try {
      const info = await transport.sendMail({
        from: s.from,
        to: [...s.to],
        subject: delivery.message.subject,
        text: delivery.message.text,
        messageId: `<${delivery.id}@surveyor.alerts>`,
        headers: { 'X-Surveyor-Delivery': delivery.id },
      });
      const code = Number.parseInt(String(info.response ?? '').slice(0, 3), 10);
      return outcome(started, {
        ok: true,
        status: Number.isNaN(code) ? 250 : code,
        error: null,
        retryable: false,
      });
    } catch (err) {
      const e = err as Error & { code?: string; responseCode?: number };
      const reply = e.responseCode ?? null;
      const retryable =
        reply !== null ? reply >= 400 && reply < 500 : e.code !== undefined && transient.has(e.code);
      const why = signal?.aborted ? 'stopped: the worker gave the job up' : scrub(e.message, secrets);
      return outcome(started, {
        ok: false,
        status: reply,
        error: `${e.code ? `${e.code}: ` : ''}${why}`,
        retryable: retryable || signal?.aborted === true,
      });
    } finally {
      clearTimeout(whole);
      signal?.removeEventListener('abort', stop);
      transport.close();
    }
  }
}
