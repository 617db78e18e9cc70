// Alert channels and rules over HTTP against a real webhook receiver and a real SMTP server with
// STARTTLS and a login: secrets sealed and never shown, the test route's outcomes (a 400, a redirect
// not followed, a wrong password), replace keeping left-out secrets, who may write which rule, 422s
// naming the field, deliveries paged.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { startReceiver, startSmtp } from '../support/alertPeers.js';
import { freePort } from '../support/ports.js';

// Channels, rules and deliveries over the API, and the channel test against a real HTTP receiver
// and a real SMTP server (smtp-server, STARTTLS with its self-signed certificate, a login).

const signing = 'receiver-signing-secret-0123456789';
let api: TestApi;
let admin: string;
let op: string;
let viewer: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.before(async () => {
  api = await startTestApi({ SERVICE_ALERT_TIMEOUT_SECONDS: '3' });
  admin = await api.tokenFor('alert-admin', 'admin');
  op = await api.tokenFor('alert-op', 'operator');
  viewer = await api.tokenFor('alert-viewer', 'viewer');
  receiver = await startReceiver(signing);
  smtp = await startSmtp('alerts', 'smtp-password-42');
});
test.after.always(async () => {
  await receiver?.close();
  await smtp?.close();
  await api?.close();
});

const webhook = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'webhook',
  name,
  url: receiver.url,
  signing_secret: signing,
  ...extra,
});
const email = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'email',
  name,
  host: '127.0.0.1',
  port: smtp.port,
  security: 'starttls',
  verify_tls: false,
  username: 'alerts',
  password: 'smtp-password-42',
  from: 'surveyor@example.org',
  to: ['ops@example.org', 'oncall@example.org'],
  ...extra,
});
const post = (path: string, body: unknown, token = admin) => api.call('POST', path, { body, token });
const issuePaths = (b: unknown) =>
  (b as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path);

test.serial('a webhook channel stores its secrets sealed and never shows them', async (t) => {
  const r = await post('/notification-channels', webhook('hook-sealed'));
  t.is(r.status, 201, r.text);
  const c = r.body as Record<string, unknown>;
  t.deepEqual(c['settings'], { kind: 'webhook', format: 'json', target: new URL(receiver.url).origin });
  t.deepEqual(c['sealed_fields'], ['signing_secret', 'url']);
  t.false(r.text.includes(signing));
  t.false(r.text.includes('receiver-token-42'));
  const got = await api.call('GET', `/notification-channels/${c['id']}`, { token: viewer });
  t.is(got.status, 200);
  t.false(got.text.includes(signing));
  const row = await api.container
    .get<{ one: (q: string, v: unknown[]) => Promise<{ sealed_secrets: string; settings: unknown }> }>(
      Symbol.for('Db'),
    )
    .one('SELECT sealed_secrets, settings FROM notification_channels WHERE id = $1', [c['id']]);
  t.false(row.sealed_secrets.includes(signing));
  t.false(JSON.stringify(row).includes('receiver-token-42'));
  t.false(api.logs.join('\n').includes(signing));
});

test.serial('the test route sends a signed webhook and says what happened', async (t) => {
  const c = (await post('/notification-channels', webhook('hook-test'))).body as { id: string };
  const before = receiver.received.length;
  const r = await post(`/notification-channels/${c.id}/test`, undefined, op);
  t.is(r.status, 200, r.text);
  const d = r.body as Record<string, unknown>;
  t.like(d, {
    ok: true,
    state: 'delivered',
    type: 'test',
    last_status: 200,
    attempts: 1,
    channel_kind: 'webhook',
  });
  t.is(typeof d['last_latency_ms'], 'number');
  const got = receiver.received[before]!;
  t.true(got.signatureOk);
  t.is(got.deliveryId, d['id'] as string);
  t.like(got.body, { id: d['id'], type: 'test' });
  // Recorded, and readable by a viewer.
  const again = await api.call('GET', `/alert-deliveries/${d['id']}`, { token: viewer });
  t.like(again.body as object, { state: 'delivered', type: 'test' });
});

test.serial('a 400 from the receiver is a recorded failure with its status', async (t) => {
  const c = (await post('/notification-channels', webhook('hook-400'))).body as { id: string };
  receiver.respondWith(() => 400);
  try {
    const r = await post(`/notification-channels/${c.id}/test`, undefined, op);
    t.is(r.status, 200, r.text);
    t.like(r.body as object, { ok: false, state: 'failed', last_status: 400 });
    t.regex((r.body as { last_error: string }).last_error, /HTTP 400: answer 400/);
  } finally {
    receiver.respondWith(() => 200);
  }
});

test.serial('a redirect to another host is not followed', async (t) => {
  const c = (await post('/notification-channels', webhook('hook-redirect'))).body as { id: string };
  receiver.respondWith(() => ({ status: 307, location: 'http://127.0.0.2:9/elsewhere' }));
  try {
    const before = receiver.received.length;
    const r = await post(`/notification-channels/${c.id}/test`, undefined, op);
    t.like(r.body as object, { ok: false, last_status: 307 });
    t.regex((r.body as { last_error: string }).last_error, /redirect to 127\.0\.0\.2:9, not followed/);
    t.is(receiver.received.length, before + 1);
  } finally {
    receiver.respondWith(() => 200);
  }
});

test.serial('an e-mail channel delivers a test message over STARTTLS with a login', async (t) => {
  const c = (await post('/notification-channels', email('mail-ok'))).body as {
    id: string;
    sealed_fields: string[];
  };
  t.deepEqual(c.sealed_fields, ['password']);
  const r = await post(`/notification-channels/${c.id}/test`, undefined, op);
  t.is(r.status, 200, r.text);
  t.like(r.body as object, { ok: true, state: 'delivered', channel_kind: 'email', last_status: 250 });
  const mail = smtp.mails.at(-1)!;
  t.is(mail.subject, '[surveyor] test message for channel mail-ok');
  t.deepEqual(mail.to, ['ops@example.org', 'oncall@example.org']);
  t.regex(mail.body, /A test message from surveyor, sent by alert-op/);
  t.regex(mail.headers, new RegExp(`Message-ID: <${(r.body as { id: string }).id}@surveyor.alerts>`, 'i'));
});

test.serial(
  'a wrong SMTP password and an unreachable server are recorded failures, not crashes',
  async (t) => {
    const wrong = (
      await post('/notification-channels', email('mail-wrong', { password: 'not-the-password' }))
    ).body as {
      id: string;
    };
    const r = await post(`/notification-channels/${wrong.id}/test`, undefined, op);
    t.is(r.status, 200, r.text);
    t.like(r.body as object, { ok: false, state: 'failed', last_status: 535 });
    t.regex((r.body as { last_error: string }).last_error, /EAUTH/);
    t.false(r.text.includes('not-the-password'));
    const closed = await freePort();
    const down = (await post('/notification-channels', email('mail-down', { port: closed }))).body as {
      id: string;
    };
    const r2 = await post(`/notification-channels/${down.id}/test`, undefined, op);
    t.is(r2.status, 200, r2.text);
    t.like(r2.body as object, { ok: false, state: 'failed', last_status: null });
    t.regex((r2.body as { last_error: string }).last_error, /ECONNECTION|ECONNREFUSED/);
    const health = await api.call('GET', '/health');
    t.is(health.status, 200);
  },
);

test.serial('replacing a channel keeps the secrets it leaves out', async (t) => {
  const c = (await post('/notification-channels', webhook('hook-keep'))).body as { id: string };
  const { url: _u, signing_secret: _s, ...bare } = webhook('hook-keep-2', { format: 'slack' });
  const r = await api.call('PUT', `/notification-channels/${c.id}`, { body: bare, token: admin });
  t.is(r.status, 200, r.text);
  t.like(r.body as object, { name: 'hook-keep-2', version: 2, sealed_fields: ['signing_secret', 'url'] });
  const before = receiver.received.length;
  const sent = await post(`/notification-channels/${c.id}/test`, undefined, op);
  t.like(sent.body as object, { ok: true });
  const got = receiver.received[before]!;
  t.true(got.signatureOk);
  t.regex(String(got.body['text']), /^\*\[surveyor\] test message/);
});

test.serial("channels are an admin's; rules an operator's; deliveries anyone's to read", async (t) => {
  t.is((await post('/notification-channels', webhook('hook-op'), op)).status, 403);
  t.is((await post('/notification-channels', webhook('hook-viewer'), viewer)).status, 403);
  const c = (await post('/notification-channels', webhook('hook-roles'))).body as { id: string };
  t.is(
    (await api.call('PATCH', `/notification-channels/${c.id}`, { body: { enabled: false }, token: op }))
      .status,
    403,
  );
  t.is((await api.call('DELETE', `/notification-channels/${c.id}`, { token: op })).status, 403);
  t.is((await post(`/notification-channels/${c.id}/test`, undefined, viewer)).status, 403);
  const rule = { kind: 'execution_ended', name: 'roles-rule', channels: [c.id] };
  t.is((await post('/alert-rules', rule, viewer)).status, 403);
  const made = await post('/alert-rules', rule, op);
  t.is(made.status, 201, made.text);
  t.like(made.body as object, {
    states: ['failed'],
    profile_name: null,
    cooldown_minutes: 60,
    enabled: true,
  });
  t.is((await api.call('GET', '/alert-rules', { token: viewer })).status, 200);
  t.is((await api.call('GET', '/alert-deliveries', { token: viewer })).status, 200);
  t.is((await api.call('GET', '/alert-deliveries')).status, 401);
  // A channel a rule sends to cannot be deleted.
  const del = await api.call('DELETE', `/notification-channels/${c.id}`, { token: admin });
  t.is(del.status, 409, del.text);
  t.regex(del.text, /roles-rule/);
  t.is(
    (await api.call('DELETE', `/alert-rules/${(made.body as { id: string }).id}`, { token: op })).status,
    200,
  );
  t.is((await api.call('DELETE', `/notification-channels/${c.id}`, { token: admin })).status, 200);
});

test.serial(
  "an account_changed rule is an admin's: operators can neither make nor silence one",
  async (t) => {
    const c = (await post('/notification-channels', webhook('hook-accounts'))).body as { id: string };
    const rule = { kind: 'account_changed', name: 'accounts', channels: [c.id] };
    const byOp = await post('/alert-rules', rule, op);
    t.is(byOp.status, 403, byOp.text);
    t.regex(byOp.text, /only an admin may make or change an account_changed rule/);
    const inProject = await post('/alert-rules', { ...rule, project_module: 'wallaby_hires' });
    t.is(inProject.status, 422, inProject.text);
    t.deepEqual(issuePaths(inProject.body), ['project_module']);
    const made = await post('/alert-rules', rule);
    t.is(made.status, 201, made.text);
    const id = (made.body as { id: string }).id;
    t.like(made.body as object, {
      kind: 'account_changed',
      project_module: null,
      changes: [
        'created',
        'role_changed',
        'disabled',
        'enabled',
        'password_set',
        'login_unlocked',
        'login_held_back',
        'token_created',
        'token_revoked',
      ],
    });
    const asOp = (method: 'PATCH' | 'PUT' | 'DELETE', body?: unknown) =>
      api.call(method, `/alert-rules/${id}`, { body, token: op });
    t.is((await asOp('PATCH', { enabled: false })).status, 403, 'not disabled by an operator');
    t.is((await asOp('DELETE')).status, 403, 'not deleted by an operator');
    const other = { kind: 'execution_ended', name: 'accounts', channels: [c.id] };
    t.is((await asOp('PUT', other)).status, 403, 'not turned into another kind by an operator');
    t.like((await api.call('GET', `/alert-rules/${id}`, { token: viewer })).body as object, {
      enabled: true,
    });
    const ops = (await post('/alert-rules', { ...other, name: 'an operators' }, op)).body as { id: string };
    const takeOver = await api.call('PUT', `/alert-rules/${ops.id}`, {
      body: { ...rule, name: 'x' },
      token: op,
    });
    t.is(takeOver.status, 403, "an operator's rule is not turned into one either");
    // token_expiring reports accounts' API tokens: an admin's too, of no project, 7 days by default.
    const expiring = { kind: 'token_expiring', name: 'tokens', channels: [c.id] };
    const tokensByOp = await post('/alert-rules', expiring, op);
    t.is(tokensByOp.status, 403, tokensByOp.text);
    t.regex(tokensByOp.text, /only an admin may make or change a token_expiring rule/);
    t.is((await post('/alert-rules', { ...expiring, project_module: 'wallaby_hires' })).status, 422);
    const tokensRule = await post('/alert-rules', expiring);
    t.is(tokensRule.status, 201, tokensRule.text);
    t.like(tokensRule.body as object, { kind: 'token_expiring', days: 7, project_module: null });
    const tokensId = (tokensRule.body as { id: string }).id;
    t.is((await api.call('DELETE', `/alert-rules/${tokensId}`, { token: op })).status, 403);
    t.is((await api.call('DELETE', `/alert-rules/${tokensId}`, { token: admin })).status, 200);
    t.is((await api.call('DELETE', `/alert-rules/${id}`, { token: admin })).status, 200);
    t.is((await api.call('DELETE', `/alert-rules/${ops.id}`, { token: op })).status, 200);
    t.is((await api.call('DELETE', `/notification-channels/${c.id}`, { token: admin })).status, 200);
  },
);

test.serial('malformed channels and rules are refused with 422 naming the field', async (t) => {
  const cases: [unknown, string][] = [
    [{ kind: 'webhook', name: 'x' }, 'url'],
    [webhook('bad-url', { url: 'ftp://example.org/x' }), 'url'],
    [webhook('creds', { url: 'https://user:pw@example.org/x' }), 'url'],
    [webhook('short', { signing_secret: 'short' }), 'signing_secret'],
    [webhook('fmt', { format: 'xml' }), 'format'],
    [webhook('extra', { headers: { a: 'b' } }), 'headers'],
    [{ kind: 'pager', name: 'x' }, 'kind'],
    [email('bad-to', { to: [] }), 'to'],
    [email('inject', { to: ['a@example.org\r\nBcc: evil@example.org'] }), 'to'],
    [email('bad-from', { from: 'Surveyor <s@example.org>' }), 'from'],
    [email('no-pass', { password: undefined }), 'password'],
    [email('plain-pass', { security: 'none' }), 'security'],
    [email('bad-host', { host: 'smtp example.org' }), 'host'],
    [email('bad-port', { port: 70000 }), 'port'],
    [webhook('x'.repeat(101)), 'name'],
  ];
  for (const [body, path] of cases) {
    const r = await post('/notification-channels', body);
    t.is(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
    t.true(
      issuePaths(r.body).some((p) => p.startsWith(path)),
      `${path} in ${r.text}`,
    );
  }
  const c = (await post('/notification-channels', webhook('hook-rules-422'))).body as { id: string };
  const rules: [unknown, string][] = [
    [{ kind: 'execution_ended', name: 'r', channels: [] }, 'channels'],
    [
      { kind: 'execution_ended', name: 'r', channels: ['00000000-0000-4000-8000-000000000000'] },
      'channels.0',
    ],
    [{ kind: 'execution_ended', name: 'r', channels: [c.id], states: ['running'] }, 'states'],
    [{ kind: 'execution_ended', name: 'r', channels: [c.id, c.id] }, 'channels'],
    [{ kind: 'pending_too_long', name: 'r', channels: [c.id] }, 'minutes'],
    [{ kind: 'queue_backlog', name: 'r', channels: [c.id] }, 'max_depth'],
    [{ kind: 'queue_backlog', name: 'r', channels: [c.id], max_depth: 0 }, 'max_depth'],
    [{ kind: 'nonsense', name: 'r', channels: [c.id] }, 'kind'],
    [{ kind: 'execution_ended', name: 'r', channels: [c.id], cooldown_minutes: -1 }, 'cooldown_minutes'],
    [
      { kind: 'execution_ended', name: 'r', channels: [c.id], project_module: 'Bad-Module' },
      'project_module',
    ],
    [{ kind: 'discovery_changed', name: 'r', channels: [c.id], minutes: 5 }, 'minutes'],
  ];
  for (const [body, path] of rules) {
    const r = await post('/alert-rules', body, op);
    t.is(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
    t.true(
      issuePaths(r.body).some((p) => p.startsWith(path)),
      `${path} in ${r.text}`,
    );
  }
  // A refused secret is described, never echoed.
  const short = await post(
    '/notification-channels',
    webhook('short-secret', { signing_secret: 'tiny-secret' }),
  );
  t.is(short.status, 422);
  t.false(short.text.includes('tiny-secret'), short.text);
  t.regex(short.text, /got a string of 11 characters/);
  const badUrl = await post(
    '/notification-channels',
    webhook('bad-url-token', { url: 'ftp://example.org/token-xyz' }),
  );
  t.false(badUrl.text.includes('token-xyz'), badUrl.text);
  const noDeps = await post(
    '/alert-rules',
    { kind: 'dependency_down', name: 'r', dependencies: [], channels: [c.id] },
    op,
  );
  t.is(noDeps.status, 422);
  t.true(issuePaths(noDeps.body).includes('dependencies'));
});

test.serial('deliveries are listed newest first, filtered and paged', async (t) => {
  const c = (await post('/notification-channels', webhook('hook-paging'))).body as { id: string };
  for (let i = 0; i < 3; i++) await post(`/notification-channels/${c.id}/test`, undefined, op);
  const p1 = await api.call('GET', `/alert-deliveries?channel_id=${c.id}&limit=2`, { token: viewer });
  t.is(p1.status, 200, p1.text);
  const b1 = p1.body as { items: { id: string; created_at: string }[]; next_cursor: string };
  t.is(b1.items.length, 2);
  t.truthy(b1.next_cursor);
  const p2 = await api.call('GET', `/alert-deliveries?channel_id=${c.id}&limit=2&cursor=${b1.next_cursor}`, {
    token: viewer,
  });
  const b2 = p2.body as { items: { id: string }[]; next_cursor: string | null };
  t.is(b2.items.length, 1);
  t.is(b2.next_cursor, null);
  t.is(new Set([...b1.items, ...b2.items].map((d) => d.id)).size, 3);
  const failed = await api.call('GET', `/alert-deliveries?channel_id=${c.id}&state=failed`, {
    token: viewer,
  });
  t.deepEqual((failed.body as { items: unknown[] }).items, []);
  const bad = await api.call('GET', '/alert-deliveries?cursor=bm9wZQ', { token: viewer });
  t.is(bad.status, 422);
});
