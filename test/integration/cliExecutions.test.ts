// Executions from the CLI: created (an Idempotency-Key replaying), executed and watched through
// every step to completed, a failing one exiting 10 and retried, a watch stopped by Ctrl-C, listed
// by project, source and state, read by a short id, the overview, and one execution's records
// (show, summary, ledger, artifacts checked by sha256, PROV, diff), a dry-run reproduction, a
// cancel, retry-failed and cancel-all, each with --dry-run first.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { runCli } from '../support/child.js';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliProject, cliReadySources, cliSession } from '../support/cliSession.js';
import { manualWallabyYaml } from '../support/project.js';
import { until } from '../support/until.js';

const s = cliSession(test, { loggedIn: true, worker: true });
const { cli, json, file, env } = s;
let ids: Record<string, string> = {};
test.serial.before(async () => {
  await cliProject(s);
  ids = await cliReadySources(s, ['HIPASSJ0001-23', 'HIPASSJ0301MOCKFAIL', 'HIPASSJ0300MOCKHOLD']);
});

test.serial('an execution watched to completion; a failing one exits 10; lists and short ids', async (t) => {
  const create = ['exec', 'create', 'wallaby_hires', 'HIPASSJ0001-23', '--idempotency-key', 'cli-1'];
  const created = await json<{ uuid: string }>(create);
  const again = await json<{ uuid: string }>(create);
  t.is(again.uuid, created.uuid, 'the same key gives the same execution');
  // Watched from before it is asked to run, so that a look sees it on its way however fast it goes.
  const watching = runCli(['exec', 'watch', created.uuid, '--interval', '1'], env());
  await until('the watch to see the execution waiting', async () => /\(waiting/.test(watching.output()));
  t.is((await cli(['exec', 'execute', created.uuid])).code, 0);
  const watched = { code: await watching.exited(90_000), out: watching.output() };
  t.is(watched.code, 0, watched.out);
  t.regex(watched.out, /completed/);
  t.regex(watched.out, /\(poll|\(submit|\(stage|\(waiting|\(translate/, 'plain lines follow the phases');
  // Every step, in order, however quick: from the events, not from what one look happened to see.
  const steps = [
    'asked to run',
    'queued',
    'staging',
    'staged: ',
    'translated: ',
    'submitted: ',
    'backend: ',
    'completed',
  ].map((step) => watched.out.search(new RegExp(`^\\S+Z ${step}`, 'm')));
  t.false(steps.includes(-1), `${JSON.stringify(steps)}\n${watched.out}`);
  t.deepEqual(
    steps,
    [...steps].sort((a, b) => a - b),
    watched.out,
  );

  const bad = await json<{ uuid: string }>(['exec', 'create', 'wallaby_hires', 'HIPASSJ0301MOCKFAIL']);
  await cli(['exec', 'execute', bad.uuid]);
  const failed = await cli(['exec', 'watch', bad.uuid, '--interval', '1']);
  t.is(failed.code, 10, failed.out);
  const retried = await cli(['exec', 'retry', bad.uuid]);
  t.is(retried.code, 0, retried.out);
  t.regex(retried.out, /attempt 2/);

  // Ctrl-C while watching: the watch stops, says the execution goes on, and logs nothing.
  const waiting = await json<{ uuid: string }>(['exec', 'create', 'wallaby_hires', 'HIPASSJ0001-23']);
  const w = runCli(['exec', 'watch', waiting.uuid, '--interval', '1'], env());
  await w.waitFor(/pending/, 20_000);
  w.child.kill('SIGINT');
  t.is(await w.exited(10_000), 13, w.output());
  t.regex(
    w.output(),
    new RegExp(`surveyor: stopped watching; execution ${waiting.uuid} goes on in the service`),
  );
  t.false(/"level"|"msg"|stopping/.test(w.output()), w.output());
  const stillThere = await cli(['exec', 'status', waiting.uuid]);
  t.regex(stillThere.out, /pending/);

  const page = await json<{ items: { uuid: string }[] }>(['exec', 'list', '--project', 'wallaby_hires']);
  t.true(page.items.some((e) => e.uuid === created.uuid) && page.items.some((e) => e.uuid === bad.uuid));
  // What ran one source, by identifier (with its project) or by UUID: this one's two, newest first.
  const ofSource = async (...args: string[]) =>
    (await json<{ items: { uuid: string }[] }>(['exec', 'list', ...args])).items.map((e) => e.uuid);
  t.deepEqual(await ofSource('--project', 'wallaby_hires', '--source', 'HIPASSJ0301MOCKFAIL'), [bad.uuid]);
  const ofFirst = await ofSource('--project', 'wallaby_hires', '--source', 'HIPASSJ0001-23');
  t.deepEqual(ofFirst.slice(0, 1), [waiting.uuid]);
  t.true(ofFirst.includes(created.uuid) && !ofFirst.includes(bad.uuid));
  const firstUuid = ids['HIPASSJ0001-23']!;
  t.deepEqual(await ofSource('--source', firstUuid), ofFirst);
  t.is(
    (await cli(['exec', 'list', '--source', 'HIPASSJ0001-23'])).code,
    2,
    'an identifier needs its project',
  );
  const unknown = await cli(['exec', 'list', '--project', 'wallaby_hires', '--source', 'HIPASSJ0001']);
  t.is(unknown.code, 2);
  t.regex(unknown.out, /no source HIPASSJ0001 in project wallaby_hires/, 'a prefix of one is not that one');
  const events = await json<{ kind: string }[]>(['exec', 'events', created.uuid]);
  t.true(events.some((e) => e.kind === 'execution.completed'));
  // The table shows an id's first 8 characters and its sources by name (--json has the whole id).
  const table = await cli(['exec', 'list', '--project', 'wallaby_hires', '--source', 'HIPASSJ0301MOCKFAIL']);
  t.regex(table.out, /^ID\s+PROJECT\s+STATE\s+ATTEMPT\s+SOURCES\s+PROFILE\s+CREATED$/m);
  t.regex(
    table.out,
    new RegExp(`^${bad.uuid.slice(0, 8)}\\s+wallaby_hires\\s+\\S+\\s+\\d+\\s+HIPASSJ0301MOCKFAIL\\s`, 'm'),
  );
  t.false(table.out.includes(bad.uuid), 'not the whole id');
  // The first 8 characters, as exec list and the console show an id; too few are refused.
  const short = await cli(['exec', 'status', created.uuid.slice(0, 8)]);
  t.is(short.code, 0, short.out);
  t.regex(short.out, /completed \(attempt 1/);
  t.regex(
    (await cli(['exec', 'events', created.uuid.slice(0, 8).toUpperCase()])).out,
    /execution\.completed/,
  );
  const tooShort = await cli(['exec', 'status', created.uuid.slice(0, 7)]);
  t.is(tooShort.code, 2);
  t.regex(tooShort.out, /neither an execution id nor its first 8 or more characters/);
  const none = await cli(['exec', 'status', 'ffffffff']);
  t.regex(none.out, /no execution id starts with ffffffff/);
  const status = await cli(['exec', 'status', created.uuid]);
  t.regex(status.out, /completed \(attempt 1/);
});

test.serial("the overview, one execution's records, and runs retried and cancelled in bulk", async (t) => {
  const overview = await cli(['overview']);
  t.is(overview.code, 0, overview.out);
  t.regex(overview.out, /^executions: .*\b\d+ completed/m);
  t.regex(overview.out, /^queue: \d+ queued \(oldest \d+ s\), \d+ running, \d+ dead$/m);
  t.regex(overview.out, /^recent failures:\n {2}\S+ failed/m);

  // One execution's records: as stored, its summary, its ledger and its artifacts, checked.
  const done = (
    await json<{ items: { uuid: string }[] }>(['exec', 'list', '--state', 'completed', '--limit', '1'])
  ).items[0]!.uuid;
  const shown = await cli(['exec', 'show', done.slice(0, 8)]);
  t.regex(shown.out, new RegExp(`^${done} completed \\(attempt 1, 1 source`, 'm'));
  t.regex(shown.out, /^ {2}project wallaby_hires, archive casda, created /m);
  t.regex(shown.out, /^ {2}sources: HIPASSJ0001-23$/m);
  const summary = await cli(['exec', 'summary', done]);
  t.regex(summary.out, new RegExp(`^${done} completed \\(terminal, attempt 1, \\d+ events\\)`, 'm'));
  t.regex(summary.out, /^WAITING\s+STAGE\s+TRANSLATE\s+SUBMIT\s+POLL\s+REMOTE_QUEUE\s+TOTAL$/m);
  const ledger = await json<{ artifacts: { attempt: number; name: string; sha256: string }[] }>([
    'exec',
    'ledger',
    done,
  ]);
  const manifest = ledger.artifacts.find((a) => a.name === 'manifest.json')!;
  t.truthy(manifest);
  const listedArtifacts = await cli(['exec', 'artifact', done]);
  t.regex(
    listedArtifacts.out,
    new RegExp(`^1\\s+manifest\\.json\\s+application/json\\s+\\d+\\s+${manifest.sha256.slice(0, 12)}`, 'm'),
  );
  const out = join(s.dir, 'manifest.json');
  const written = await cli(['exec', 'artifact', done, 'manifest.json', '--output', out]);
  t.is(written.code, 0, written.out);
  t.regex(written.out, /manifest\.json \(attempt 1, \d+ bytes, sha256 checked\) -> /);
  t.is(createHash('sha256').update(readFileSync(out)).digest('hex'), manifest.sha256);
  const toStdout = runCli(['exec', 'artifact', done, 'manifest.json'], env());
  t.is(await toStdout.exited(30_000), 0);
  t.is(createHash('sha256').update(toStdout.output()).digest('hex'), manifest.sha256);
  const missing = await cli(['exec', 'artifact', done, 'no-such.json']);
  t.is(missing.code, 1);
  t.regex(missing.out, /attempt 1 has no artifact no-such\.json/);
  // What ran, as PROV; set beside the failed one; run again as a dry run; the waiting one cancelled.
  const prov = await json<{ prefix: Record<string, string>; activity: Record<string, unknown> }>([
    'exec',
    'provenance',
    done,
  ]);
  t.true(Object.keys(prov.activity).length > 0, JSON.stringify(prov.prefix));
  t.regex((await cli(['exec', 'provenance', done, '--provn'])).out, /^document$/m);
  const failedOne = (
    await json<{ items: { uuid: string }[] }>(['exec', 'list', '--state', 'failed', '--limit', '1'])
  ).items[0]!.uuid;
  const diff = await cli(['exec', 'diff', done, failedOne]);
  t.is(diff.code, 1, diff.out);
  t.regex(diff.out, new RegExp(`^a: ${done} completed$`, 'm'));
  t.regex(diff.out, new RegExp(`^b: ${failedOne} failed`, 'm'));
  t.regex(diff.out, /^sources only in a: HIPASSJ0001-23$/m);
  const again = await cli(['exec', 'reproduce', done, '--dry-run']);
  t.is(again.code, 0, again.out);
  t.regex(again.out, /^[0-9a-f-]{36} queued \(attempt 1, 1 source\(s\)/m);
  const waiting = (
    await json<{ items: { uuid: string }[] }>(['exec', 'list', '--state', 'pending', '--limit', '5'])
  ).items.find((e) => !again.out.includes(e.uuid))!.uuid;
  const cancelled = await cli(['exec', 'cancel', waiting]);
  t.is(cancelled.code, 0, cancelled.out);
  t.regex(cancelled.out, new RegExp(`^${waiting} cancelled`, 'm'));
  // The failed ones run again in one command: listed first by --dry-run (nothing changes), then
  // narrowed to one source and retried.
  const wouldRetry = await json<{ uuid: string; retried: boolean }[]>([
    'exec',
    'retry-failed',
    '--project',
    'wallaby_hires',
    '--since',
    '1d',
    '--dry-run',
  ]);
  t.true(wouldRetry.some((o) => o.uuid === failedOne && !o.retried));
  const beforeRetry = await json<{ state: string; attempt: number }>(['exec', 'status', failedOne]);
  t.is(beforeRetry.state, 'failed', 'a dry run changes nothing');
  const retriedFailed = await cli([
    'exec',
    'retry-failed',
    '--project',
    'wallaby_hires',
    '--source',
    'HIPASSJ0301MOCKFAIL',
    '--limit',
    '1',
  ]);
  t.is(retriedFailed.code, 0, retriedFailed.out);
  t.regex(
    retriedFailed.out,
    new RegExp(`^retried ${failedOne} \\(attempt ${beforeRetry.attempt + 1}\\)$`, 'm'),
  );
  t.regex(retriedFailed.out, /^1 of 1 retried$/m);
  t.is((await cli(['exec', 'retry-failed', '--project', 'wallaby_hires', '--limit', '0'])).code, 2);
  t.is((await cli(['exec', 'retry-failed', '--project', 'wallaby_hires', '--since', '12'])).code, 2);
  t.deepEqual(
    (await json<{ items: unknown[] }>(['exec', 'list', '--state', 'failed', '--ended-since', '2099-01-01']))
      .items,
    [],
    'nothing has ended in the future',
  );
  // The emergency stop: what has not reached its backend, listed first, then cancelled in one go.
  for (const source of ['HIPASSJ0001-23', 'HIPASSJ0001-23'])
    await json<{ uuid: string }>(['exec', 'create', 'wallaby_hires', source]);
  const waitingNow = (
    await json<{ items: { uuid: string }[] }>([
      'exec',
      'list',
      '--project',
      'wallaby_hires',
      '--state',
      'pending',
    ])
  ).items.map((e) => e.uuid);
  t.true(waitingNow.length >= 2, 'two wait at least');
  const wouldCancel = await json<{ uuid: string; cancelled: boolean }[]>([
    'exec',
    'cancel-all',
    '--project',
    'wallaby_hires',
    '--state',
    'pending',
    '--dry-run',
  ]);
  t.deepEqual(wouldCancel.map((o) => o.uuid).sort(), [...waitingNow].sort());
  t.true(wouldCancel.every((o) => !o.cancelled));
  t.is((await cli(['exec', 'cancel-all', '--project', 'wallaby_hires', '--state', 'done'])).code, 2);
  const stopped = await cli(['exec', 'cancel-all', '--project', 'wallaby_hires', '--state', 'pending']);
  t.is(stopped.code, 0, stopped.out);
  t.regex(stopped.out, new RegExp(`^cancelled ${waitingNow[0]} \\(was pending, now cancelled\\)$`, 'm'));
  t.regex(stopped.out, new RegExp(`^${waitingNow.length} of ${waitingNow.length} cancelled$`, 'm'));
  t.false(stopped.out.includes('automation is on'), 'automation is off in wallaby_hires');
  t.deepEqual(
    (await json<{ items: unknown[] }>(['exec', 'list', '--project', 'wallaby_hires', '--state', 'pending']))
      .items,
    [],
  );
  t.regex(
    (await cli(['exec', 'cancel-all', '--project', 'wallaby_hires', '--state', 'pending'])).out,
    /^no execution to cancel$/m,
  );
  // A run on its backend is left out unless asked for, and the stop says so (a dry run too).
  const held = (await json<{ uuid: string }>(['exec', 'create', 'wallaby_hires', 'HIPASSJ0300MOCKHOLD']))
    .uuid;
  t.regex(
    (await cli(['exec', 'drops', held.slice(0, 8)])).out,
    /^no drop states to read: the run has not reached its backend yet$/m,
  );
  t.is((await cli(['exec', 'execute', held])).code, 0);
  await until(
    'the held run to be running',
    async () => (await json<{ state: string }>(['exec', 'status', held])).state === 'running',
  );
  // Its drops, from the (mock) island manager: all wait while the session is built and deployed,
  // then the first one runs and holds the rest back.
  type Drops = { source: string; states: Record<string, string>; counts: Record<string, number> };
  let drops: Drops | undefined;
  await until('a drop to run', async () => {
    drops = await json<Drops>(['exec', 'drops', held]);
    return drops.source === 'island_manager' && (drops.counts['running'] ?? 0) > 0;
  });
  if (!drops) return;
  const total = Object.keys(drops.states).length;
  t.true(total > 1, JSON.stringify(drops));
  t.like(drops.counts, { running: 1, waiting: total - 1, done: 0, error: 0 });
  t.regex(
    (await cli(['exec', 'drops', held])).out,
    new RegExp(`^${total} drops, from the island manager at \\S+: 1 running, ${total - 1} waiting$`, 'm'),
  );
  const dry = await cli(['exec', 'cancel-all', '--project', 'wallaby_hires', '--dry-run']);
  t.is(dry.code, 0, dry.out);
  t.regex(dry.out, /^no execution to cancel$/m);
  t.regex(dry.out, /^left out: 1 execution running on its backend; add --running to cancel it too$/m);
  const withRunning = await cli([
    'exec',
    'cancel-all',
    '--project',
    'wallaby_hires',
    '--running',
    '--dry-run',
  ]);
  t.regex(withRunning.out, new RegExp(`^would cancel ${held} \\(running\\)$`, 'm'));
  t.false(withRunning.out.includes('left out'), withRunning.out);
  t.is((await cli(['exec', 'cancel', held])).code, 0);
  // Where automation is on, the stop says that it would make new executions of those sources.
  const auto = manualWallabyYaml
    .replace('module: wallaby_hires', 'module: wallaby_auto')
    .replace(/(execution:\n\s+enabled:) false/, '$1 true')
    .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: nowhere');
  t.is((await cli(['project', 'upload', file('auto.yaml', auto)])).code, 0);
  const autoProfile = { name: 'auto-dim', project_module: 'wallaby_auto', translation: {} };
  const deployment = { kind: 'rest_remote', deploy_host: 'dim.example.org' };
  t.is(
    (await cli(['profile', 'add', file('auto.json', JSON.stringify({ ...autoProfile, deployment }))])).code,
    0,
  );
  t.is((await cli(['sources', 'add', 'wallaby_auto', 'HIPASSJ0001-23'])).code, 0);
  await json(['exec', 'create', 'wallaby_auto', 'HIPASSJ0001-23', '--profile', 'auto-dim']);
  const autoStop = await cli(['exec', 'cancel-all', '--project', 'wallaby_auto']);
  t.is(autoStop.code, 0, autoStop.out);
  t.regex(autoStop.out, /^1 of 1 cancelled$/m);
  t.regex(
    autoStop.out,
    /^warning: automation is on in wallaby_auto \(configuration version 1\): its next tick makes new executions/m,
  );
  const lastEvent = await json<{ kind: string }[]>(['exec', 'events', done, '--last', '1']);
  const allEvents = await json<{ kind: string }[]>(['exec', 'events', done]);
  t.deepEqual(lastEvent, allEvents.slice(-1));
});

test.serial('several sources: one execution may hold one, so --each makes one per source', async (t) => {
  const both = ['HIPASSJ0001-23', 'HIPASSJ0301MOCKFAIL'];
  // The example configuration takes one source per execution: refused, with the way out.
  const together = await cli(['exec', 'create', 'wallaby_hires', ...both]);
  t.is(together.code, 1, together.out);
  t.regex(together.out, /max_sources_per_execution/);
  t.regex(together.out, /^surveyor: --each makes one execution per source$/m);
  const each = await cli([
    'exec',
    'create',
    'wallaby_hires',
    ...both,
    'HIPASSJ9999-99',
    '--each',
    '--idempotency-key',
    'each-1',
  ]);
  t.is(each.code, 1, each.out);
  t.regex(each.out, /^HIPASSJ9999-99: not made: /m);
  t.regex(each.out, /^2 of 3 made$/m);
  const again = await json<{ made: { uuid: string; sources: { source_identifier: string }[] }[] }>([
    'exec',
    'create',
    'wallaby_hires',
    ...both,
    '--each',
    '--idempotency-key',
    'each-1',
  ]);
  t.deepEqual(
    again.made.map((e) => e.sources.map((x) => x.source_identifier)),
    both.map((b) => [b]),
    'one execution per source, the same ones again for the same key',
  );
  const pending = (
    await json<{ items: { uuid: string }[] }>([
      'exec',
      'list',
      '--project',
      'wallaby_hires',
      '--state',
      'pending',
    ])
  ).items.map((e) => e.uuid);
  for (const e of again.made) t.true(pending.includes(e.uuid), 'made, not run');
  t.is((await cli(['exec', 'cancel-all', '--project', 'wallaby_hires', '--state', 'pending'])).code, 0);
});

cliCoverage(test, s, 'cliExecutions');
