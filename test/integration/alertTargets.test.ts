// Alert channels cannot reach internal addresses: refused when a channel is written, and a name that
// resolves to loopback refused when it sends.
import test from 'ava';
import { startReceiver } from '../support/alertPeers.js';
import { startTestApi, type TestApi } from '../support/api.js';

// Webhook and SMTP targets under the outbound policy as production runs it: loopback, private and
// link-local addresses refused (no SERVICE_OUTBOUND_ALLOW_PRIVATE), checked when a channel is
// written and again on the addresses a name resolves to when it sends.

const signing = 'targets-signing-secret-0123456789';
let api: TestApi;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.before(async () => {
  api = await startTestApi({ SERVICE_OUTBOUND_ALLOW_PRIVATE: 'false' });
  admin = await api.tokenFor('targets-admin', 'admin');
  receiver = await startReceiver(signing);
});
test.after.always(async () => {
  await receiver?.close();
  await api?.close();
});

const post = (path: string, body: unknown) => api.call('POST', path, { body, token: admin });

test.serial('internal addresses are refused when a channel is written', async (t) => {
  for (const url of [
    receiver.url,
    'http://10.0.0.5/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:8080/hook',
    'https://192.168.1.20/hook',
    // IPv6 forms that carry a blocked IPv4 address: NAT64, IPv4-compatible and -mapped, 6to4.
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
    'http://[64:ff9b::169.254.169.254]/latest/meta-data',
    'http://[::127.0.0.1]/hook',
    'http://[::ffff:10.0.0.5]/hook',
    'http://[2002:a9fe:a9fe::1]/hook',
  ]) {
    const r = await post('/notification-channels', {
      kind: 'webhook',
      name: 'internal',
      url,
      signing_secret: signing,
    });
    t.is(r.status, 422, `${url}: ${r.text}`);
    t.regex(r.text, /loopback, private or link-local/);
  }
  const mail = await post('/notification-channels', {
    kind: 'email',
    name: 'internal-mail',
    host: '172.16.0.9',
    from: 'a@example.org',
    to: ['b@example.org'],
  });
  t.is(mail.status, 422, mail.text);
  t.regex(mail.text, /"path":"host"/);
});

test.serial(
  'a name that resolves to loopback is refused when it sends, and nothing reaches it',
  async (t) => {
    const url = receiver.url.replace('127.0.0.1', 'localhost');
    const made = await post('/notification-channels', {
      kind: 'webhook',
      name: 'by-name',
      url,
      signing_secret: signing,
    });
    t.is(made.status, 201, made.text);
    const r = await post(`/notification-channels/${(made.body as { id: string }).id}/test`, undefined);
    t.is(r.status, 200, r.text);
    t.like(r.body as object, { ok: false, state: 'failed', last_status: null });
    t.regex((r.body as { last_error: string }).last_error, /refused: localhost resolves to/);
    t.is(receiver.received.length, 0);
  },
);

test.serial(
  'a public address (IPv4, or IPv6 with NAT64 of a public IPv4) is not taken for an internal one',
  async (t) => {
    for (const url of [
      'http://93.184.216.34/hook',
      'http://[64:ff9b::5db8:d822]/hook',
      'http://[2606:4700::1111]/hook',
    ]) {
      const r = await post('/notification-channels', {
        kind: 'webhook',
        name: `public-${url.length}`,
        url,
        signing_secret: signing,
      });
      t.is(r.status, 201, `${url}: ${r.text}`);
    }
  },
);
