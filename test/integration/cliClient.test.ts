// The CLI as an API client: a real API and worker in this process, the CLI as child processes
// that know only the server's URL (no DATABASE_URL: they cannot write the database themselves).
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { defaultPassword, startTestApi, type TestApi } from '../support/api.js';
import { startReceiver } from '../support/alertPeers.js';
import { runCli } from '../support/child.js';
import { graphDir, manualWallabyYaml } from '../support/project.js';
import { until } from '../support/until.js';

let api: TestApi;
let worker: WorkerHandle;
let dir: string;
test.before(async () => {
  api = await startTestApi({
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_MOCK_STEP_MS: '200',
  });
  worker = await startWorker(api.container);
  await api.addUser('cli-admin', 'admin');
  dir = mkdtempSync(join(tmpdir(), 'surveyor-cli-'));
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ PATH: process.env['PATH'] ?? '', HOME: dir, SURVEYOR_CONFIG_DIR: join(dir, 'config') });
const cli = async (args: string[], input?: string) => {
  const r = runCli(args, env(), input);
  const code = await r.exited(90_000);
  return { code, out: r.output() };
};
const json = async <T>(args: string[]): Promise<T> => {
  const r = runCli([...args, '--json'], env());
  const code = await r.exited(60_000);
  if (code !== 0) throw new Error(`surveyor ${args.join(' ')} exited ${code}: ${r.output()}`);
  return JSON.parse(r.output()) as T;
};
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

test.serial('login keeps the refresh token in a 0600 file, never the password', async (t) => {
  const bad = await cli(
    ['login', '--server', new URL(api.base).origin, '--username', 'cli-admin', '--password-stdin'],
    'wrong-password\n',
  );
  t.is(bad.code, 1, bad.out);
  t.regex(bad.out, /invalid_credentials|HTTP 401/);
  // No terminal to ask at, and no --password-stdin: said, not read through a prompt.
  const piped = await cli(['login', '--server', new URL(api.base).origin, '--username', 'cli-admin'], 'x\n');
  t.is(piped.code, 2, piped.out);
  t.regex(piped.out, /no terminal to ask for a password; use --password-stdin/);
  // Failed logins past the limit (another name, so this one is not locked): the wait is said.
  let limited: { code: number | null; out: string } = { code: 0, out: '' };
  for (let i = 0; i < 8 && !/HTTP 429/.test(limited.out); i++)
    limited = await cli(
      ['login', '--server', new URL(api.base).origin, '--username', 'cli-nobody', '--password-stdin'],
      'wrong-password\n',
    );
  t.regex(limited.out, /HTTP 429/);
  t.regex(limited.out, /^surveyor: try again in (\d+ seconds|\d+ minutes)$/m);
  const ok = await cli(
    ['login', '--server', new URL(api.base).origin, '--username', 'cli-admin', '--password-stdin'],
    `${defaultPassword}\n`,
  );
  t.is(ok.code, 0, ok.out);
  const creds = join(dir, 'config', 'credentials.json');
  t.is(statSync(creds).mode & 0o777, 0o600);
  t.is(statSync(join(dir, 'config')).mode & 0o777, 0o700);
  const text = readFileSync(creds, 'utf8');
  t.false(text.includes(defaultPassword));
  t.truthy((JSON.parse(text) as { refresh_token?: string }).refresh_token);
});

test.serial('project upload, versions, show and diff', async (t) => {
  const yaml = manualWallabyYaml;
  const up = await cli(['project', 'upload', file('p1.yaml', yaml)]);
  t.is(up.code, 0, up.out);
  t.regex(up.out, /wallaby_hires: version 1 stored and active/);
  t.regex((await cli(['project', 'upload', file('p1.yaml', yaml)])).out, /unchanged \(version 1/);
  const changed = yaml.replace('max_sources_per_execution:', '# a comment\n    max_sources_per_execution:');
  t.not(changed, yaml);
  t.is((await cli(['project', 'upload', file('p2.yaml', changed)])).code, 0);
  const versions = await json<{ version: number; active: boolean }[]>([
    'project',
    'versions',
    'wallaby_hires',
  ]);
  t.deepEqual(
    versions.map((v) => [v.version, v.active]),
    [
      [2, true],
      [1, false],
    ],
  );
  const diff = await cli(['project', 'diff', 'wallaby_hires']);
  t.is(diff.code, 1, 'versions that differ exit 1, as diff does');
  t.regex(diff.out, /\+\s*# a comment/);
  t.is((await cli(['project', 'diff', 'wallaby_hires', '2', '2'])).code, 0);
  const show = await cli(['project', 'show', 'wallaby_hires', '--version', '1']);
  t.true(show.out.includes(yaml.split('\n')[3]!));
  const bad = await cli(['project', 'upload', file('bad.yaml', 'project_module: [')]);
  t.is(bad.code, 1);
  t.regex(bad.out, /surveyor: .*HTTP 4\d\d/);
  // A key without its colon on line 16: said once, where it is, as project validate says it.
  const lines = yaml.split('\n');
  const at = lines.findIndex((l) => /^ {2}\w+:$/.test(l));
  lines[at] = lines[at]!.replace(':', '');
  const typo = file('typo.yaml', lines.join('\n'));
  const up2 = await cli(['project', 'upload', typo]);
  t.is(up2.code, 1);
  t.regex(
    up2.out,
    new RegExp(
      `^  ${typo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${at + 1}:3: Implicit keys need to be on a single line \\(and \\d+ more after it, which may follow from it\\)$`,
      'm',
    ),
  );
  t.false(up2.out.includes('(document)'));
});

test.serial('profiles, sources and an execution watched to completion; a failing one exits 10', async (t) => {
  const profile = file(
    'profile.json',
    JSON.stringify({
      name: 'mock-dim',
      project_module: 'wallaby_hires',
      is_default: true,
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    }),
  );
  t.is((await cli(['profile', 'add', profile])).code, 0);
  const profiles = await json<{ name: string }[]>(['profile', 'list', '--project', 'wallaby_hires']);
  t.deepEqual(
    profiles.map((p) => p.name),
    ['mock-dim'],
  );
  const shown = await json<{ name: string }>(['profile', 'show', 'mock-dim', '--project', 'wallaby_hires']);
  t.is(shown.name, 'mock-dim');
  // profile ping --remote: the service checks, with the parts it runs (mock here), and says so.
  const pinged = await json<{ ok: boolean; checks: { name: string; detail: string }[] }>([
    'profile',
    'ping',
    'mock-dim',
    '--project',
    'wallaby_hires',
    '--remote',
  ]);
  t.true(pinged.ok);
  t.deepEqual(
    pinged.checks.map((c) => c.name),
    ['translator', 'mock backend'],
  );
  t.regex(pinged.checks[1]!.detail, /mock rest_remote .*nothing is contacted/);

  const csv = file(
    'sources.csv',
    'source_identifier,note\nHIPASSJ0001-23,first\n"HIPASSJ0301MOCKFAIL",bad\n\n',
  );
  const imported = await cli(['sources', 'import', 'wallaby_hires', csv]);
  t.is(imported.code, 0, imported.out);
  t.regex(imported.out, /2 created, 0 already there, 0 refused/);
  const refused = await cli(['sources', 'add', 'wallaby_hires', 'not a hipass name']);
  t.is(refused.code, 1);
  // A misspelt registration taken back, by identifier; an unknown one is named.
  t.is((await cli(['sources', 'add', 'wallaby_hires', 'HIPASSJ0004-56'])).code, 0);
  const deleted = await cli(['sources', 'delete', 'wallaby_hires', 'HIPASSJ0004-56', 'HIPASSJ9999-99']);
  t.is(deleted.code, 1, deleted.out);
  t.regex(deleted.out, /^deleted HIPASSJ0004-56$/m);
  t.regex(deleted.out, /HIPASSJ9999-99 not deleted: no source HIPASSJ9999-99 in project wallaby_hires/);
  const listed = await json<{ uuid: string; source_identifier: string }[]>([
    'sources',
    'list',
    'wallaby_hires',
  ]);
  t.is(listed.length, 2);
  // Chosen by a filter: the two never discovered. A named one the server skips is said, exit 1.
  const discovering = await cli(['sources', 'discover', 'wallaby_hires', '--state', 'never']);
  t.is(discovering.code, 0, discovering.out);
  t.regex(discovering.out, /^discovery queued for 2 source\(s\)$/m);
  const unknownOne = await cli(['sources', 'discover', 'wallaby_hires', 'HIPASSJ9999-99']);
  t.is(unknownOne.code, 1, unknownOne.out);
  t.regex(unknownOne.out, /^HIPASSJ9999-99 skipped: no such source in this project$/m);
  t.is((await cli(['sources', 'discover', 'wallaby_hires'])).code, 2, 'neither names nor a filter');
  for (const s of listed)
    for (let i = 0; ; i++) {
      const st = await json<{ ready: boolean }>(['sources', 'status', s.uuid]);
      if (st.ready) break;
      if (i > 60) t.fail(`${s.source_identifier} not ready`);
      await new Promise((r) => setTimeout(r, 500));
    }
  // Filters, printed a page at a time; --json is the same array the unfiltered list printed.
  const toProcess = await cli(['sources', 'list', 'wallaby_hires', '--to-process', '--enabled']);
  t.is(toProcess.code, 0, toProcess.out);
  t.regex(toProcess.out, /^IDENTIFIER\s+ENABLED\s+DISCOVERY\s+DISCOVERED\s+TO PROCESS\s+UUID$/m);
  t.regex(toProcess.out, /^HIPASSJ0001-23\s+yes\s+done\s+\S+Z\s+yes\s+[0-9a-f-]{36}$/m);
  t.regex(toProcess.out, /^HIPASSJ0301MOCKFAIL\s+yes\s+done\s/m);
  t.deepEqual(
    (
      await json<{ source_identifier: string }[]>([
        'sources',
        'list',
        'wallaby_hires',
        '--prefix',
        'HIPASSJ03',
      ])
    ).map((s) => s.source_identifier),
    ['HIPASSJ0301MOCKFAIL'],
  );
  t.deepEqual(
    (await json<{ source_identifier: string }[]>(['sources', 'list', 'wallaby_hires', '--limit', '1'])).map(
      (s) => s.source_identifier,
    ),
    ['HIPASSJ0001-23'],
  );
  const noneFailed = await cli(['sources', 'list', 'wallaby_hires', '--state', 'failed']);
  t.is(noneFailed.code, 0);
  t.is(noneFailed.out.trim(), 'no source of wallaby_hires matches');
  t.deepEqual(await json(['sources', 'list', 'wallaby_hires', '--state', 'failed']), []);
  t.is((await cli(['sources', 'list', 'wallaby_hires', '--enabled', '--disabled'])).code, 2);
  const lost = await cli(['sources', 'list', 'wallaby_hires', '--state', 'lost']);
  t.is(lost.code, 1);
  t.regex(lost.out, /discovery_state/);

  const created = await json<{ uuid: string }>([
    'exec',
    'create',
    'wallaby_hires',
    'HIPASSJ0001-23',
    '--idempotency-key',
    'cli-1',
  ]);
  const again = await json<{ uuid: string }>([
    'exec',
    'create',
    'wallaby_hires',
    'HIPASSJ0001-23',
    '--idempotency-key',
    'cli-1',
  ]);
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
  const firstUuid = listed.find((s) => s.source_identifier === 'HIPASSJ0001-23')!.uuid;
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

  // What the runs used: one completed attempt, the failing one's one or two (its retry may have
  // ended by now); the mock reports nothing, so each is an estimate.
  const usage = await cli(['usage', '--project', 'wallaby_hires', '--by', 'state']);
  t.is(usage.code, 0, usage.out);
  t.regex(usage.out, /^PROJECT\s+STATE\s+RUNS\s+NODE-H\s+CPU-H\s+BADPUT NODE-H\s+QUEUE-H$/m);
  t.regex(usage.out, /^wallaby_hires\s+completed\s+1\s/m);
  const failedRuns = Number(/^wallaby_hires\s+failed\s+(\d+)\s/m.exec(usage.out)?.[1]);
  t.true(failedRuns === 1 || failedRuns === 2, usage.out);
  t.regex(usage.out, new RegExp(`^wallaby_hires\\s+total\\s+${failedRuns + 1}\\s`, 'm'));
  t.regex(usage.out, /some runs report no CPU time/);
  // A batch profile's wall time: what auto gives one source now, and why (no runs of it yet).
  const batchProfile = await api.call('POST', '/deployment-profiles', {
    token: await api.tokenFor('cli-walltime-admin', 'admin'),
    body: {
      name: 'cli-slurm',
      project_module: 'wallaby_hires',
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      deployment: {
        kind: 'batch_remote',
        login_node: 'login.example.org',
        account: 'acct',
        home_dir: '/home/a',
        log_dir: '/home/a/log',
        dlg_root: '/home/a/dlg',
        job_duration_minutes: 'auto',
        job_duration_fallback_minutes: 25,
      },
    },
  });
  t.is(batchProfile.status, 201, batchProfile.text);
  t.regex(
    (await cli(['usage', '--project', 'wallaby_hires'])).out,
    /^wallaby_hires walltime on cli-slurm \(job_duration_minutes: auto\): auto gives one source 25 min, job_duration_fallback_minutes: 0 completed runs, 3 needed$/m,
  );
  const asJson = await json<{ by: string; total: { runs: number } }>([
    'usage',
    '--project',
    'wallaby_hires',
    '--by',
    'state',
  ]);
  t.is(asJson.by, 'state');
  t.true(asJson.total.runs >= 2);
  const every = await json<{ project_module: string }[]>(['usage']);
  t.deepEqual(
    every.map((u) => u.project_module),
    ['wallaby_hires'],
  );
  // By source: each source of those runs is a row of its own.
  const bySource = await cli(['usage', '--project', 'wallaby_hires', '--by', 'source']);
  t.is(bySource.code, 0, bySource.out);
  t.regex(bySource.out, /^PROJECT\s+SOURCE\s+RUNS\s+NODE-H/m);
  t.regex(bySource.out, /^wallaby_hires\s+HIPASSJ\S+\s+[12]\s/m);
  const wrong = await cli(['usage', '--by', 'week']);
  t.is(wrong.code, 2, wrong.out);
  const badRange = await cli(['usage', '--project', 'wallaby_hires', '--from', '2026-02-30']);
  t.is(badRange.code, 1, badRange.out);
  t.regex(badRange.out, /from/);
});

test.serial('alert channels, rules and deliveries from the command line', async (t) => {
  const secret = 'cli-signing-secret-0123456789';
  const receiver = await startReceiver(secret);
  try {
    const hook = file(
      'hook.json',
      JSON.stringify({ kind: 'webhook', name: 'cli-hook', url: receiver.url, signing_secret: secret }),
    );
    const added = await cli(['alert', 'channel', 'add', hook]);
    t.is(added.code, 0, added.out);
    t.regex(added.out, /channel cli-hook created/);
    const tested = await cli(['alert', 'channel', 'test', 'cli-hook']);
    t.is(tested.code, 0, tested.out);
    t.regex(tested.out, /^delivered: status 200, \d+ ms/m);
    t.true(receiver.received[0]!.signatureOk);
    const list = await cli(['alert', 'channel', 'list']);
    t.regex(list.out, /cli-hook\s+webhook\s+yes\s+http:\/\/127\.0\.0\.1:\d+/);
    t.false(list.out.includes(secret) || list.out.includes('receiver-token-42'));
    const rule = file(
      'rule.json',
      JSON.stringify({
        kind: 'execution_ended',
        name: 'cli-failures',
        states: ['failed'],
        channels: ['cli-hook'],
      }),
    );
    const made = await cli(['alert', 'rule', 'add', rule]);
    t.is(made.code, 0, made.out);
    t.regex(
      (await cli(['alert', 'rule', 'list'])).out,
      /cli-failures\s+execution_ended\s+yes\s+\(all\)\s+1\s+60 min/,
    );
    t.is((await cli(['alert', 'rule', 'disable', 'cli-failures'])).code, 0);
    t.is((await json<{ enabled: boolean }[]>(['alert', 'rule', 'list']))[0]!.enabled, false);
    receiver.respondWith(() => 503);
    const failing = await cli(['alert', 'channel', 'test', 'cli-hook']);
    t.is(failing.code, 1, failing.out);
    t.regex(failing.out, /not delivered: HTTP 503/);
    const deliveries = await cli(['alert', 'deliveries', '--channel', 'cli-hook']);
    t.is(deliveries.code, 0, deliveries.out);
    t.regex(deliveries.out, /failed\s+1\s+0\s+HTTP 503/);
    t.regex(deliveries.out, /delivered\s+1\s+0\s+200, \d+ ms\s+\(test\)/);
    const bad = await cli(['alert', 'channel', 'test', 'no-such-channel']);
    t.is(bad.code, 2);
    t.regex(bad.out, /no channel named no-such-channel/);
  } finally {
    await receiver.close();
  }
});

test.serial('the rest of what the API does, from the command line too', async (t) => {
  // An access token about to end: the next command renews it from the refresh token, and keeps both.
  const creds = join(dir, 'config', 'credentials.json');
  const before = JSON.parse(readFileSync(creds, 'utf8')) as { access_token: string; refresh_token: string };
  writeFileSync(creds, JSON.stringify({ ...before, access_expires_at: new Date().toISOString() }), {
    mode: 0o600,
  });
  const me = await cli(['whoami']);
  t.is(me.code, 0, me.out);
  t.regex(me.out, /^cli-admin \(admin\) at http:\/\/127\.0\.0\.1:\d+$/m);
  const after = JSON.parse(readFileSync(creds, 'utf8')) as { access_token: string; refresh_token: string };
  t.not(after.refresh_token, before.refresh_token, 'the refresh token was used and rotated');

  // The accounts and their audit from anywhere, as a logged-in admin (the host reads its database).
  const accounts = await cli(['user', 'list', '--remote']);
  t.is(accounts.code, 0, accounts.out);
  t.regex(accounts.out, /^USERNAME\s+ROLE\s+STATE\s+CREATED\s+EMAIL$/m);
  t.regex(accounts.out, /^cli-admin\s+admin\s+enabled\s+\S+Z\s+\S+@\S+$/m);
  const audit = await json<{ kind: string; subject_id: string }[]>([
    'user',
    'events',
    '--remote',
    '--username',
    'cli-admin',
  ]);
  t.true(
    audit.some((e) => e.kind === 'user.created' && e.subject_id === 'cli-admin'),
    JSON.stringify(audit),
  );
  const newestOne = await cli(['user', 'events', '--remote', '--last', '1']);
  t.is(newestOne.code, 0, newestOne.out);
  t.regex(newestOne.out, /^WHEN\s+WHAT\s+WHO\s+DETAIL\s+BY$/m);
  t.is(newestOne.out.trim().split('\n').length, 2, 'a header and the newest line');

  const overview = await cli(['overview']);
  t.is(overview.code, 0, overview.out);
  t.regex(overview.out, /^executions: .*\b\d+ completed/m);
  t.regex(overview.out, /^queue: \d+ queued \(oldest \d+ s\), \d+ running, \d+ dead$/m);
  t.regex(overview.out, /^recent failures:\n {2}\S+ failed/m);
  t.regex((await cli(['project', 'list'])).out, /^wallaby_hires\s+2\s+\S+\s+cli-admin\s+[0-9a-f]{12}$/m);
  const projectEvents = await cli(['project', 'events', 'wallaby_hires']);
  t.regex(projectEvents.out, /^TIME\s+SUBJECT\s+EVENT\s+BY\s+DETAIL$/m);
  t.regex(projectEvents.out, /\ssource [0-9a-f]{8}\s+source\.registered\s/);
  t.regex(projectEvents.out, /\sexecution [0-9a-f]{8}\s+execution\.completed\s/);
  const newestTwo = await json<{ id: number }[]>(['project', 'events', 'wallaby_hires', '--last', '2']);
  const every = await json<{ id: number }[]>(['project', 'events', 'wallaby_hires']);
  t.deepEqual(newestTwo, every.slice(-2), '--last N: the newest N, oldest first');
  t.is((await cli(['project', 'events', 'wallaby_hires', '--last', '0'])).code, 2);

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
  const out = join(dir, 'manifest.json');
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

  // One source: shown, switched off and on (an unknown one named, the rest done), its events.
  t.is(
    (await json<{ source_identifier: string }>(['sources', 'show', 'wallaby_hires', 'HIPASSJ0001-23']))
      .source_identifier,
    'HIPASSJ0001-23',
  );
  const off = await cli(['sources', 'disable', 'wallaby_hires', 'HIPASSJ0001-23', 'HIPASSJ9999-99']);
  t.is(off.code, 1, off.out);
  t.regex(off.out, /^HIPASSJ0001-23 disabled$/m);
  t.regex(off.out, /HIPASSJ9999-99: no source HIPASSJ9999-99 in project wallaby_hires/);
  t.false((await json<{ enabled: boolean }>(['sources', 'show', 'wallaby_hires', 'HIPASSJ0001-23'])).enabled);
  t.is((await cli(['sources', 'enable', 'wallaby_hires', 'HIPASSJ0001-23'])).code, 0);
  const sourceEvents = await json<{ kind: string }[]>([
    'sources',
    'events',
    'wallaby_hires',
    'HIPASSJ0001-23',
  ]);
  t.deepEqual(
    sourceEvents.map((e) => e.kind).filter((k) => k !== 'source.discovered' && k !== 'source.changed'),
    ['source.registered', 'source.disabled', 'source.enabled'],
  );
  t.is((await cli(['sources', 'show', 'wallaby_hires', 'HIPASSJ9999-99'])).code, 2);

  // A profile replaced (its events name what changed), another deleted.
  const replaced = await cli([
    'profile',
    'replace',
    'mock-dim',
    file(
      'profile2.json',
      JSON.stringify({
        name: 'mock-dim',
        description: 'the mock island manager',
        project_module: 'wallaby_hires',
        is_default: true,
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      }),
    ),
    '--project',
    'wallaby_hires',
  ]);
  t.is(replaced.code, 0, replaced.out);
  t.regex(replaced.out, /^profile mock-dim replaced \(version 2\)$/m);
  const profileEvents = await cli(['profile', 'events', 'mock-dim', '--project', 'wallaby_hires']);
  t.regex(profileEvents.out, /profile\.created\s+cli-admin/);
  t.regex(profileEvents.out, /profile\.replaced\s+cli-admin\s+.*description/);
  const spare = file(
    'spare.json',
    JSON.stringify({
      name: 'spare',
      project_module: 'wallaby_hires',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    }),
  );
  t.is((await cli(['profile', 'add', spare])).code, 0);
  // Paused for a maintenance window (the list says so), refused a second time, resumed.
  const pausedSpare = await cli([
    'profile',
    'pause',
    'spare',
    '--project',
    'wallaby_hires',
    '--reason',
    'window',
  ]);
  t.is(pausedSpare.code, 0, pausedSpare.out);
  t.regex(
    pausedSpare.out,
    /^profile spare paused since \S+Z: runs that would submit with it wait until `surveyor profile resume` \(0 waiting now\)$/m,
  );
  t.regex(
    (await cli(['profile', 'list', '--project', 'wallaby_hires'])).out,
    /^spare\s+wallaby_hires\s+rest_remote\s+1\s+since \S+Z \(0 waiting\)\s+[0-9a-f-]{36}$/m,
  );
  t.regex(
    (await cli(['overview'])).out,
    /^profile spare \(wallaby_hires\) paused since \S+Z by cli-\w+: window \(0 executions wait\)$/m,
  );
  const twice = await cli(['profile', 'pause', 'spare', '--project', 'wallaby_hires', '--reason', 'other']);
  t.is(twice.code, 1);
  t.regex(twice.out, /paused already \(by cli-\w+: window\)/);
  const resumedSpare = await cli(['profile', 'resume', 'spare', '--project', 'wallaby_hires']);
  t.is(resumedSpare.code, 0, resumedSpare.out);
  t.regex(resumedSpare.out, /^profile spare resumed$/m);
  // A window ahead, from a span and until a time with its offset; a bare number is refused before
  // anything is sent.
  const end = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 86_400_000);
  const perth = `${new Date(end.getTime() + 8 * 3600_000).toISOString().slice(0, 16)}+08:00`;
  const endText = end.toISOString().replace(/[.]/g, '\\.');
  const bare = await cli([
    'profile',
    'pause',
    'spare',
    '--project',
    'wallaby_hires',
    '--reason',
    'w',
    '--until',
    '6',
  ]);
  t.is(bare.code, 2, bare.out);
  t.regex(bare.out, /--until 6: say the unit \(6h, 6d\)/);
  const windowed = await cli([
    'profile',
    'pause',
    'spare',
    '--project',
    'wallaby_hires',
    '--reason',
    'maintenance',
    '--from',
    '2h',
    '--until',
    perth,
  ]);
  t.is(windowed.code, 0, windowed.out);
  t.regex(
    windowed.out,
    new RegExp(
      `^profile spare paused from \\S+Z until ${endText}: runs that would submit with it will wait until then$`,
      'm',
    ),
  );
  t.regex(
    (await cli(['profile', 'list', '--project', 'wallaby_hires'])).out,
    new RegExp(
      `^spare\\s+wallaby_hires\\s+rest_remote\\s+1\\s+from \\S+Z until ${endText}\\s+[0-9a-f-]{36}$`,
      'm',
    ),
  );
  const movedWindow = await cli([
    'profile',
    'pause',
    'spare',
    '--project',
    'wallaby_hires',
    '--reason',
    'maintenance, moved',
    '--from',
    '3h',
    '--replace',
  ]);
  t.is(movedWindow.code, 0, movedWindow.out);
  t.regex(
    movedWindow.out,
    /^profile spare paused from \S+Z: runs that would submit with it will wait until `surveyor profile resume`$/m,
  );
  const calledOff = await cli(['profile', 'resume', 'spare', '--project', 'wallaby_hires']);
  t.is(calledOff.code, 0, calledOff.out);
  const gone = await cli(['profile', 'delete', 'spare', '--project', 'wallaby_hires']);
  t.is(gone.code, 0, gone.out);
  t.regex(gone.out, /^profile spare deleted$/m);
  t.regex(
    (await cli(['profile', 'delete', 'spare', '--project', 'wallaby_hires'])).out,
    /no profile spare in wallaby_hires or global/,
  );

  // A rule and a channel: shown (no secret), replaced (the secret kept), deleted in turn.
  const rule = await json<{ name: string; cooldown_minutes: number }>([
    'alert',
    'rule',
    'show',
    'cli-failures',
  ]);
  t.is(rule.cooldown_minutes, 60);
  const ruleFile = file(
    'rule2.json',
    JSON.stringify({
      kind: 'execution_ended',
      name: 'cli-failures',
      states: ['failed'],
      channels: ['cli-hook'],
      cooldown_minutes: 5,
    }),
  );
  t.regex(
    (await cli(['alert', 'rule', 'replace', 'cli-failures', ruleFile])).out,
    /^rule cli-failures replaced$/m,
  );
  t.regex(
    (await cli(['alert', 'rule', 'list'])).out,
    /cli-failures\s+execution_ended\s+\S+\s+\(all\)\s+1\s+5 min/,
  );
  const channel = await cli(['alert', 'channel', 'show', 'cli-hook']);
  t.regex(channel.out, /"sealed_fields": \[\s+"signing_secret"/);
  t.false(channel.out.includes('cli-signing-secret-0123456789'));
  const hookUrl = (JSON.parse(channel.out) as { settings: { url?: string; target?: string } }).settings;
  const channelFile = file(
    'hook2.json',
    JSON.stringify({ kind: 'webhook', name: 'cli-hook', url: hookUrl.url ?? `http://${hookUrl.target}` }),
  );
  const swapped = await cli(['alert', 'channel', 'replace', 'cli-hook', channelFile]);
  t.is(swapped.code, 0, swapped.out);
  t.regex(
    (await cli(['alert', 'channel', 'show', 'cli-hook'])).out,
    /"sealed_fields": \[\s+"signing_secret"/,
    'the secret left out is kept',
  );
  t.regex((await cli(['alert', 'channel', 'disable', 'cli-hook'])).out, /^channel cli-hook disabled$/m);
  t.regex((await cli(['alert', 'channel', 'enable', 'cli-hook'])).out, /^channel cli-hook enabled$/m);
  const held = await cli(['alert', 'channel', 'delete', 'cli-hook']);
  t.is(held.code, 1, held.out);
  t.regex(held.out, /HTTP 409/);
  t.regex((await cli(['alert', 'rule', 'delete', 'cli-failures'])).out, /^rule cli-failures deleted$/m);
  t.regex((await cli(['alert', 'channel', 'delete', 'cli-hook'])).out, /^channel cli-hook deleted$/m);
  // An API token for a program: printed once, used from SURVEYOR_TOKEN with no login stored.
  const made = runCli(['token', 'create', '--name', 'ci-job', '--role', 'viewer', '--days', '7'], env());
  t.is(await made.exited(30_000), 0, made.output());
  const apiToken = /^svy_\S+$/m.exec(made.output())?.[0] ?? '';
  t.regex(apiToken, /^svy_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
  t.regex(made.output(), /token ci-job \(viewer, until \S+\) made; this is the only time it is shown/);
  /** A program's CLI: no stored login, the token in SURVEYOR_TOKEN. */
  const programCli = (args: string[], token = apiToken, url: string | null = new URL(api.base).origin) =>
    runCli(args, {
      ...env(),
      SURVEYOR_CONFIG_DIR: join(dir, 'program'),
      SURVEYOR_TOKEN: token,
      ...(url ? { SURVEYOR_URL: url } : {}),
    });
  const program = async (args: string[], url: string | null = new URL(api.base).origin) => {
    const r = programCli(args, apiToken, url);
    return { code: await r.exited(30_000), out: r.output() };
  };
  const asProgram = await program(['whoami']);
  t.regex(asProgram.out, /^cli-admin \(viewer\) at /m, 'the token’s role, not the admin’s');
  t.false(asProgram.out.includes('ends in'), 'seven days left: nothing to say yet');
  t.is((await program(['exec', 'list'])).code, 0);
  const readOnly = await program(['sources', 'add', 'wallaby_hires', 'HIPASSJ0005-67']);
  t.is(readOnly.code, 1, readOnly.out);
  t.regex(readOnly.out, /needs the operator role; you have viewer/);
  t.is((await program(['logout'])).code, 2, 'logout would revoke the token, not a login: refused');
  const nowhere = await program(['whoami'], null);
  t.is(nowhere.code, 1);
  t.regex(nowhere.out, /SURVEYOR_TOKEN is set: give the server with --server URL or SURVEYOR_URL/);
  t.regex(
    (await cli(['token', 'list'])).out,
    /^ci-job\s+cli-admin\s+viewer\s+live\s+\S+\s+20\d\d-\S+Z\s/m,
    'used',
  );
  t.regex((await cli(['token', 'revoke', 'ci-job'])).out, /^token ci-job of cli-admin revoked$/m);
  // A token that ends within three days says so once, on stderr, for a cron job's log.
  const brief = runCli(['token', 'create', '--name', 'brief', '--days', '2'], env());
  t.is(await brief.exited(30_000), 0, brief.output());
  const briefToken = /^svy_\S+$/m.exec(brief.output())?.[0] ?? '';
  const warned = programCli(['exec', 'list', '--project', 'wallaby_hires'], briefToken);
  t.is(await warned.exited(30_000), 0, warned.output());
  const notices = warned
    .output()
    .split('\n')
    .filter((l) => l.includes('ends in'));
  t.is(notices.length, 1, warned.output());
  t.regex(
    notices[0]!,
    /^surveyor: the API token in SURVEYOR_TOKEN ends in (1 days|47 hours) \(\S+Z\): make a new one with surveyor token create$/,
  );
  t.false(warned.stdout().includes('ends in'), 'stdout stays the answer');
  t.is((await cli(['token', 'revoke', 'brief'])).code, 0);
  const revoked = await program(['whoami']);
  t.is(revoked.code, 1);
  t.regex(revoked.out, /this API token was revoked; make a new one/);
  t.false(
    api.logs.some((l) => l.includes(apiToken.slice(-43))),
    'never in the service’s log',
  );

  const delivery = (await json<{ id: string; state: string }[]>(['alert', 'deliveries']))[0]!;
  t.regex((await cli(['alert', 'deliveries'])).out, new RegExp(`\\s${delivery.id}$`, 'm'));
  const one = await json<{ id: string; state: string }>(['alert', 'deliveries', 'show', delivery.id]);
  t.is(one.id, delivery.id);
  t.is(one.state, delivery.state);
});

test.serial(
  "automation stops trying a source whose every run fails, tells it once, and the source's status says so",
  async (t) => {
    const secret = 'cli-retry-signing-secret-0123456789';
    const receiver = await startReceiver(secret);
    try {
      const yaml = manualWallabyYaml
        .replace('module: wallaby_hires', 'module: wallaby_retry')
        .replace(/(execution:\n\s+enabled:) false/, '$1 true')
        .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: retry-dim')
        .replace('max_failed_runs: 3', 'max_failed_runs: 1');
      const up = await cli(['project', 'upload', file('retry.yaml', yaml)]);
      t.is(up.code, 0, up.out);
      const profile = {
        name: 'retry-dim',
        project_module: 'wallaby_retry',
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      };
      t.is((await cli(['profile', 'add', file('retry-dim.json', JSON.stringify(profile))])).code, 0);
      const hook = { kind: 'webhook', name: 'retry-hook', url: receiver.url, signing_secret: secret };
      t.is((await cli(['alert', 'channel', 'add', file('retry-hook.json', JSON.stringify(hook))])).code, 0);
      const rule = {
        kind: 'automation_stopped',
        name: 'retry-stopped',
        channels: ['retry-hook'],
        project_module: 'wallaby_retry',
      };
      t.is((await cli(['alert', 'rule', 'add', file('retry-rule.json', JSON.stringify(rule))])).code, 0);
      const source = 'HIPASSJ0301MOCKFAIL';
      t.is((await cli(['sources', 'add', 'wallaby_retry', source])).code, 0);
      t.is((await cli(['sources', 'discover', 'wallaby_retry', source])).code, 0);
      const { uuid } = await json<{ uuid: string }>(['sources', 'show', 'wallaby_retry', source]);
      let status = '';
      await until('automation to stop trying the source', async () => {
        status = (await cli(['sources', 'status', uuid])).out;
        return status.includes('automation: stopped');
      });
      const runs = async () =>
        (
          await json<{ items: { uuid: string; state: string }[] }>([
            'exec',
            'list',
            '--project',
            'wallaby_retry',
          ])
        ).items;
      const [failed] = await runs();
      t.is(failed?.state, 'failed');
      t.regex(
        status,
        new RegExp(
          `^  automation: stopped after 1 of 1 failed runs \\(last ${failed!.uuid}\\): tried again on new data`,
          'm',
        ),
      );
      const standing = await cli(['project', 'automation', 'wallaby_retry']);
      t.is(standing.code, 0, standing.out);
      t.regex(
        standing.out,
        /^automation of wallaby_retry \(configuration version 1\): on; .* stops after 1$/m,
      );
      t.regex(standing.out, /^1 source stopped, 0 waiting$/m);
      t.regex(
        standing.out,
        new RegExp(`^HIPASSJ0301MOCKFAIL\\s+stopped\\s+1 of 1\\s+${failed!.uuid.slice(0, 8)}\\s+-$`, 'm'),
      );
      t.is(
        (await cli(['project', 'automation', 'wallaby_retry', '--limit', '0'])).code,
        1,
        'a limit below 1',
      );
      // Ticks come every second: a few more make nothing of the source.
      await new Promise((r) => setTimeout(r, 3000));
      t.is((await runs()).length, 1, 'one run, not one per tick');
      await until('the alert', async () => receiver.received.length > 0, 30_000);
      t.is(
        String(receiver.received[0]!.body['subject']),
        `[surveyor] wallaby_retry: automation stopped trying source ${source} after 1 failed run`,
      );
      t.true(receiver.received[0]!.signatureOk);
      // A new configuration version is a fresh start.
      const next = yaml.replace('retry_wait_minutes: 30', 'retry_wait_minutes: 60');
      t.is((await cli(['project', 'upload', file('retry2.yaml', next)])).code, 0);
      await until('a run on the new version', async () => (await runs()).length === 2);
      t.is(receiver.received.length, 1, 'told once');
    } finally {
      await receiver.close();
    }
  },
);

test.serial('credentials others may read are refused; logout ends the login', async (t) => {
  const creds = join(dir, 'config', 'credentials.json');
  chmodSync(creds, 0o644);
  const open = await cli(['exec', 'list']);
  t.is(open.code, 1);
  t.regex(open.out, /may be read by other users/);
  chmodSync(creds, 0o600);
  t.is((await cli(['logout'])).code, 0);
  const after = await cli(['exec', 'list']);
  t.is(after.code, 1);
  t.regex(after.out, /not logged in: run surveyor login/);
  const nowhere = runCli(['exec', 'list', '--server', 'http://127.0.0.1:9'], env());
  t.is(await nowhere.exited(), 1);
});

test.serial(
  'password sets your own: the current one first; other logins end, this one goes on',
  async (t) => {
    await api.addUser('cli-pw', 'viewer');
    const envOf = (name: string) => ({ ...env(), SURVEYOR_CONFIG_DIR: join(dir, name) });
    const as = async (name: string, args: string[], input?: string) => {
      const r = runCli(args, envOf(name), input);
      return { code: await r.exited(60_000), out: r.output() };
    };
    const origin = new URL(api.base).origin;
    const login = ['login', '--server', origin, '--username', 'cli-pw', '--password-stdin'];
    for (const name of ['here', 'elsewhere']) t.is((await as(name, login, `${defaultPassword}\n`)).code, 0);
    const fresh = 'a-new-password-from-the-cli';
    const wrong = await as('here', ['password', '--password-stdin'], `not-my-password\n${fresh}\n`);
    t.is(wrong.code, 1, wrong.out);
    t.regex(wrong.out, /the current password is not right/);
    t.regex(wrong.out, /current_password: not the password of this account/);
    const noTty = await as('here', ['password'], '');
    t.is(noTty.code, 2, noTty.out);
    t.regex(noTty.out, /no terminal to ask for passwords; use --password-stdin/);
    const ok = await as('here', ['password', '--password-stdin'], `${defaultPassword}\n${fresh}\n`);
    t.is(ok.code, 0, ok.out);
    t.regex(ok.out, /^password set; 1 other login ended$/m);
    t.false(ok.out.includes(fresh));
    t.is((await as('here', ['exec', 'list'])).code, 0, 'this login goes on');
    const other = await as('elsewhere', ['exec', 'list']);
    t.is(other.code, 1, other.out);
    t.regex(other.out, /the password was changed/);
    t.is((await as('elsewhere', login, `${defaultPassword}\n`)).code, 1, 'the old password is refused');
    t.is((await as('elsewhere', login, `${fresh}\n`)).code, 0);
    // Neither password reached the service's log.
    t.false(api.logs.some((l) => l.includes(fresh) || l.includes('not-my-password')));
  },
);

// Last: every operation of the API was called by a command above, except those the CLI leaves to
// others, each with the reason. A route added without its command fails here.
const notTheCli: Readonly<Record<string, string>> = {
  consoleLogin: 'the web console logs in with a cookie',
  consoleRefresh: 'the web console',
  consoleLogout: 'the web console',
  health: 'probes, without credentials',
  ready: 'probes, without credentials (surveyor doctor checks the host itself)',
  metrics: 'Prometheus',
  openapi: 'clients generated from it',
  createSource: 'sources add registers through /sources/bulk, which takes one as well',
};

test.serial('every operation of the API is reached from the command line, or said why not', (t) => {
  const called = new Set(
    api.logs
      .map((l) => JSON.parse(l) as { msg?: string; method?: string; route?: string })
      .filter((l) => l.msg === 'request')
      .map((l) => `${l.method} ${l.route}`),
  );
  const doc = JSON.parse(readFileSync(new URL('../../../schema/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      id: op.operationId,
      key: `${method.toUpperCase()} ${path}`,
    })),
  );
  t.true(operations.length > 60);
  const missing = operations.filter((o) => !called.has(o.key) && notTheCli[o.id] === undefined);
  t.deepEqual(missing, [], 'each needs a command (or a reason in notTheCli)');
  const stale = Object.keys(notTheCli).filter((id) => !operations.some((o) => o.id === id));
  t.deepEqual(stale, [], 'reasons for operations that no longer exist');
});
