// The WALLABY policy pointed at the real archive testbed (GAVO DaCHS, scripts/testbed/archive),
// through the HTTP API with every part real: sources are discovered by TAP (batched), an execution
// stages real files through datalink and an async SODA job, verifies their CASDA checksums, lists
// them in the manifest, and runs on the real DALiuGE testbed to completion. A proprietary file is
// held, saying so, until the archive releases it; a wrong password and bad ADQL each fail with a
// clear reason.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import type { Manifest, StagedFile } from '../../core/domain/manifest.js';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import type { Config } from '../../schema/environment.js';
import { startReceiver, webhookRule } from '../support/alertPeers.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { type ArchiveTestbed, archiveTestbedOrError, objectStoreRequests } from '../support/archive.js';
import { cleanEnv, runCli } from '../support/child.js';
import { type DaliugeTestbed, daliugeTestbed } from '../support/daliuge.js';
import { eventKinds, executionStatus } from '../support/executionStatus.js';
import { graphDir, prepareProject } from '../support/project.js';
import { provCheck } from '../support/provCheck.js';
import { until } from '../support/until.js';

const module = 'wallaby_hires_testbed';
let tb: ArchiveTestbed;
let dlg: DaliugeTestbed;
let api: TestApi;
let worker: WorkerHandle;
let p: Awaited<ReturnType<typeof prepareProject>>;
let work: string;
let passwordFile: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const signing = 'archive-flow-alerts-signing-secret';
const testbedScript = fileURLToPath(new URL('../../../scripts/testbed/archive', import.meta.url));

test.before(async () => {
  const found = archiveTestbedOrError();
  if (found instanceof Error) throw found;
  tb = found;
  dlg = daliugeTestbed();
  work = mkdtempSync(join(tmpdir(), 'surveyor-archive-flow-'));
  // A copy the tests can spoil and mend: the worker reads the password file on every use.
  passwordFile = join(work, 'archive-password');
  copyFileSync(tb.passwordFile, passwordFile);
  api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_STAGING_DIR: join(work, 'staging'),
    SERVICE_STAGING_MIN_FREE_BYTES: '1048576',
    ARCHIVE_USERNAME: tb.username,
    ARCHIVE_PASSWORD_FILE: passwordFile,
    ARCHIVE_CREDENTIAL_ORIGINS: tb.url,
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_WORKER_IDLE_POLL_SECONDS: '1',
    SERVICE_ALERT_TICK_SECONDS: '1',
  });
  worker = await startWorker(api.container);
  receiver = await startReceiver(signing);
  p = await prepareProject(
    api,
    [],
    // Discovery asks the archive whether the account may fetch each dataset (DataLink 1.1).
    tb.projectYaml
      .replace('poll_interval_seconds: 60', 'poll_interval_seconds: 1')
      .replace(
        '  required_flags: [ra_dec_vsys_complete]\n',
        '  required_flags: [ra_dec_vsys_complete]\n  access_check: true\n',
      ),
    {
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      deployment: { kind: 'rest_remote', deploy_host: dlg.dimHost, deploy_port: dlg.dimPort },
    },
    module,
  );
});
test.after.always(async () => {
  await receiver?.close();
  await worker?.stop(2000);
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
  120_000,
);

const ids: Record<string, string> = {};
const status = async (identifier: string) =>
  (await api.call('GET', `/sources/${ids[identifier]}/status`, { token: p.token })).body as {
    discovery_state: string;
    ready: boolean;
    blocked_by: string[];
    discovery_flags: Record<string, unknown>;
    metadata: { datasets: Record<string, unknown>[] } | null;
  };

const register = async (mod: string, identifiers: string[]) => {
  const reg = await api.call('POST', '/sources/bulk', {
    token: p.token,
    body: { project_module: mod, sources: identifiers.map((source_identifier) => ({ source_identifier })) },
  });
  for (const i of (reg.body as { items: { source_identifier: string; uuid: string }[] }).items)
    ids[i.source_identifier] = i.uuid;
  const ack = await api.call('POST', '/sources/discover', {
    token: p.token,
    body: { project_module: mod, source_identifiers: identifiers },
  });
  if (ack.status !== 202) throw new Error(ack.text);
  for (const i of identifiers)
    await until(`discovery of ${i}`, async () =>
      ['done', 'failed'].includes((await status(i)).discovery_state),
    );
};

test.serial('discovery fills metadata and flags from the real archive', async (t) => {
  await register(module, [
    'HIPASSJ1318-21',
    'HIPASSJ1337-29',
    'HIPASSJ1320-99',
    'HIPASSJ1321-98',
    'HIPASSJ9999-99',
    'HIPASSJ1341-41',
  ]);
  const a = await status('HIPASSJ1318-21');
  t.true(a.ready, a.blocked_by.join('; '));
  t.deepEqual(a.discovery_flags, { ra_dec_vsys_complete: true });
  t.deepEqual(
    a.metadata!.datasets.map((d) => [d['dataset_id'], d['sbid'], d['eval_file_prefix']]),
    [
      ['HIPASSJ1318-21_SB30001_beam00.fits', '30001', 'calibration-metadata-processing-logs-SB30001_'],
      ['HIPASSJ1318-21_SB30001_beam01.fits', '30001', 'calibration-metadata-processing-logs-SB30001_'],
    ],
  );
  const eval0 = (a.metadata!.datasets[0]!['enrichments'] as Record<string, Record<string, unknown>[]>)[
    'sbid_to_eval_file'
  ]!;
  t.deepEqual(
    eval0.map((r) => r['filename']),
    ['calibration-metadata-processing-logs-SB30001_2025-01-01.tar'],
  );
  // In the catalogue but without visibilities: discovered, not ready.
  t.deepEqual((await status('HIPASSJ1321-98')).blocked_by, ['discovery found no datasets']);
  // Nowhere: no datasets and the catalogue flag is false.
  t.deepEqual((await status('HIPASSJ9999-99')).blocked_by, [
    'discovery found no datasets',
    'discovery flag ra_dec_vsys_complete is not true',
  ]);
  const ready = await api.call('GET', '/ready', { token: p.token });
  const deps = (ready.body as { checks: Record<string, { data?: { parts?: unknown } }> }).checks[
    'dependencies'
  ];
  t.deepEqual(deps?.data?.parts, { translator: 'real', backends: 'real', archive: 'real', stager: 'real' });
});

test.serial(
  'an execution stages real files (datalink, async SODA, checksums) and runs on DALiuGE to completion',
  async (t) => {
    const id = await p.execute('HIPASSJ1318-21');
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'completed', String(e['error']));
    const artifacts = api.container.get<ArtifactStore>(TYPES.Artifacts);
    const manifest = JSON.parse((await artifacts.artifact(id, 1, 'manifest.json'))!) as Manifest;
    const datasets = (
      manifest.sources[0] as { sbids: { sbid: string; datasets: Record<string, unknown>[] }[] }
    ).sbids[0]!.datasets;
    t.is(datasets.length, 2);
    const staging = api.container.get<Config>(TYPES.Config).SERVICE_STAGING_DIR!;
    for (const d of datasets) {
      const staged = d['staged'] as { url: string; path: string; size: number; checksum: string };
      const name = String(d['dataset_id']);
      t.is(staged.path, join(staging, id, 'HIPASSJ1318-21', name));
      t.true(staged.url.startsWith(tb.datalinkUrl));
      // The file is the archive's, byte for byte, and the checksum recorded is CASDA's for it.
      const mine = readFileSync(staged.path);
      const theirs = readFileSync(join(tb.files, name));
      t.is(staged.size, theirs.length);
      t.true(mine.equals(theirs), name);
      t.is(staged.checksum.split(' ')[1], createHash('sha1').update(theirs).digest('hex'));
      t.false(existsSync(`${staged.path}.part`));
    }
    const kinds = await eventKinds(api, id);
    // Both datasets asked for in one archive job, each file found in it by its name.
    t.is(kinds.filter((k) => k === 'execution.job_created').length, 1, 'one archive job for the run');
    t.is(kinds.filter((k) => k === 'execution.file_staged').length, 2);
    t.true(kinds.indexOf('execution.staged') > kinds.lastIndexOf('execution.file_staged'));
    t.true(kinds.includes('execution.completed'));
    // The graph was patched from the manifest (the scheduling block of the staged data).
    const graph = JSON.parse((await artifacts.artifact(id, 1, 'logical.graph'))!) as {
      nodeDataArray: { name: string; fields: { name: string; value: unknown }[] }[];
    };
    const hello = graph.nodeDataArray.find((n) => n.name === 'Hello DALiuGE')!;
    t.is(hello.fields.find((f) => f.name === 'greet')!.value, '30001');
  },
);

test.serial(
  "files behind the object store's pre-signed links: staged with no credential sent there, each recorded and in PROV as verified (checksum, or size where the archive gave none)",
  async (t) => {
    const since = objectStoreRequests(tb).length;
    const id = await p.execute('HIPASSJ1341-41');
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'completed', String(e['error']));
    const artifacts = api.container.get<ArtifactStore>(TYPES.Artifacts);
    const manifest = JSON.parse((await artifacts.artifact(id, 1, 'manifest.json'))!) as Manifest;
    const datasets = (
      manifest.sources[0] as { sbids: { datasets: { dataset_id: string; staged: StagedFile }[] }[] }
    ).sbids[0]!.datasets;
    const parts = datasets.flatMap((d) => d.staged.files ?? []);
    t.deepEqual(
      parts.map((f) => [f.name.replace(/_SB\d+_/, '_SB*_'), f.verified_by, f.checksum === null]),
      [
        ['HIPASSJ1341-41_SB*_beam00.fits', 'checksum', false],
        ['HIPASSJ1341-41_SB*_beam01.fits', 'size', true],
      ],
    );
    for (const f of parts) {
      t.true(readFileSync(f.path).equals(readFileSync(join(tb.files, f.name))), f.name);
      t.true(f.url.startsWith(`${tb.objectStoreUrl}/`), f.url);
      t.false(f.url.includes('?'), 'no signature kept in the record');
    }
    const sent = objectStoreRequests(tb)
      .slice(since)
      .filter((r) => r.signed);
    t.is(sent.filter((r) => r.status === 200).length, 2, 'each file fetched once');
    t.deepEqual(
      sent.filter((r) => r.authorization !== null || r.cookie),
      [],
      'no credential at the object store',
    );
    // The provenance document claims a checksum only for the file that was checked by one.
    const doc = (await api.call('GET', `/executions/${id}/provenance`, { token: p.token })).body as {
      entity: Record<string, Record<string, unknown>>;
    };
    const files = Object.values(doc.entity).filter((x) =>
      JSON.stringify(x['prov:type']).includes('StagedFile'),
    );
    t.deepEqual(
      files
        .map((f) => [
          String(f['prov:label']).replace(/_SB\d+_/, '_SB*_'),
          f['sv:verifiedBy'],
          'sv:checksum' in f,
        ])
        .sort(),
      [
        ['HIPASSJ1341-41_SB*_beam00.fits', 'checksum', true],
        ['HIPASSJ1341-41_SB*_beam01.fits', 'size', false],
      ],
    );
    const read = provCheck(doc);
    t.deepEqual(read.problems, []);
    t.is(read.types['sv:StagedFile'], 2);
    t.is(read.relations['Membership'], 2, 'each file a member of its dataset');
  },
);

test.serial(
  'data not yet released to the account: discovery says so, the execution is held (not failed) with the reason, and runs once the archive releases it, an alert telling',
  async (t) => {
    const admin = await api.tokenFor('archive-flow-admin', 'admin');
    await webhookRule(
      api,
      admin,
      { name: 'archive-hook', url: receiver.url, signing },
      { kind: 'data_access', name: 'data-released', project_module: module },
    );

    const held =
      /the archive does not let the account fetch 1 of 1 datasets yet \(proprietary; released 2027-06-30\)$/;
    const s = await status('HIPASSJ1320-99');
    t.false(s.ready);
    t.true(
      s.blocked_by.some((b) => held.test(b)),
      s.blocked_by.join('; '),
    );
    const id = await p.execute('HIPASSJ1320-99');
    const read = async () =>
      (await api.call('GET', `/executions/${id}/status`, { token: p.token })).body as {
        state: string;
        blocked_by: string[];
      };
    await until('the execution held with the reason', async () =>
      (await read()).blocked_by.includes(`source HIPASSJ1320-99: ${s.blocked_by.find((b) => held.test(b))}`),
    );
    await new Promise((r) => setTimeout(r, 3000));
    t.is((await read()).state, 'pending', 'held, not failed, through several ticks');

    // The archive releases the data to the account; the next discovery sees it.
    execFileSync('bash', [testbedScript, 'grant', 'wallaby-team'], { stdio: 'pipe', timeout: 60_000 });
    t.teardown(() => {
      execFileSync('bash', [testbedScript, 'revoke', 'wallaby-team'], { stdio: 'pipe', timeout: 60_000 });
    });
    const ack = await api.call('POST', '/sources/discover', {
      token: p.token,
      body: { project_module: module, source_identifiers: ['HIPASSJ1320-99'] },
    });
    t.is(ack.status, 202, ack.text);
    await until('the source ready', async () => (await status('HIPASSJ1320-99')).ready, 60_000);
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'completed', String(e['error']));
    await until(
      'the release alert at the receiver',
      async () => receiver.received.some((a) => String(a.body['subject']).includes('released')),
      30_000,
    );
    const subjects = receiver.received.map((a) => String(a.body['subject']));
    t.true(
      subjects.includes(
        `[surveyor] ${module}: source HIPASSJ1320-99: its data is now released to the archive account`,
      ),
    );
    t.true(receiver.received.every((a) => a.signatureOk));
  },
);

test.serial('a wrong password is a clear error, and nothing of it reaches logs or events', async (t) => {
  const wrong = 'not-the-password-4711';
  writeFileSync(passwordFile, `${wrong}\n`);
  t.teardown(() => copyFileSync(tb.passwordFile, passwordFile));
  const id = await p.execute('HIPASSJ1337-29');
  const e = await untilState(t, id, ['completed', 'failed']);
  t.is(e.state, 'failed');
  t.regex(
    String(e['error']),
    /HTTP 401: the archive refused the credentials \(check ARCHIVE_USERNAME and ARCHIVE_PASSWORD_FILE\)/,
  );
  const events = await api.call('GET', `/executions/${id}/events`, { token: p.token });
  for (const secret of [wrong, tb.password, Buffer.from(`${tb.username}:${wrong}`).toString('base64')]) {
    t.false(events.text.includes(secret));
    t.false(api.logs.some((l) => l.includes(secret)));
  }
});

test.serial('bad ADQL fails discovery at once with the server words', async (t) => {
  const bad = tb.projectYaml
    .replace(`module: ${module}`, 'module: wallaby_bad_adql')
    .replace('RVmom\n        FROM hipass.hicat', 'RVnope\n        FROM hipass.hicat');
  t.not(bad, tb.projectYaml);
  await api.uploadConfig(bad, p.token);
  await register('wallaby_bad_adql', ['HIPASSJ1318-21B']);
  const s = await status('HIPASSJ1318-21B');
  t.is(s.discovery_state, 'failed');
  t.regex(
    s.blocked_by[0]!,
    /discovery failed: archive vizier refused query ra_dec_vsys: .*column 'rvnope' could not be located/,
  );
});

test.serial(
  "an operator's configuration naming a listener of its own as the archive never sends it the account",
  async (t) => {
    const seen: { path: string; auth: string | undefined }[] = [];
    const listener = createServer((req, res) => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'text/xml' }).end('<VOTABLE/>');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    t.teardown(() => new Promise<void>((r) => listener.close(() => r())));
    const theirs = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    // The casda archive (auth: archive_credentials) moved to the listener, with the listener among
    // its origins as well: the operator's upload is accepted (the URL is theirs to choose).
    const yaml = tb.projectYaml
      .replace(`module: ${module}`, 'module: wallaby_elsewhere')
      .replace(/(casda:\n\s+kind: tap\n\s+url: )\S+/, `$1${theirs}/tap`)
      .replace(/(auth: archive_credentials\n(?:.*\n)*?\s+origins: \[)/, `$1${theirs}, `);
    t.true(yaml.includes(`url: ${theirs}/tap`) && yaml.includes(`origins: [${theirs}, `));
    await api.uploadConfig(yaml, p.token);
    await register('wallaby_elsewhere', ['HIPASSJ1318-21E']);
    const s = await status('HIPASSJ1318-21E');
    t.is(s.discovery_state, 'failed');
    t.regex(
      s.blocked_by[0]!,
      /is not an origin the archive account may be sent to .*ARCHIVE_CREDENTIAL_ORIGINS/,
    );
    t.deepEqual(
      seen.filter((r) => r.auth !== undefined),
      [],
      'the listener never saw the account',
    );
  },
);

test.serial('surveyor archive ping checks reachability, credentials and tables', async (t) => {
  const env = cleanEnv({
    DATABASE_URL: api.container.get<Config>(TYPES.Config).DATABASE_URL!,
    SERVICE_JWT_SECRET: 'archive-ping-test-secret-0123456789abcdef',
    ARCHIVE_USERNAME: tb.username,
    ARCHIVE_PASSWORD_FILE: passwordFile,
    ARCHIVE_CREDENTIAL_ORIGINS: tb.url,
    SERVICE_OUTBOUND_ALLOW_PRIVATE: 'true',
  });
  const ok = runCli(['archive', 'ping', 'casda', '--project', module, '--json'], env);
  t.is(await ok.exited(), 0, ok.output());
  const r = JSON.parse(ok.output().trim().split('\n').pop()!) as {
    ok: boolean;
    tables: string[];
    checks: { name: string; ok: boolean; detail: string }[];
  };
  t.true(r.ok);
  t.deepEqual(r.tables, ['ivoa.obscore', 'casda.observation_evaluation_file']);
  t.deepEqual(
    r.checks.map((c) => [c.name, c.ok]),
    [
      ['reachable', true],
      ['authentication', true],
      ['credentials', true],
      ['tables', true],
    ],
  );
  // The scheme the archive asks for, in its own words; the account's password nowhere.
  t.regex(
    r.checks[1]!.detail,
    /without credentials: HTTP 401; asks for Basic \(realm "X-Unconfigured"\): surveyor signs in with HTTP Basic/,
  );
  t.false(ok.output().includes(tb.password));
  writeFileSync(passwordFile, 'wrong\n');
  t.teardown(() => copyFileSync(tb.passwordFile, passwordFile));
  const refused = runCli(['archive', 'ping', 'casda', '--project', module], env);
  t.is(await refused.exited(), 1);
  t.regex(refused.output(), /FAIL credentials: .*HTTP 401: the archive refused the credentials/);
  const missing = runCli(['archive', 'ping', 'vizier', '--project', 'wallaby_bad_adql'], env);
  t.is(await missing.exited(), 0, missing.output());
  t.regex(missing.output(), /ok {3}tables: found hipass\.hicat/);
});
