// Alerts delivered by a real `surveyor worker` to a real webhook receiver and SMTP server: signed,
// with the reason; a 400 failed at once, a 500 and a receiver down retried under one delivery id,
// the cooldown folding a repeat, the metrics, and a worker SIGKILLed mid-delivery losing nothing,
// delivering nothing twice, and reported lost once.
import test from 'ava';
import type { Db } from '../../adapters/postgres/db.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startReceiver } from '../support/alertPeers.js';
import { runCli } from '../support/child.js';
import { freePort } from '../support/ports.js';
import { until } from '../support/until.js';
import { deliverySession, signing } from '../support/deliverySession.js';

const { d: peers, post, hook, failedRule, executionFailed, deliveries, settled } = deliverySession(test);

test.serial('an execution-failed alert arrives by e-mail and webhook, signed, with the reason', async (t) => {
  const w = await hook('deliver-hook');
  const mail = await post('/notification-channels', {
    kind: 'email',
    name: 'deliver-mail',
    host: '127.0.0.1',
    port: peers.smtp.port,
    verify_tls: false,
    username: 'alerts',
    password: 'smtp-password-42',
    from: 'surveyor@example.org',
    to: ['ops@example.org'],
  });
  const rule = await failedRule('failed-runs', [w.id, mail.id], 'deliver_a');
  const before = peers.receiver.received.length;
  await executionFailed('deliver_a', '11111111-1111-4111-8111-111111111111');
  // Another project's failure is not this rule's.
  await executionFailed('deliver_other', '22222222-2222-4222-8222-222222222222');
  const d = await settled(rule.id, 2);
  t.is(d.length, 2);
  t.true(
    d.every((x) => x.state === 'delivered' && x.attempts === 1),
    JSON.stringify(d),
  );
  const got = peers.receiver.received.slice(before);
  t.is(got.length, 1);
  t.true(got[0]!.signatureOk);
  t.like(got[0]!.body, {
    type: 'alert',
    subject: '[surveyor] deliver_a: execution 11111111-1111-4111-8111-111111111111 failed',
    rule: { id: rule.id, name: 'failed-runs', kind: 'execution_ended' },
  });
  t.regex(String(got[0]!.body['text']), /error: graph failed: 3 drops in error/);
  const m = peers.smtp.mails.at(-1)!;
  t.is(m.subject, '[surveyor] deliver_a: execution 11111111-1111-4111-8111-111111111111 failed');
  t.regex(m.body, /error: graph failed: 3 drops in error/);
  t.regex(m.body, /rule: failed-runs/);
});

test.serial(
  'a 500 is retried with backoff and then delivered; the receiver sees one delivery id',
  async (t) => {
    const w = await hook('retry-hook');
    const rule = await failedRule('retry-500', [w.id], 'deliver_b');
    let n = 0;
    peers.receiver.respondWith(() => (++n <= 2 ? 500 : 200));
    const before = peers.receiver.received.length;
    try {
      await executionFailed('deliver_b', '33333333-3333-4333-8333-333333333333');
      const [d] = await settled(rule.id);
      t.like(d, { state: 'delivered', attempts: 3, last_status: 200 });
      const got = peers.receiver.received.slice(before);
      t.is(got.length, 3);
      t.is(new Set(got.map((g) => g.deliveryId)).size, 1);
      t.is(got[0]!.deliveryId, d!.id);
    } finally {
      peers.receiver.respondWith(() => 200);
    }
  },
);

test.serial('a 400 fails at once, without a retry', async (t) => {
  const w = await hook('fail-hook');
  const rule = await failedRule('fail-400', [w.id], 'deliver_c');
  peers.receiver.respondWith(() => 400);
  const before = peers.receiver.received.length;
  try {
    await executionFailed('deliver_c', '44444444-4444-4444-8444-444444444444');
    const [d] = await settled(rule.id);
    t.like(d, { state: 'failed', attempts: 1, last_status: 400 });
    await new Promise((r) => setTimeout(r, 2500));
    t.is(peers.receiver.received.length, before + 1);
  } finally {
    peers.receiver.respondWith(() => 200);
  }
});

test.serial('a receiver down at first is retried until it comes back', async (t) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/late`;
  const w = await hook('late-hook', url);
  const rule = await failedRule('late-receiver', [w.id], 'deliver_d');
  await executionFailed('deliver_d', '55555555-5555-4555-8555-555555555555');
  await until(
    'a second attempt at the late receiver',
    async () => ((await deliveries(rule.id))[0]?.attempts ?? 0) >= 2,
    20_000,
  );
  const late = await startReceiver(signing, port);
  try {
    const [d] = await settled(rule.id);
    t.is(d!.state, 'delivered');
    // At least one try failed before it: the second may already be on its way when the receiver
    // comes up, and then delivers.
    t.true(d!.attempts >= 2, `attempts ${d!.attempts}`);
    t.is(late.received.length, 1);
    t.true(late.received[0]!.signatureOk);
  } finally {
    await late.close();
  }
});

test.serial('the same alert inside the cooldown is one delivery, counted as suppressed', async (t) => {
  const w = await hook('dedup-hook');
  const rule = await failedRule('dedup', [w.id], 'deliver_e');
  const before = peers.receiver.received.length;
  await executionFailed('deliver_e', '66666666-6666-4666-8666-666666666666');
  await settled(rule.id);
  await executionFailed('deliver_e', '66666666-6666-4666-8666-666666666666');
  await until(
    'the repeat folded into the first delivery',
    async () => (await deliveries(rule.id))[0]!.suppressed === 1,
    10_000,
  );
  // A different execution is a different alert.
  await executionFailed('deliver_e', '77777777-7777-4777-8777-777777777777');
  const d = await settled(rule.id, 2);
  t.is(d.length, 2);
  t.is(peers.receiver.received.length, before + 2);
});

test.serial(
  'metrics show deliveries by channel kind and state, their latency and the rules firing',
  async (t) => {
    const r = await peers.api.call('GET', '/metrics');
    t.is(r.status, 200);
    const value = (re: RegExp) => Number(re.exec(r.text)?.[1] ?? Number.NaN);
    t.true(
      value(/^surveyor_alert_deliveries\{channel_kind="webhook",state="delivered"[^}]*\} (\d+)$/m) >= 4,
      r.text,
    );
    t.is(value(/^surveyor_alert_deliveries\{channel_kind="webhook",state="failed"[^}]*\} (\d+)$/m), 1);
    t.is(value(/^surveyor_alert_deliveries\{channel_kind="email",state="delivered"[^}]*\} (\d+)$/m), 1);
    t.true(
      value(
        /^surveyor_alert_delivery_latency_seconds\{channel_kind="webhook",quantile="0.95"[^}]*\} ([\d.e-]+)$/m,
      ) >= 0,
    );
    t.true(value(/^surveyor_alert_rules_firing\{rule_kind="execution_ended"[^}]*\} (\d+)$/m) >= 5);
  },
);

test.serial(
  'a worker killed mid-delivery neither loses the delivery nor makes a second one, and is reported lost',
  async (t) => {
    // The shared worker stops; this test runs its own.
    peers.worker!.child.kill('SIGTERM');
    await peers.worker!.exited();
    const w = await hook('kill-hook');
    const rule = await failedRule('killed-worker', [w.id], 'deliver_f');
    await post(
      '/alert-rules',
      { kind: 'worker_lost', name: 'lost-workers', channels: [w.id], cooldown_minutes: 5 },
      peers.op,
    );
    const before = peers.receiver.received.length;
    const of = (name: string) =>
      peers.receiver.received
        .slice(before)
        .filter((r) => (r.body['rule'] as { name?: string } | null)?.name === name);
    peers.receiver.respondWith((_r, n) => (n === before + 1 ? 'hang' : 200));
    const first = runCli(['worker'], peers.env);
    try {
      await executionFailed('deliver_f', '88888888-8888-4888-8888-888888888888');
      await until(
        'the first request at the receiver',
        async () => peers.receiver.received.length > before,
        20_000,
      );
      first.child.kill('SIGKILL');
      await first.exited();
      // The same event recorded again inside the window: folded, not sent.
      await executionFailed('deliver_f', '88888888-8888-4888-8888-888888888888');
      peers.worker = runCli(['worker'], peers.env);
      const d = await settled(rule.id, 1, 40_000);
      t.is(d.length, 1);
      t.like(d[0], { state: 'delivered', attempts: 2, suppressed: 1 });
      const got = of('killed-worker');
      t.is(got.length, 2);
      t.deepEqual([...new Set(got.map((g) => g.deliveryId))], [d[0]!.id]);
      // The killed worker never deregistered: its silence is reported, once; the one stopped
      // cleanly before this test is not.
      await until('the lost worker reported', async () => of('lost-workers').length > 0, 20_000);
      await new Promise((r) => setTimeout(r, 3000));
      const lost = of('lost-workers');
      t.is(lost.length, 1);
      t.regex(String(lost[0]!.body['subject']), new RegExp(`\\(pid ${first.child.pid}\\) lost`));
    } finally {
      first.child.kill('SIGKILL');
      peers.receiver.respondWith(() => 200);
    }
    t.false(peers.api.logs.join('\n').includes(signing));
    const rows = await peers.api.container
      .get<Db>(TYPES.Db)
      .any<{ n: number }>(`SELECT count(*)::int AS n FROM alert_outbox`);
    t.is(rows[0]!.n, 0);
  },
);
