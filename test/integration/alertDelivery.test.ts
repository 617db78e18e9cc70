// Alerts delivered by a real `surveyor worker` to a real webhook receiver and SMTP server
// (support/alertPeers.ts): signed, with the reason; a 400 failed at once, a 500 and a receiver down
// retried under one delivery id, the cooldown folding a repeat, a role change and a profile pause told
// with who did it, and a worker SIGKILLed mid-delivery losing nothing and delivering nothing twice.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { Db } from '../../adapters/postgres/db.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startReceiver, startSmtp } from '../support/alertPeers.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { fastWorkerEnv, type Running, runCli } from '../support/child.js';
import { freePort } from '../support/ports.js';
import { until } from '../support/until.js';

// Deliveries end to end: events recorded by the service become deliveries on the worker's alert
// tick, and a real `surveyor worker` sends them to a real HTTP receiver and a real SMTP server,
// retrying what is worth retrying, across a worker killed mid-delivery.

const signing = 'delivery-signing-secret-0123456789';
const secretsKey = 'alert-delivery-test-secrets-key-0123456789';
let api: TestApi;
let admin: string;
let op: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: Running | undefined;
let env: NodeJS.ProcessEnv;

test.before(async () => {
  api = await startTestApi({ SERVICE_SECRETS_KEY: secretsKey });
  admin = await api.tokenFor('deliver-admin', 'admin');
  op = await api.tokenFor('deliver-op', 'operator');
  receiver = await startReceiver(signing);
  smtp = await startSmtp('alerts', 'smtp-password-42');
  env = fastWorkerEnv(
    api.container.get<Config>(TYPES.Config).DATABASE_URL!,
    mkdtempSync(join(tmpdir(), 'surveyor-alerts-')),
    {
      SERVICE_SECRETS_KEY: secretsKey,
      SERVICE_ALERT_TICK_SECONDS: '1',
      SERVICE_ALERT_TIMEOUT_SECONDS: '2',
      SERVICE_JOB_RETRY_BASE_SECONDS: '1',
      SERVICE_JOB_RETRY_CAP_SECONDS: '2',
      SERVICE_WORKER_STALE_SECONDS: '3',
      SERVICE_WORKER_HEARTBEAT_SECONDS: '1',
    },
  );
  worker = runCli(['worker'], env);
  await worker.waitFor(/worker started|scheduler/i, 30_000);
});
test.after.always(async () => {
  worker?.child.kill('SIGKILL');
  await receiver?.close();
  await smtp?.close();
  await api?.close();
});

const post = async (path: string, body: unknown, token = admin) => {
  const r = await api.call('POST', path, { body, token });
  if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body as { id: string };
};
const hook = (name: string, url = receiver.url) =>
  post('/notification-channels', { kind: 'webhook', name, url, signing_secret: signing });
const failedRule = (name: string, channels: string[], project: string) =>
  post(
    '/alert-rules',
    { kind: 'execution_ended', name, channels, project_module: project, cooldown_minutes: 30 },
    op,
  );

/** Records an execution's end as the pipeline does (through the event log, with its outbox row). */
const executionFailed = (project: string, executionId: string) =>
  api.container.get<EventLog>(TYPES.Events).append(
    {
      projectModule: project,
      subjectType: 'execution',
      subjectId: executionId,
      kind: 'execution.failed',
      payload: { attempt: 1, error: 'graph failed: 3 drops in error', remote_state: 'error' },
      actor: null,
    },
    new Date(),
  );

type Delivery = {
  id: string;
  state: string;
  attempts: number;
  suppressed: number;
  last_status: number | null;
};
const deliveries = async (ruleId: string): Promise<Delivery[]> =>
  (
    (await api.call('GET', `/alert-deliveries?rule_id=${ruleId}`, { token: op })).body as {
      items: Delivery[];
    }
  ).items;
const settled = async (ruleId: string, n = 1, ms = 30_000) => {
  try {
    await until(
      'the deliveries of the rule to settle',
      async () => {
        const d = await deliveries(ruleId);
        return d.length >= n && d.every((x) => x.state !== 'pending');
      },
      ms,
    );
  } catch (err) {
    throw new Error(
      `${(err as Error).message}: ${JSON.stringify(await deliveries(ruleId))}; worker:\n${worker?.output().slice(-3000)}`,
    );
  }
  return deliveries(ruleId);
};

test.serial('an execution-failed alert arrives by e-mail and webhook, signed, with the reason', async (t) => {
  const w = await hook('deliver-hook');
  const mail = await post('/notification-channels', {
    kind: 'email',
    name: 'deliver-mail',
    host: '127.0.0.1',
    port: smtp.port,
    verify_tls: false,
    username: 'alerts',
    password: 'smtp-password-42',
    from: 'surveyor@example.org',
    to: ['ops@example.org'],
  });
  const rule = await failedRule('failed-runs', [w.id, mail.id], 'deliver_a');
  const before = receiver.received.length;
  await executionFailed('deliver_a', '11111111-1111-4111-8111-111111111111');
  // Another project's failure is not this rule's.
  await executionFailed('deliver_other', '22222222-2222-4222-8222-222222222222');
  const d = await settled(rule.id, 2);
  t.is(d.length, 2);
  t.true(
    d.every((x) => x.state === 'delivered' && x.attempts === 1),
    JSON.stringify(d),
  );
  const got = receiver.received.slice(before);
  t.is(got.length, 1);
  t.true(got[0]!.signatureOk);
  t.like(got[0]!.body, {
    type: 'alert',
    subject: '[surveyor] deliver_a: execution 11111111-1111-4111-8111-111111111111 failed',
    rule: { id: rule.id, name: 'failed-runs', kind: 'execution_ended' },
  });
  t.regex(String(got[0]!.body['text']), /error: graph failed: 3 drops in error/);
  const m = smtp.mails.at(-1)!;
  t.is(m.subject, '[surveyor] deliver_a: execution 11111111-1111-4111-8111-111111111111 failed');
  t.regex(m.body, /error: graph failed: 3 drops in error/);
  t.regex(m.body, /rule: failed-runs/);
});

test.serial(
  'a role changed on the host reaches the webhook, naming the account, the change and who made it',
  async (t) => {
    const w = await hook('accounts-hook');
    const rule = await post('/alert-rules', {
      kind: 'account_changed',
      name: 'accounts',
      channels: [w.id],
      changes: ['role_changed'],
    });
    await api.addUser('acct-op', 'operator');
    const before = receiver.received.length;
    const cli = runCli(['user', 'set-role', '--username', 'acct-op', '--role', 'admin'], env);
    t.is(await cli.exited(60_000), 0, cli.output());
    const [d] = await settled(rule.id);
    t.like(d, { state: 'delivered', attempts: 1 });
    const got = receiver.received.slice(before);
    t.is(got.length, 1, 'the account made before is not a role change');
    t.true(got[0]!.signatureOk);
    t.like(got[0]!.body, {
      subject: '[surveyor] account acct-op: role changed from operator to admin',
      rule: { id: rule.id, name: 'accounts', kind: 'account_changed' },
    });
    t.regex(String(got[0]!.body['text']), /^by: host:\S+$/m);
  },
);

test.serial('a profile paused and resumed is told to the project, with who did it and why', async (t) => {
  const w = await hook('pause-hook');
  const rule = await post(
    '/alert-rules',
    { kind: 'profile_paused', name: 'pauses', channels: [w.id], project_module: 'deliver_p' },
    op,
  );
  const profile = await post('/deployment-profiles', {
    name: 'pz',
    project_module: 'deliver_p',
    translation: {},
    deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
  });
  const before = receiver.received.length;
  // A window announced ahead: the alert says when it begins and ends.
  const hour = Math.ceil(Date.now() / 3600_000) * 3600_000;
  const ahead = {
    from: new Date(hour + 3600_000).toISOString(),
    until: new Date(hour + 3 * 3600_000).toISOString(),
  };
  const pause = await api.call('POST', `/deployment-profiles/${profile.id}/pause`, {
    token: op,
    body: { reason: 'DIM upgrade until 18:00', from: ahead.from, until: ahead.until },
  });
  t.is(pause.status, 200, pause.text);
  t.is((await api.call('POST', `/deployment-profiles/${profile.id}/resume`, { token: op })).status, 200);
  const d = await settled(rule.id, 2);
  t.true(
    d.every((x) => x.state === 'delivered'),
    JSON.stringify(d),
  );
  const got = receiver.received
    .slice(before)
    .map((r) => [String(r.body['subject']), String(r.body['text'])] as const)
    .sort();
  t.deepEqual(
    got.map(([s]) => s),
    ['[surveyor] deliver_p: profile pz paused', '[surveyor] deliver_p: profile pz resumed'],
  );
  for (const [, text] of got) {
    t.regex(text, /^reason: DIM upgrade until 18:00$/m);
    t.regex(text, /^by: deliver-op$/m);
    t.true(text.includes(`\nfrom: ${ahead.from}\nuntil: ${ahead.until}\n`), text);
  }
});

test.serial(
  'a window set ahead is told as it begins and as it ends, by the scheduler, once each',
  async (t) => {
    const w = await hook('window-hook');
    const rule = await post(
      '/alert-rules',
      { kind: 'profile_paused', name: 'windows', channels: [w.id], project_module: 'deliver_w' },
      op,
    );
    const profile = await post('/deployment-profiles', {
      name: 'pw',
      project_module: 'deliver_w',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    });
    const before = receiver.received.length;
    const window = {
      from: new Date(Date.now() + 1_500).toISOString(),
      until: new Date(Date.now() + 3_500).toISOString(),
    };
    const pause = await api.call('POST', `/deployment-profiles/${profile.id}/pause`, {
      token: op,
      body: { reason: 'login node reboot', ...window },
    });
    t.is(pause.status, 200, pause.text);
    const d = await settled(rule.id, 3);
    t.true(
      d.every((x) => x.state === 'delivered'),
      JSON.stringify(d),
    );
    const got = receiver.received
      .slice(before)
      .map((r) => [String(r.body['subject']), String(r.body['text'])] as const);
    t.deepEqual(got.map(([s]) => s).sort(), [
      '[surveyor] deliver_w: profile pw paused',
      '[surveyor] deliver_w: profile pw paused: the window set ahead began',
      '[surveyor] deliver_w: profile pw resumed: the window ended at its time',
    ]);
    for (const [, text] of got) t.regex(text, /^reason: login node reboot$/m);
    // Told once: more ticks add nothing.
    await new Promise((r) => setTimeout(r, 2_000));
    t.is((await deliveries(rule.id)).length, 3);
  },
);

test.serial(
  'a 500 is retried with backoff and then delivered; the receiver sees one delivery id',
  async (t) => {
    const w = await hook('retry-hook');
    const rule = await failedRule('retry-500', [w.id], 'deliver_b');
    let n = 0;
    receiver.respondWith(() => (++n <= 2 ? 500 : 200));
    const before = receiver.received.length;
    try {
      await executionFailed('deliver_b', '33333333-3333-4333-8333-333333333333');
      const [d] = await settled(rule.id);
      t.like(d, { state: 'delivered', attempts: 3, last_status: 200 });
      const got = receiver.received.slice(before);
      t.is(got.length, 3);
      t.is(new Set(got.map((g) => g.deliveryId)).size, 1);
      t.is(got[0]!.deliveryId, d!.id);
    } finally {
      receiver.respondWith(() => 200);
    }
  },
);

test.serial('a 400 fails at once, without a retry', async (t) => {
  const w = await hook('fail-hook');
  const rule = await failedRule('fail-400', [w.id], 'deliver_c');
  receiver.respondWith(() => 400);
  const before = receiver.received.length;
  try {
    await executionFailed('deliver_c', '44444444-4444-4444-8444-444444444444');
    const [d] = await settled(rule.id);
    t.like(d, { state: 'failed', attempts: 1, last_status: 400 });
    await new Promise((r) => setTimeout(r, 2500));
    t.is(receiver.received.length, before + 1);
  } finally {
    receiver.respondWith(() => 200);
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
  const before = receiver.received.length;
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
  t.is(receiver.received.length, before + 2);
});

test.serial(
  'metrics show deliveries by channel kind and state, their latency and the rules firing',
  async (t) => {
    const r = await api.call('GET', '/metrics');
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
    worker!.child.kill('SIGTERM');
    await worker!.exited();
    const w = await hook('kill-hook');
    const rule = await failedRule('killed-worker', [w.id], 'deliver_f');
    await post(
      '/alert-rules',
      { kind: 'worker_lost', name: 'lost-workers', channels: [w.id], cooldown_minutes: 5 },
      op,
    );
    const before = receiver.received.length;
    const of = (name: string) =>
      receiver.received
        .slice(before)
        .filter((r) => (r.body['rule'] as { name?: string } | null)?.name === name);
    receiver.respondWith((_r, n) => (n === before + 1 ? 'hang' : 200));
    const first = runCli(['worker'], env);
    try {
      await executionFailed('deliver_f', '88888888-8888-4888-8888-888888888888');
      await until('the first request at the receiver', async () => receiver.received.length > before, 20_000);
      first.child.kill('SIGKILL');
      await first.exited();
      // The same event recorded again inside the window: folded, not sent.
      await executionFailed('deliver_f', '88888888-8888-4888-8888-888888888888');
      worker = runCli(['worker'], env);
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
      receiver.respondWith(() => 200);
    }
    t.false(api.logs.join('\n').includes(signing));
    const rows = await api.container
      .get<Db>(TYPES.Db)
      .any<{ n: number }>(`SELECT count(*)::int AS n FROM alert_outbox`);
    t.is(rows[0]!.n, 0);
  },
);
