// The DALiuGE adapters on their own against the real testbed: what the translator's and the
// island manager's errors become (permanent or worth retrying, with the peer's own words), the
// answers for sessions the DIM does not know, and `surveyor profile ping`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { DimBackend } from '../../adapters/daliuge/dimBackend.js';
import { DaliugeTranslator } from '../../adapters/daliuge/translatorClient.js';
import { PermanentJobError } from '../../core/domain/job.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import type { Db } from '../../adapters/postgres/db.js';
import { startTestApi } from '../support/api.js';
import { cleanEnv, runCli } from '../support/child.js';
import { daliugeGraphDir, daliugeTestbed, dimProxy } from '../support/daliuge.js';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { freePort } from '../support/ports.js';
import { until } from '../support/until.js';

// The testbed (or the test's own servers) listen on loopback: allowed here, refused by default.
setOutboundPolicy({ hosts: null, allowPrivate: true });

const tb = daliugeTestbed();
const settings = { algo: 'metis', num_par: 1, num_islands: 1 } as const;
const translator = new DaliugeTranslator({
  defaultUrl: tb.tmUrl,
  timeoutMs: 30_000,
  maxBytes: 1 << 26,
  backoffMs: 50,
});
const backend = new DimBackend({ timeoutMs: 10_000, maxBytes: 1 << 26 });
const profile = (port = tb.dimPort): DeploymentProfile => ({
  id: 'p',
  name: 'testbed',
  description: '',
  project_module: null,
  is_default: false,
  version: 1,
  createdAt: new Date(),
  updatedAt: new Date(),
  translation: settings,
  deployment: {
    kind: 'rest_remote',
    deploy_host: tb.dimHost,
    deploy_port: port,
    dim_port_for_tm: port,
    use_https: false,
    verify_ssl: true,
  },
});

test('the translator partitions and maps a real graph onto both node managers', async (t) => {
  const { dir } = daliugeGraphDir();
  const lg = readFileSync(join(dir, 'HelloWorld-simple.graph'), 'utf8');
  const pgt = await translator.partition(lg, settings);
  t.is(pgt.filter((d) => 'oid' in d).length, 2);
  t.false('oid' in pgt[pgt.length - 1]!, 'the last element is reproducibility data');
  t.true(pgt.filter((d) => 'oid' in d).every((d) => String(d['node']).startsWith('#')));
  const pg = await translator.map(pgt, settings, { host: tb.dimHost, port: tb.dimPort });
  t.true(pg.filter((d) => 'oid' in d).every((d) => tb.nodes.includes(String(d['node']))));
});

test('a translator just started partitions four graphs at once', async (t) => {
  // DALiuGE 6.6 patches the metis module on its first partitions, from several threads, without a
  // lock: some of them may answer 500. Those are tried again within the step.
  t.timeout(90_000);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-tm-'));
  let output = '';
  const tm = spawn(tb.dlg, ['tm', '-H', '127.0.0.1', '-p', String(port), '-d', dir, '-t', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  tm.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  tm.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  try {
    const fresh = new DaliugeTranslator({
      defaultUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 30_000,
      maxBytes: 1 << 26,
      backoffMs: 200,
    });
    await until('the test translator to answer', async () => {
      if (tm.exitCode !== null) throw new Error(`dlg tm exited ${tm.exitCode}:\n${output.slice(-2000)}`);
      return (await fresh.ping(settings)).ok;
    });
    const lg = readFileSync(join(daliugeGraphDir().dir, 'HelloWorld-simple.graph'), 'utf8');
    const pgts = await Promise.all([1, 2, 3, 4].map(() => fresh.partition(lg, settings)));
    t.deepEqual(
      pgts.map((p) => p.filter((d) => 'oid' in d).length),
      [2, 2, 2, 2],
    );
    t.log(
      `500s the translator answered meanwhile: ${output.split('Exception in ASGI application').length - 1}`,
    );
  } finally {
    tm.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a graph the translator rejects fails permanently, in its own words', async (t) => {
  const err = await t.throwsAsync(translator.partition('{not json', settings));
  t.true(err instanceof PermanentJobError);
  t.regex(err!.message, /HTTP 400: LG content is malformed/);
});

test('mapping onto an island manager the translator cannot reach is retried, then reported', async (t) => {
  // The translator itself spends about 10 s trying to reach the DIM before it answers 500.
  const twice = new DaliugeTranslator({
    defaultUrl: tb.tmUrl,
    timeoutMs: 30_000,
    maxBytes: 1 << 20,
    tries: 2,
    backoffMs: 50,
  });
  const err = await t.throwsAsync(twice.map([], settings, { host: '127.0.0.1', port: 1 }));
  t.false(err instanceof PermanentJobError, 'the queue retries it later');
  t.regex(err!.message, /HTTP 500.*reachable from there/);
});

test('an unreachable translator is not permanent and says where', async (t) => {
  const dead = new DaliugeTranslator({
    defaultUrl: 'http://127.0.0.1:1',
    timeoutMs: 2000,
    maxBytes: 1024,
    tries: 1,
  });
  const err = await t.throwsAsync(dead.partition('{}', settings));
  t.false(err instanceof PermanentJobError);
  t.regex(err!.message, /POST http:\/\/127\.0\.0\.1:1\/unroll_and_partition/);
});

test('sessions the island manager does not know: find adopts nothing, poll says unknown, cancel is a no-op', async (t) => {
  t.is(await backend.find(profile(), 'surveyor-never-created-a1'), null);
  const item = {
    executionId: 'e1',
    schedulerJobId: 'surveyor-never-created-a1',
    profile: profile(),
    submittedAt: new Date(),
    cancelSentAt: null,
    runRecord: {},
  };
  const out = await backend.poll(backend.target(profile()), [item]);
  t.is(out.get('e1')!.kind, 'unknown');
  await t.notThrowsAsync(backend.cancel(item));
});

test('a deploy whose answer does not come in time, of a session that is deploying, is submitted at once', async (t) => {
  // The proxy relays the deploy to the island manager but holds its answer past the client's timeout.
  const front = await dimProxy(
    { host: tb.dimHost, port: tb.dimPort },
    {
      after: async (r) => {
        if (r.method === 'POST' && r.path.endsWith('/deploy')) await new Promise((x) => setTimeout(x, 2500));
      },
    },
  );
  t.teardown(() => front.close());
  const impatient = new DimBackend({ timeoutMs: 1000, maxBytes: 1 << 26 });
  const { dir } = daliugeGraphDir();
  const pgt = await translator.partition(
    readFileSync(join(dir, 'HelloWorld-simple.graph'), 'utf8'),
    settings,
  );
  const pg = await translator.map(pgt, settings, { host: tb.dimHost, port: tb.dimPort });
  const id = `surveyor-deploy-unanswered-${Date.now()}-a1`;
  const started = Date.now();
  const sub = await impatient.submit({
    executionId: 'e1',
    attempt: 1,
    externalName: id,
    profile: profile(front.port),
    graph: pg,
    manifest: { sources: [] } as never,
    confirm: async () => undefined,
  });
  t.is(sub.schedulerJobId, id);
  t.true(sub.runRecord['deploy_unanswered']);
  t.true(Date.now() - started < 2500, 'submitted before the held answer came');
  const deploys = front.seen.filter((r) => r.method === 'POST' && r.path.endsWith('/deploy'));
  t.is(deploys.length, 1, 'deployed once');
  // The island manager itself says the session is deployed.
  t.not(await backend.find(profile(), id), null);
});

test('an island manager that does not answer is retried, not permanent', async (t) => {
  const err = await t.throwsAsync(backend.find(profile(1), 'surveyor-x-a1'));
  t.false(err instanceof PermanentJobError);
  t.regex(err!.message, /GET http:\/\/127\.0\.0\.1:1\/api\/sessions\/surveyor-x-a1\/status/);
});

test('surveyor profile ping reports the translator and the node managers, and fails on a dead DIM', async (t) => {
  const api = await startTestApi();
  t.teardown(() => api.close());
  // Global profiles are an admin's to make.
  const token = await api.tokenFor('pinger', 'admin');
  for (const [name, port] of [
    ['testbed', tb.dimPort],
    ['nowhere', 1],
  ] as const) {
    const r = await api.call('POST', '/deployment-profiles', {
      token,
      body: {
        name,
        translation: { tm_url: tb.tmUrl },
        deployment: { kind: 'rest_remote', deploy_host: tb.dimHost, deploy_port: port },
      },
    });
    t.is(r.status, 201, r.text);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-ping-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = cleanEnv({
    DATABASE_URL: api.container.get<Config>(TYPES.Config).DATABASE_URL!,
    SERVICE_DATA_DIR: dataDir,
    SERVICE_JWT_SECRET: 'ping-test-secret-0123456789abcdef-xyz',
    SERVICE_OUTBOUND_ALLOW_PRIVATE: 'true',
  });
  const ok = runCli(['profile', 'ping', 'testbed'], env);
  t.is(await ok.exited(), 0, ok.output());
  t.regex(ok.output(), /ok {3}translator: http:\/\/127\.0\.0\.1:\d+\/ answers/);
  t.regex(ok.output(), /ok {3}island manager: .* with 2 node managers: /);
  for (const n of tb.nodes) t.true(ok.output().includes(n));
  const bad = runCli(['profile', 'ping', 'nowhere', '--json'], env);
  t.is(await bad.exited(), 1);
  const report = JSON.parse(bad.output()) as { ok: boolean; checks: { name: string; ok: boolean }[] };
  t.false(report.ok);
  t.deepEqual(
    report.checks.map((c) => [c.name, c.ok]),
    [
      ['translator', true],
      ['island manager', false],
      ['island manager as the translator sees it', true],
    ],
  );
  const missing = runCli(['profile', 'ping', 'absent'], env);
  t.is(await missing.exited(), 1);
  t.regex(missing.output(), /no profile 'absent'/);

  // The API pings as the service runs: operators may ask, viewers may not; a dead DIM is ok: false.
  const real = await startTestApi(
    { SERVICE_USE_REAL_BACKENDS: 'true', SERVICE_MOCK_PARTS: 'archive,stager' },
    { url: api.container.get<Config>(TYPES.Config).DATABASE_URL!, db: api.container.get<Db>(TYPES.Db) },
  );
  t.teardown(() => real.close());
  const listed = await real.call('GET', '/deployment-profiles', {
    token: await real.tokenFor('pv', 'viewer'),
  });
  const idOf = (n: string) =>
    (listed.body as { items: { id: string; name: string }[] }).items.find((p) => p.name === n)!.id;
  const viewer = await real.call('POST', `/deployment-profiles/${idOf('testbed')}/ping`, {
    token: await real.tokenFor('pv2', 'viewer'),
  });
  t.is(viewer.status, 403);
  const operator = await real.tokenFor('po', 'operator');
  const up = await real.call('POST', `/deployment-profiles/${idOf('testbed')}/ping`, { token: operator });
  t.is(up.status, 200, up.text);
  t.like(up.body, { ok: true, profile: { name: 'testbed', kind: 'rest_remote' } });
  t.regex(JSON.stringify(up.body), /with 2 node managers/);
  const down = await real.call('POST', `/deployment-profiles/${idOf('nowhere')}/ping`, { token: operator });
  t.is(down.status, 200, down.text);
  t.like(down.body, { ok: false });

  // surveyor doctor reaches every profile's translator and island manager as the service would.
  const doctor = runCli(['doctor'], { ...env, SERVICE_USE_REAL_BACKENDS: 'true' });
  t.is(await doctor.exited(), 1, doctor.output());
  const out = doctor.output();
  t.regex(out, /^ok {3}database: DATABASE_URL answers/m);
  t.regex(out, /^ok {3}profile testbed translator: http:\/\/127\.0\.0\.1:\d+\/ answers/m);
  t.regex(out, /^ok {3}profile testbed island manager: .* with 2 node managers/m);
  t.regex(out, /^FAIL profile nowhere island manager: .*\n {7}hint: surveyor profile ping nowhere/m);
  t.notRegex(out, /mock parts/);
  t.regex(out, /^1 of \d+ checks failed$/m);
});
