// Real alert peers on loopback: a webhook receiver that checks each signature, and an SMTP server
// with STARTTLS and a login.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestApi } from './api.js';

export interface Received {
  readonly deliveryId: string;
  readonly signatureOk: boolean;
  readonly body: Record<string, unknown>;
}

/**
 * A real HTTP receiver on loopback, as a webhook's owner would run one: it checks each request's
 * HMAC-SHA256 signature over `<timestamp>.<body>` with the secret, records it, and answers with
 * what `respond` says (a status, or 'hang' to hold the request open).
 */
export const startReceiver = async (secret: string, port = 0) => {
  const received: Received[] = [];
  let respond: (r: Received, n: number) => number | 'hang' | { status: number; location: string } = () => 200;
  const hung: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-surveyor-timestamp'] ?? '');
      const sig = String(req.headers['x-surveyor-signature'] ?? '');
      const want = `v1=${createHmac('sha256', secret).update(`${ts}.${text}`).digest('hex')}`;
      const signatureOk = sig.length === want.length && timingSafeEqual(Buffer.from(sig), Buffer.from(want));
      const r: Received = {
        deliveryId: String(req.headers['x-surveyor-delivery'] ?? ''),
        signatureOk,
        body: JSON.parse(text) as Record<string, unknown>,
      };
      received.push(r);
      const a = respond(r, received.length);
      if (a === 'hang') {
        hung.push(res);
        return;
      }
      if (typeof a === 'object') {
        // restify replaces ServerResponse's writeHead in this process (it returns nothing): no chaining.
        res.writeHead(a.status, { location: a.location });
        res.end();
        return;
      }
      res.writeHead(a, { 'content-type': 'text/plain' });
      res.end(a >= 400 ? `answer ${a}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/alerts?token=receiver-token-42`,
    port: (server.address() as AddressInfo).port,
    received,
    respondWith(f: typeof respond) {
      respond = f;
    },
    async close() {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

export interface Mail {
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly body: string;
  readonly headers: string;
}

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');
const decodeQp = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/**
 * A real SMTP server on loopback (smtp-server, with its own self-signed certificate for STARTTLS):
 * it takes logins of `user`/`password` only, and keeps every message it accepts.
 */
export const startSmtp = async (user: string, password: string) => {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === password) cb(null, { user });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const headers = unfold(raw.slice(0, split));
        let body = raw.slice(split + 4);
        if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) body = decodeQp(body);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^subject: (.*)$/im.exec(headers)?.[1] ?? '',
          body,
          headers,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * A webhook channel to `url` (signed with `signing`) and an alert rule sending to it, made through
 * the API with an admin's token; throws with the API's words when either is refused.
 */
export const webhookRule = async (
  api: Pick<TestApi, 'call'>,
  token: string,
  channel: { readonly name: string; readonly url: string; readonly signing: string },
  rule: Readonly<Record<string, unknown>>,
): Promise<{ channelId: string; ruleId: string }> => {
  const c = await api.call('POST', '/notification-channels', {
    body: { kind: 'webhook', name: channel.name, url: channel.url, signing_secret: channel.signing },
    token,
  });
  if (c.status !== 201) throw new Error(`channel: ${c.text}`);
  const channelId = (c.body as { id: string }).id;
  const r = await api.call('POST', '/alert-rules', { body: { ...rule, channels: [channelId] }, token });
  if (r.status !== 201) throw new Error(`rule: ${r.text}`);
  return { channelId, ruleId: (r.body as { id: string }).id };
};
