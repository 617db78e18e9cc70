// Alert rules on the service's own state in the harness: a worker lost, the daily summary, an
// island manager, translator, archive or database that stops answering, discovery that changes,
// a queue over its depth.
import test from 'ava';
import { alertSetup as setup, deliveriesOf } from '../support/alertHarness.js';
import { admin, right, stateOf } from '../support/harnessProject.js';

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
