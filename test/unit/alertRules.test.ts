// Alert rules in the harness: the outbox written with each event, the alert tick, the cooldown,
// delivery retries and the state rules, deterministic and without a network (RecordingNotifier).
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { wallabyYaml } from '../support/examples.js';
import { admin, createOf, prepared, right, stateOf } from '../support/harnessProject.js';

const signing = 'harness-signing-secret-0123';

const setup = async (identifiers: string[], rule: Record<string, unknown>) => {
  const p = await prepared(identifiers);
  const channel = right(
    await p.h.alerts.channels.create({
      kind: 'webhook',
      name: 'ops-hook',
      url: 'https://hooks.example.org/services/T0/B0/secret-path',
      signing_secret: signing,
    }),
  );
  const r = right(await p.h.alerts.rules.create({ name: 'r', channels: [channel.id], ...rule } as never));
  const run = async (ident: string) => {
    const id = right(
      await p.h.executions.create(
        { project_module: p.module, archive_name: 'casda', sources: [{ source_identifier: ident }] },
        { by: admin.username },
      ),
    ).execution.uuid;
    right(await p.h.executions.execute(id, {}, admin.username));
    return id;
  };
  return { ...p, channel, rule: r, run };
};

const deliveriesOf = async (h: Awaited<ReturnType<typeof setup>>['h'], ruleId: string) =>
  right(await h.alerts.deliveries.list({ ruleId })).items;

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

test('a worker that stops sending heartbeats is reported once; one that deregisters is not', async (t) => {
  const { h } = await setup(['HIPASSJ0001-23'], { kind: 'worker_lost', cooldown_minutes: 5 });
  const now = h.clock.now();
  const worker = (id: string) => ({
    id,
    hostname: `node-${id}`,
    pid: 42,
    roles: ['worker'],
    startedAt: now,
    heartbeatAt: now,
  });
  await h.ports.workers.register(worker('a'));
  await h.ports.workers.register(worker('b'));
  await h.advance(20, 5);
  t.is(h.notifier.sent.length, 0, 'silent for less than SERVICE_WORKER_STALE_SECONDS');
  await h.ports.workers.deregister('b');
  await h.advance(20, 5);
  t.is(h.notifier.sent.length, 1);
  t.regex(h.notifier.sent[0]!.message.subject, /worker node-a \(pid 42\) lost/);
  await h.advance(3 * 3600, 60);
  t.is(h.notifier.sent.length, 1, 'told once, however long it stays silent');
});

test('the daily summary comes once a day at its hour, with the day in figures', async (t) => {
  const { h, run } = await setup(['HIPASSJ0301MOCKFAIL'], {
    kind: 'daily_summary',
    hour_utc: 1,
    cooldown_minutes: 0,
  });
  const id = await run('HIPASSJ0301MOCKFAIL');
  await h.until(async () => (await stateOf(h, id)) === 'failed');
  t.is(h.notifier.sent.length, 0, 'not its hour yet (the harness starts at midnight)');
  await h.advance(3600, 30);
  await h.advance(3600, 30);
  t.is(h.notifier.sent.length, 1, 'one at 01:00, however often the tick runs in that hour');
  const m = h.notifier.sent[0]!.message;
  t.regex(m.subject, /daily summary for 2026-01-01: 0 completed, 1 failed, 0 cancelled/);
  t.regex(m.text, new RegExp(`${id} \\(wallaby_hires\\): `));
  await h.advance(24 * 3600, 300);
  t.is(h.notifier.sent.length, 2, 'and again the next day');
  t.regex(h.notifier.sent[1]!.message.subject, /for 2026-01-02: 0 completed, 0 failed/);
});

test('an island manager that stops answering is reported after its minutes, once per cooldown', async (t) => {
  const { h, rule, run } = await setup(['HIPASSJ0300MOCKHOLD'], {
    kind: 'dependency_down',
    dependencies: ['island_manager'],
    minutes: 5,
    cooldown_minutes: 30,
  });
  const id = await run('HIPASSJ0300MOCKHOLD');
  await h.until(async () => (await stateOf(h, id)) === 'running');
  // The island manager goes away: every poll round fails from now on.
  const dim = h.ports.backends.get('rest_remote');
  const poll = dim.poll.bind(dim);
  let down = true;
  (dim as { poll: typeof dim.poll }).poll = async (...args) => {
    if (down) throw new Error('connect ECONNREFUSED dim.example.org:8001');
    return poll(...args);
  };
  await h.advance(4 * 60, 10);
  t.is(h.notifier.sent.length, 0, 'not yet five minutes without an answer');
  await h.advance(3 * 60, 10);
  t.is(h.notifier.sent.length, 1);
  const m = h.notifier.sent[0]!.message;
  t.regex(m.subject, /island manager \S*dim\.example\.org\S* not answering since/);
  t.regex(m.text, /last error: .*ECONNREFUSED/);
  await h.advance(20 * 60, 30);
  t.is(h.notifier.sent.length, 1, 'inside the cooldown: folded');
  down = false;
  await h.advance(60 * 60, 60);
  t.is(h.notifier.sent.length, 1, 'answering again: nothing more');
  t.true((await deliveriesOf(h, rule.id))[0]!.suppressed > 0);
});

test('a translator or an archive that stops answering is reported; a database outage once it ends', async (t) => {
  const { h, rule } = await setup(['HIPASSJ0001-23'], {
    kind: 'dependency_down',
    minutes: 3,
    cooldown_minutes: 60,
  });
  t.like(right(await h.alerts.rules.get(rule.id)), {
    dependencies: ['database', 'translator', 'island_manager', 'login_node', 'archive'],
  });
  let translatorDown = true;
  let archiveDown = true;
  const translator = h.ports.translator;
  const ping = translator.ping.bind(translator);
  (translator as { ping: typeof ping }).ping = async (...args) =>
    translatorDown
      ? { name: 'translator', ok: false, detail: 'connect ECONNREFUSED tm.example.org:8084' }
      : ping(...args);
  const archive = h.ports.archive;
  (archive as { ping: typeof archive.ping }).ping = async () => [
    { name: 'reachable', ok: !archiveDown, detail: archiveDown ? 'no answer within 10 s' : 'answers' },
  ];
  await h.advance(2 * 60, 10);
  t.is(h.notifier.sent.length, 0, 'down for less than three minutes');
  await h.advance(2 * 60, 10);
  const subjects = h.notifier.sent.map((m) => m.message.subject).sort();
  t.is(subjects.length, 3, subjects.join('\n'));
  t.regex(subjects[0]!, /archive casda \(wallaby_hires\) not answering since/);
  t.regex(subjects[1]!, /archive vizier \(wallaby_hires\) not answering since/);
  t.regex(subjects[2]!, /translator \(default translator\) not answering since/);
  t.regex(
    h.notifier.sent.map((m) => m.message.text).join('\n'),
    /last error: reachable: no answer within 10 s/,
  );
  translatorDown = false;
  archiveDown = false;
  await h.advance(2 * 3600, 60);
  t.is(h.notifier.sent.length, 3, 'answering again: nothing more');
  // The database: told when the outage has ended, if it lasted the rule's minutes.
  const t0 = h.clock.now();
  h.ports.outages.failed(t0, 'connect ECONNREFUSED 127.0.0.1:5432');
  h.ports.outages.answered(new Date(t0.getTime() + 60_000));
  h.ports.outages.failed(new Date(t0.getTime() + 120_000), 'Connection terminated unexpectedly');
  h.ports.outages.answered(new Date(t0.getTime() + 420_000));
  await h.advance(30, 10);
  t.is(h.notifier.sent.length, 4, 'the one-minute outage is below the rule; the five-minute one is told');
  t.regex(h.notifier.sent[3]!.message.subject, /database did not answer from \S+ to \S+ \(5 min\)/);
  t.regex(h.notifier.sent[3]!.message.text, /first error: Connection terminated unexpectedly/);
});

test("a source's discovery that changes fires discovery_changed; the same answer again does not", async (t) => {
  const { h, module } = await setup(['HIPASSJ0001-23'], {
    kind: 'discovery_changed',
    project_module: 'wallaby_hires',
  });
  right(await h.sources.registerMany(module, [{ source_identifier: 'HIPASSJ0400-01' }], admin.username));
  right(await h.sources.discover(module, ['HIPASSJ0400-01']));
  await h.advance(30, 5);
  t.is(h.notifier.sent.length, 1);
  t.is(
    h.notifier.sent[0]!.message.subject,
    '[surveyor] wallaby_hires: source HIPASSJ0400-01 changed in discovery',
  );
  t.regex(h.notifier.sent[0]!.message.text, /signature: /);
  right(await h.sources.discover(module, ['HIPASSJ0400-01']));
  await h.advance(30, 5);
  t.is(h.notifier.sent.length, 1, 'discovered again, unchanged: no alert');
});

test('a queue deeper than max_depth fires queue_backlog, once per cooldown', async (t) => {
  const { h } = await setup(['HIPASSJ0001-23'], {
    kind: 'queue_backlog',
    max_depth: 3,
    cooldown_minutes: 10,
  });
  const later = new Date(h.clock.now().getTime() + 86_400_000);
  for (let i = 0; i < 3; i++)
    await h.ports.queue.enqueue({ kind: 'test.waiting', payload: {}, runAt: later }, h.clock.now());
  await h.advance(30, 10);
  t.is(h.notifier.sent.length, 0, 'three queued is not over three');
  await h.ports.queue.enqueue({ kind: 'test.waiting', payload: {}, runAt: later }, h.clock.now());
  await h.advance(30, 10);
  t.is(h.notifier.sent.length, 1);
  t.regex(h.notifier.sent[0]!.message.subject, /job queue backlog: 4 queued/);
  t.regex(h.notifier.sent[0]!.message.text, /depth 4 is over 3/);
  await h.advance(5 * 60, 30);
  t.is(h.notifier.sent.length, 1, 'inside the cooldown');
  await h.advance(6 * 60, 30);
  t.is(h.notifier.sent.length, 2, 'still deep after the cooldown: told again');
});

test('account_changed tells each account change it listens for, naming the account and who changed it', async (t) => {
  const { h, rule } = await setup([], {
    kind: 'account_changed',
    changes: ['role_changed', 'login_unlocked'],
  });
  t.like(right(await h.alerts.rules.get(rule.id)), { kind: 'account_changed', project_module: null });
  right(
    await h.users.create(
      { ...admin, email: 'a@example.org', password: 'correct-horse-battery' },
      'host:root',
    ),
  );
  right(
    await h.users.create(
      { username: 'eve', email: 'eve@example.org', role: 'viewer', password: 'correct-horse-battery' },
      'host:root',
    ),
  );
  right(await h.users.change({ username: 'eve', role: 'admin' }, 'host:mallory'));
  right(await h.users.change({ username: 'eve', role: 'operator' }, 'host:root'));
  right(await h.users.change({ username: 'eve', enabled: false }, 'host:root')); // not listened for
  right(await h.users.unlock({ address: '192.0.2.9' }, 'host:root'));
  await h.until(async () => (await deliveriesOf(h, rule.id)).length === 3, { maxSeconds: 60 });
  await h.until(async () => (await deliveriesOf(h, rule.id)).every((d) => d.state === 'delivered'));
  const sent = h.notifier.sent.map((s) => s.message);
  t.deepEqual(sent.map((m) => m.subject).sort(), [
    '[surveyor] account eve: role changed from admin to operator',
    '[surveyor] account eve: role changed from viewer to admin',
    '[surveyor] client address 192.0.2.9: login unlocked',
  ]);
  const first = sent.find((m) => m.subject.includes('viewer to admin'))!;
  t.regex(first.text, /^by: host:mallory$/m, 'who made the change, each told inside the cooldown');
  const refused = await h.alerts.rules.create({
    name: 'in a project',
    kind: 'account_changed',
    channels: rule.channels,
    project_module: 'wallaby_hires',
  } as never);
  t.true(E.isLeft(refused));
  t.regex(JSON.stringify(refused), /account events belong to no project/);
});

test('logins held back fold by the cooldown: guessing from many addresses is one alert, the rest counted', async (t) => {
  const { h, rule } = await setup([], { kind: 'account_changed', changes: ['login_held_back'] });
  // Three addresses each held back (the default limit of 20 per address is passed by the 21st
  // attempt), told as one delivery whose suppressed count says how many more.
  for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
    for (let i = 0; i < 25; i++)
      await h.auth.login({ username: `guess${i}`, password: 'bad-password-1', clientAddress: address });
  const events = right(await h.users.events()).items.filter((e) => e.kind === 'address.login_held_back');
  t.is(events.length, 3);
  await h.until(async () => (await deliveriesOf(h, rule.id)).some((d) => d.state === 'delivered'), {
    maxSeconds: 60,
  });
  await h.until(async () => (await deliveriesOf(h, rule.id))[0]?.suppressed === 2, { maxSeconds: 60 });
  const ds = await deliveriesOf(h, rule.id);
  t.is(ds.length, 1);
  t.regex(
    ds[0]!.subject,
    /^\[surveyor\] client address 192\.0\.2\.1: login held back after \d+ failed logins in \d+ s$/,
  );
});

test('token_expiring tells each live API token once as it comes within its days, an admin’s rule of no project', async (t) => {
  const { h, rule, channel } = await setup([], { kind: 'token_expiring', days: 7 });
  t.like(right(await h.alerts.rules.get(rule.id)), { kind: 'token_expiring', days: 7, project_module: null });
  right(
    await h.users.create({
      username: 'olga',
      email: 'o@example.org',
      role: 'operator',
      password: 'correct-horse-battery',
    }),
  );
  const login = await h.auth.login({
    username: 'olga',
    password: 'correct-horse-battery',
    clientAddress: '10.0.0.1',
  });
  if (E.isLeft(login)) throw new Error('olga cannot log in');
  const olga = right(await h.auth.authenticate(login.right.tokens.access_token));
  right(await h.apiTokens.create(olga, { name: 'nightly', role: 'viewer', days: 10 }));
  right(await h.apiTokens.create(olga, { name: 'far', days: 60 }));
  const gone = right(await h.apiTokens.create(olga, { name: 'gone', days: 2 }));
  right(await h.apiTokens.revoke(olga, gone.view.id));
  await h.advance(60, 30);
  t.is(h.notifier.sent.length, 0, 'ten days left: not yet; a revoked token is never told');
  await h.advance(3 * 86_400 + 60, 3600);
  await h.until(async () => (await deliveriesOf(h, rule.id)).some((d) => d.state === 'delivered'), {
    maxSeconds: 60,
  });
  t.deepEqual(
    h.notifier.sent.map((s) => s.message.subject),
    ['[surveyor] API token nightly of olga ends in 6 days'],
  );
  t.regex(h.notifier.sent[0]!.message.text, /^role: viewer; ends \S+Z$/m);
  t.regex(h.notifier.sent[0]!.message.text, /^last used: never$/m);
  await h.advance(6 * 86_400, 3600);
  t.is(h.notifier.sent.length, 1, 'once per token, however long it stays near its end');
  const inProject = await h.alerts.rules.create({
    name: 'in a project',
    kind: 'token_expiring',
    channels: [channel.id],
    project_module: 'wallaby_hires',
  } as never);
  t.regex(JSON.stringify(inProject), /API tokens belong to no project/);
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
