// Alert rules on executions in the harness: the outbox written with each event, the alert tick,
// filters, delivery retries and the cooldown, a disabled channel, pending too long, and automation
// stopping a source; deterministic and without a network (RecordingNotifier).
import test from 'ava';
import { alertSetup as setup, deliveriesOf, signing } from '../support/alertHarness.js';
import { wallabyYaml } from '../support/examples.js';
import { admin, createOf, prepared, right, stateOf } from '../support/harnessProject.js';

test('a failed execution fires its rule once, with the reason and the profile', async (t) => {
  const { h, rule, run, module } = await setup(['HIPASSJ0301MOCKFAIL'], {
    kind: 'execution_ended',
    states: ['failed'],
    project_module: 'wallaby_hires',
  });
  const id = await run('HIPASSJ0301MOCKFAIL');
  await h.until(async () => (await stateOf(h, id)) === 'failed');
  await h.until(async () => (await deliveriesOf(h, rule.id)).some((d) => d.state === 'delivered'), {
    maxSeconds: 60,
  });
  t.is(module, 'wallaby_hires');
  const [d] = await deliveriesOf(h, rule.id);
  t.like(d, {
    state: 'delivered',
    attempts: 1,
    type: 'alert',
    subject: `[surveyor] wallaby_hires: execution ${id} failed`,
  });
  t.is(h.notifier.sent.length, 1);
  const m = h.notifier.sent[0]!.message;
  t.regex(m.text, /profile: mock-dim/);
  t.regex(m.text, /error: /);
  t.is(h.store.outbox.length, 0, 'the outbox is drained');
});

test("a rule's filters hold: another state, another profile or another project fires nothing", async (t) => {
  for (const rule of [
    { kind: 'execution_ended', states: ['completed'] },
    { kind: 'execution_ended', states: ['failed'], profile_name: 'other-profile' },
    { kind: 'execution_ended', states: ['failed'], project_module: 'another_project' },
  ]) {
    const { h, run } = await setup(['HIPASSJ0301MOCKFAIL'], rule);
    const id = await run('HIPASSJ0301MOCKFAIL');
    await h.until(async () => (await stateOf(h, id)) === 'failed');
    await h.advance(30);
    t.is(h.notifier.sent.length, 0, JSON.stringify(rule));
  }
});

test('a retryable failure is retried with backoff; a repeat inside the cooldown is folded', async (t) => {
  const { h, rule, run } = await setup(['HIPASSJ0301MOCKFAIL'], { kind: 'execution_ended' });
  let calls = 0;
  h.notifier.answer = () =>
    ++calls <= 2
      ? { ok: false, status: 503, error: 'HTTP 503', retryable: true }
      : { ok: true, status: 200, error: null, retryable: false };
  const id = await run('HIPASSJ0301MOCKFAIL');
  await h.until(async () => (await stateOf(h, id)) === 'failed');
  await h.until(async () => (await deliveriesOf(h, rule.id))[0]?.state === 'delivered', { maxSeconds: 120 });
  t.like((await deliveriesOf(h, rule.id))[0], { attempts: 3, last_status: 200 });
  // Retry the execution, and this time the receiver refuses for good.
  h.notifier.answer = () => ({ ok: false, status: 404, error: 'HTTP 404', retryable: false });
  right(await h.executions.retry(id, admin));
  await h.until(
    async () => (await stateOf(h, id)) === 'failed' && right(await h.executions.get(id)).attempt === 2,
  );
  await h.advance(20);
  // Same execution, same kind, inside the cooldown (60 min): folded into the first delivery.
  const all = await deliveriesOf(h, rule.id);
  t.is(all.length, 1);
  t.is(all[0]!.suppressed, 1);
});

test('a disabled channel fails its deliveries without sending', async (t) => {
  const { h, rule, run, channel } = await setup(['HIPASSJ0301MOCKFAIL'], { kind: 'execution_ended' });
  right(await h.alerts.channels.setEnabled(channel.id, false));
  const id = await run('HIPASSJ0301MOCKFAIL');
  await h.until(async () => (await stateOf(h, id)) === 'failed');
  await h.until(async () => (await deliveriesOf(h, rule.id))[0]?.state === 'failed', { maxSeconds: 60 });
  t.regex((await deliveriesOf(h, rule.id))[0]!.last_error!, /channel ops-hook is disabled/);
  t.is(h.notifier.sent.length, 0);
});

test('pending too long fires once per cooldown while it holds', async (t) => {
  // A source never discovered is not ready: its execution waits in pending.
  const { h, rule, module } = await setup(['HIPASSJ0001-23'], {
    kind: 'pending_too_long',
    minutes: 5,
    cooldown_minutes: 30,
  });
  right(await h.sources.registerMany(module, [{ source_identifier: 'HIPASSJ0999-99' }], admin.username));
  const id = await createOf(h, module, 'HIPASSJ0999-99');
  right(await h.executions.execute(id, {}, admin.username));
  await h.advance(4 * 60, 10);
  t.is(h.notifier.sent.length, 0, 'not yet five minutes');
  await h.advance(2 * 60, 10);
  t.is(h.notifier.sent.length, 1);
  t.regex(h.notifier.sent[0]!.message.subject, /1 execution asked to run but pending for over 5 min/);
  await h.advance(20 * 60, 30);
  t.is(h.notifier.sent.length, 1, 'inside the cooldown: folded');
  t.true((await deliveriesOf(h, rule.id))[0]!.suppressed > 0);
  await h.advance(15 * 60, 30);
  t.is(h.notifier.sent.length, 2, 'after the cooldown, once more');
});

test('automation_stopped tells of a source automation stopped trying, once, with its last run and why', async (t) => {
  const yaml = wallabyYaml
    .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: mock-dim')
    .replace('max_failed_runs: 3', 'max_failed_runs: 1')
    .replace(/(discovery:\n\s+enabled:) true/, '$1 false');
  const { h, module } = await prepared(['HIPASSJ0301MOCKFAIL'], yaml);
  const channel = right(
    await h.alerts.channels.create({
      kind: 'webhook',
      name: 'ops-hook',
      url: 'https://hooks.example.org/services/T0/B0/secret-path',
      signing_secret: signing,
    }),
  );
  right(
    await h.alerts.rules.create({
      name: 'stopped',
      kind: 'automation_stopped',
      channels: [channel.id],
      project_module: module,
    } as never),
  );
  await h.advance(3600, 10);
  const [run] = right(await h.executions.list({ projectModule: module })).items;
  t.is(run?.state, 'failed');
  t.is(h.notifier.sent.length, 1, 'told once in an hour of ticks');
  const m = h.notifier.sent[0]!.message;
  t.is(
    m.subject,
    `[surveyor] ${module}: automation stopped trying source HIPASSJ0301MOCKFAIL after 1 failed run`,
  );
  t.regex(m.text, new RegExp(`last execution: ${run!.uuid}`));
  t.regex(
    m.text,
    /why: the run automation made of it on its data and configuration version 1 failed \(max_failed_runs 1\)/,
  );
});
