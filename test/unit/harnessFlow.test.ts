// The full harness: a whole flow in one process, no database, deterministic.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { MockTranslator } from '../../adapters/mock/translator.js';
import { PermanentJobError } from '../../core/domain/job.js';
import { createHarness } from '../../hosts/library/harness.js';
import { wallabyYaml } from '../support/examples.js';
import { admin, createOf, graphs, prepared, right, stateOf } from '../support/harnessProject.js';

test('upload, register, discover, execute and poll to completion, in simulated time', async (t) => {
  const { h, module, ids } = await prepared(['HIPASSJ0001-23']);
  const st = right(await h.sources.status(ids['HIPASSJ0001-23']!));
  t.true(st.ready, 'discovery ran as a job in the harness');
  const id = await createOf(h, module, 'HIPASSJ0001-23');
  right(await h.executions.execute(id, {}, admin.username));
  t.is(await stateOf(h, id), 'queued', 'admitted, and nothing runs until the harness is driven');
  const took = await h.until(async () => (await stateOf(h, id)) === 'completed', { maxSeconds: 900 });
  // Submitted on the first tick, then the example's 60 s polling sees the mock session finish.
  t.true(took >= 40 && took <= 200, `completed after ${took} simulated seconds`);
  const kinds = right(await h.executions.events(id)).items.map((e) => e.kind);
  for (const k of [
    'execution.queued',
    'execution.staged',
    'execution.translated',
    'execution.submitted',
    'execution.completed',
  ])
    t.true(kinds.includes(k), `${k} in ${kinds.join()}`);
  t.deepEqual(h.failures, []);
  const listed = right(await h.executions.list({ projectModule: module, state: 'completed' }));
  t.deepEqual(
    listed.items.map((e) => e.uuid),
    [id],
  );
});

test('cancel a held run, retry a failed one: both settle in the harness', async (t) => {
  const { h, module, ids } = await prepared(['HIPASSJ0300MOCKHOLD', 'HIPASSJ0301MOCKFAIL']);
  t.is(Object.keys(ids).length, 2);
  const held = await createOf(h, module, 'HIPASSJ0300MOCKHOLD');
  const bad = await createOf(h, module, 'HIPASSJ0301MOCKFAIL');
  right(await h.executions.execute(held, {}, admin.username));
  right(await h.executions.execute(bad, {}, admin.username));
  await h.until(async () => (await stateOf(h, held)) === 'running' && (await stateOf(h, bad)) === 'failed');
  right(await h.executions.cancel(held, admin.username));
  await h.until(async () => (await stateOf(h, held)) === 'cancelled');
  const retried = right(await h.executions.retry(bad, admin));
  t.is(retried.state, 'queued', 'a retry admits itself');
  await h.until(async () => (await stateOf(h, bad)) !== 'pending' && (await stateOf(h, bad)) !== 'queued');
  await h.until(async () => (await stateOf(h, bad)) === 'failed');
  t.is(right(await h.executions.get(bad)).attempt, 2, 'the retry ran as a second attempt');
});

test('a translator that refuses the graph fails the run; what it was given stays downloadable', async (t) => {
  const refusing = new MockTranslator();
  refusing.partition = async () => {
    throw new PermanentJobError('the translator refused the graph: no such algorithm');
  };
  const { h, module } = await prepared(['HIPASSJ0003-45'], undefined, { ports: { translator: refusing } });
  const id = await createOf(h, module, 'HIPASSJ0003-45');
  right(await h.executions.execute(id, {}, admin.username));
  await h.until(async () => (await stateOf(h, id)) === 'failed', { maxSeconds: 900 });
  t.regex(right(await h.executions.get(id)).error ?? '', /no such algorithm/);
  for (const name of ['manifest.json', 'logical.graph'])
    t.true(E.isRight(await h.executions.artifact(id, 1, name)), `${name} kept`);
  t.true(E.isLeft(await h.executions.artifact(id, 1, 'translated.json')), 'nothing was translated');
});

test('a run admitted before its profile was paused waits before its translation, sends nothing, and goes on once resumed', async (t) => {
  const { h, module } = await prepared(['HIPASSJ0004-56']);
  const id = await createOf(h, module, 'HIPASSJ0004-56');
  right(await h.executions.execute(id, {}, admin.username));
  t.is(await stateOf(h, id), 'queued', 'admitted before the pause');
  const profileId = right(await h.executions.get(id)).deployment_profile_id!;
  right(await h.profiles.pause(profileId, { reason: 'DIM upgrade until 18:00' }, admin));
  const kinds = async () => right(await h.executions.events(id)).items.map((e) => e.kind);
  await h.until(async () => (await kinds()).includes('execution.held'), { maxSeconds: 300 });
  t.is(await stateOf(h, id), 'translating', 'staged, and waiting before the translator');
  const status = right(await h.executions.status(id));
  t.true(status.blocked_by.some((b) => /^profile \S+ is paused .*DIM upgrade until 18:00/.test(b)));
  // An hour of looks at the pause: one event, nothing translated or submitted, no attempt spent.
  await h.advance(3600, 10);
  const held = await kinds();
  t.is(held.filter((k) => k === 'execution.held').length, 1);
  t.false(held.includes('execution.translated') || held.includes('execution.submitted'));
  const job = [...h.store.queue.rows.values()].find((j) => j.kind === 'execution.run')!;
  t.like(job, { state: 'queued', attempts: 0 }, 'given back, not failed');
  t.deepEqual(h.failures, []);
  right(await h.profiles.resume(profileId, admin));
  const took = await h.until(async () => (await stateOf(h, id)) === 'completed', { maxSeconds: 900 });
  t.true(took < 300, `completed ${took} s after the resume`);
  t.true((await kinds()).includes('execution.submitted'));
});

test('a maintenance window set ahead: runs go on until it begins, wait while it holds, and go on by themselves at its end', async (t) => {
  const { h, module } = await prepared(['HIPASSJ0005-01', 'HIPASSJ0005-02']);
  const before = await createOf(h, module, 'HIPASSJ0005-01');
  const during = await createOf(h, module, 'HIPASSJ0005-02');
  const profileId = right(await h.executions.get(before)).deployment_profile_id!;
  const hours = (n: number) => new Date(h.clock.now().getTime() + n * 3600_000);
  const [from, until] = [hours(1), hours(3)];
  const paused = right(
    await h.profiles.pause(profileId, { reason: 'Setonix maintenance', from, until }, admin),
  );
  t.like(paused.paused, { from: from.toISOString(), until: until.toISOString(), holding: false });
  right(await h.executions.execute(before, {}, admin.username));
  await h.until(async () => (await stateOf(h, before)) === 'completed', { maxSeconds: 900 });
  t.true(h.clock.now() < from, 'done before the window');
  await h.advance((from.getTime() - h.clock.now().getTime()) / 1000 + 60, 30);
  t.true(right(await h.profiles.get(profileId)).paused?.holding, 'begun');
  right(await h.executions.execute(during, {}, admin.username));
  t.is(await stateOf(h, during), 'pending', 'held by the window');
  const status = right(await h.executions.status(during));
  t.true(
    status.blocked_by.some((b) => b.includes(`it runs when the pause ends at ${until.toISOString()}`)),
    status.blocked_by.join('; '),
  );
  await h.advance(3600, 30);
  t.is(await stateOf(h, during), 'pending', 'still held an hour on');
  // Nobody resumes it: the window ends at its time, and the run goes on.
  const took = await h.until(async () => (await stateOf(h, during)) === 'completed', {
    maxSeconds: 3 * 3600,
  });
  const done = h.clock.now().getTime();
  t.true(
    done > until.getTime() && done < until.getTime() + 300_000,
    `completed ${took} s on, at ${new Date(done).toISOString()}`,
  );
  t.is(right(await h.profiles.get(profileId)).paused, null, 'over: the profile shows no pause');
  const kinds = right(await h.profiles.events(profileId)).items.map((e) => e.kind);
  t.false(kinds.includes('profile.resumed'), 'no resume was made');
  t.deepEqual(
    kinds.filter((k) => k.startsWith('profile.pause')),
    ['profile.paused', 'profile.pause_began', 'profile.pause_ended'],
    'the window told as it began and as it ended, once each',
  );
  const ended = right(await h.profiles.events(profileId)).items.find(
    (e) => e.kind === 'profile.pause_ended',
  )!;
  t.like(ended, { actor: null, payload: { reason: 'Setonix maintenance', until: until.toISOString() } });
  t.true(ended.created_at >= until.toISOString(), `told at ${ended.created_at}, after its end`);
  t.deepEqual(h.failures, []);
});

test('a run held before its translation by a pause with an end goes on at that end, unresumed', async (t) => {
  const { h, module } = await prepared(['HIPASSJ0006-01']);
  const id = await createOf(h, module, 'HIPASSJ0006-01');
  right(await h.executions.execute(id, {}, admin.username));
  const profileId = right(await h.executions.get(id)).deployment_profile_id!;
  const until = new Date(h.clock.now().getTime() + 3600_000 + 7_000);
  right(await h.profiles.pause(profileId, { reason: 'DIM restart', until }, admin));
  const kinds = async () => right(await h.executions.events(id)).items.map((e) => e.kind);
  await h.until(async () => (await kinds()).includes('execution.held'), { maxSeconds: 300 });
  t.is(await stateOf(h, id), 'translating');
  await h.until(async () => (await kinds()).includes('execution.translated'), { maxSeconds: 2 * 3600 });
  const at = h.clock.now().getTime();
  // Its last look is at the end itself, not up to 30 s after it.
  t.true(at >= until.getTime() && at < until.getTime() + 5_000, new Date(at).toISOString());
  await h.until(async () => (await stateOf(h, id)) === 'completed', { maxSeconds: 900 });
  t.deepEqual(h.failures, []);
});

test('a pause made while a long translation runs holds the run before its submit', async (t) => {
  const slow = new MockTranslator();
  const partition = slow.partition.bind(slow);
  let during: (() => Promise<void>) | null = null;
  slow.partition = async (graph, settings) => {
    await during?.();
    return partition(graph, settings);
  };
  const { h, module } = await prepared(['HIPASSJ0007-01'], undefined, { ports: { translator: slow } });
  const id = await createOf(h, module, 'HIPASSJ0007-01');
  right(await h.executions.execute(id, {}, admin.username));
  const profileId = right(await h.executions.get(id)).deployment_profile_id!;
  // The translation takes 20 s (as a 5,000-drop graph does), and the pause comes in the middle.
  during = async () => {
    during = null;
    h.clock.advance(10);
    right(await h.profiles.pause(profileId, { reason: 'DIM upgrade' }, admin));
    h.clock.advance(10);
  };
  const kinds = async () => right(await h.executions.events(id)).items.map((e) => e.kind);
  await h.until(async () => (await kinds()).includes('execution.held'), { maxSeconds: 300 });
  t.is(await stateOf(h, id), 'submitting', 'translated, and waiting before its submit');
  t.false((await kinds()).includes('execution.submitted'));
  const held = right(await h.executions.events(id)).items.find((e) => e.kind === 'execution.held')!;
  t.like(held.payload, { step: 'submitting', reason: 'DIM upgrade' });
  right(await h.profiles.resume(profileId, admin));
  await h.until(async () => (await stateOf(h, id)) === 'completed', { maxSeconds: 900 });
  t.deepEqual(h.failures, []);
});

test('two harnesses driven alike end alike: the harness is deterministic', async (t) => {
  const run = async () => {
    const { h, module } = await prepared(['HIPASSJ0002-34']);
    const id = await createOf(h, module, 'HIPASSJ0002-34');
    right(await h.executions.execute(id, {}, admin.username));
    await h.until(async () => (await stateOf(h, id)) === 'completed', { maxSeconds: 900 });
    return right(await h.executions.events(id)).items.map((e) => [e.kind, e.created_at]);
  };
  t.deepEqual(await run(), await run());
});

test('automation naming a profile that does not exist says why once: one project event and one warning', async (t) => {
  const warnings: string[] = [];
  const log = { info() {}, debug() {}, warn: (_f: object, m: string) => warnings.push(m) };
  const h = createHarness({ graphs, log });
  // The example as shipped: automation on, naming the profile slurm-remote, which nobody made.
  const module = right(await h.projects.upload(wallabyYaml, admin)).version.project_module;
  right(
    await h.sources.registerMany(
      module,
      ['HIPASSJ0001-23', 'HIPASSJ0002-34'].map((source_identifier) => ({ source_identifier })),
      admin.username,
    ),
  );
  await h.advance(900, 30);
  const blocked = right(await h.projects.events(module)).items.filter((e) => e.kind === 'automation.blocked');
  t.is(blocked.length, 1, 'reported once over many ticks');
  t.regex(String(blocked[0]!.payload['reason']), /no profile 'slurm-remote'/);
  t.is(warnings.filter((w) => w.includes("'slurm-remote'")).length, 1);
  t.deepEqual(right(await h.executions.list({ projectModule: module })).items, []);
});

test('automation and a source whose every run fails: it waits longer after each, stops after max_failed_runs and says so once; a new configuration version starts afresh', async (t) => {
  const yaml = wallabyYaml
    .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: mock-dim')
    .replace(/(discovery:\n\s+enabled:) true/, '$1 false');
  const warnings: string[] = [];
  const log = { info() {}, debug() {}, warn: (_f: object, m: string) => warnings.push(m) };
  const { h, module, ids } = await prepared(['HIPASSJ0301MOCKFAIL', 'HIPASSJ0303+01'], yaml, { log });
  await h.advance(4 * 3600, 10);
  const runsOf = async (identifier: string) =>
    right(await h.executions.list({ projectModule: module })).items.filter((e) =>
      e.sources.some((s) => s.source_identifier === identifier),
    );
  const failing = (await runsOf('HIPASSJ0301MOCKFAIL')).reverse();
  t.deepEqual(
    failing.map((e) => e.state),
    ['failed', 'failed', 'failed'],
    'three runs in four hours, not one per tick',
  );
  const gaps = failing
    .slice(1)
    .map((e, i) => (Date.parse(e.created_at) - Date.parse(failing[i]!.created_at)) / 60_000);
  t.true(gaps[0]! >= 30 && gaps[0]! < 35, `then 30 minutes: ${gaps}`);
  t.true(gaps[1]! >= 60 && gaps[1]! < 65, `then 60 minutes: ${gaps}`);
  t.deepEqual(
    (await runsOf('HIPASSJ0303+01')).map((e) => e.state),
    ['completed'],
  );
  const held = right(await h.sources.events(ids['HIPASSJ0301MOCKFAIL']!)).items.filter(
    (e) => e.kind === 'automation.source_held',
  );
  t.is(held.length, 1, 'told once');
  t.like(held[0]!.payload, { failed_runs: 3, last_execution: failing[2]!.uuid, config_version: 1 });
  t.is(warnings.filter((w) => w.includes('stopped trying 1 source after 3 failed runs')).length, 1);
  t.like(right(await h.sources.status(ids['HIPASSJ0301MOCKFAIL']!)).automation, {
    failed_runs: 3,
    max_failed_runs: 3,
    hold: 'held',
    retry_at: null,
  });
  t.is(right(await h.sources.status(ids['HIPASSJ0303+01']!)).automation, null);
  t.like(right(await h.projects.automation(module)), { enabled: true, held: 1, waiting: 0 });
  t.deepEqual(
    right(await h.projects.automation(module)).sources.map((x) => [
      x.source_identifier,
      x.hold,
      x.failed_runs,
    ]),
    [['HIPASSJ0301MOCKFAIL', 'held', 3]],
  );
  // A new configuration version (here: twice the wait) is a fresh start.
  right(await h.projects.upload(yaml.replace('retry_wait_minutes: 30', 'retry_wait_minutes: 60'), admin));
  await h.advance(60, 10);
  t.is((await runsOf('HIPASSJ0301MOCKFAIL')).length, 4);
});

test('automation groups sources; after a grouped run fails, its sources run alone: the others complete, the one at fault is held', async (t) => {
  const yaml = wallabyYaml
    .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: mock-dim')
    .replace(/(discovery:\n\s+enabled:) true/, '$1 false')
    .replace(/max_sources_per_execution: 1\b/, 'max_sources_per_execution: 3');
  const names = ['HIPASSJ0401+01', 'HIPASSJ0402MOCKFAIL', 'HIPASSJ0403+01'];
  const { h, module } = await prepared(names, yaml);
  await h.advance(4 * 3600, 10);
  const runs = right(await h.executions.list({ projectModule: module })).items.reverse();
  const sourcesOf = (e: (typeof runs)[number]) => e.sources.map((s) => s.source_identifier);
  t.deepEqual(sourcesOf(runs[0]!), names, 'the three ran together first');
  t.is(runs[0]!.state, 'failed');
  const later = runs.slice(1);
  t.true(
    later.every((e) => e.sources.length === 1),
    'then each alone',
  );
  const statesOf = (name: string) => later.filter((e) => sourcesOf(e)[0] === name).map((e) => e.state);
  t.deepEqual(statesOf('HIPASSJ0401+01'), ['completed']);
  t.deepEqual(statesOf('HIPASSJ0403+01'), ['completed']);
  t.deepEqual(
    statesOf('HIPASSJ0402MOCKFAIL'),
    ['failed', 'failed'],
    'the grouped run counts as its first failed run',
  );
  t.like(right(await h.projects.automation(module)), { held: 1, waiting: 0 });
});
