// A worker SIGKILLed in the middle of a download, against the real archive testbed: a proxy in
// front of DaCHS slows the downloads down and kills worker A when the second file is a third
// through. Worker B takes the run over: it reuses the archive job A recorded, never fetches the
// finished file again, continues the other with an HTTP Range request, verifies both checksums,
// and the execution completes on the real DALiuGE testbed.
import { readFileSync, rmSync, statSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { archiveTestbedOrError } from '../support/archive.js';
import { archiveProxy, type Download } from '../support/archiveProxy.js';
import { fastWorkerEnv, type Running, runCli, workerUntil } from '../support/child.js';
import { daliugeTestbed } from '../support/daliuge.js';
import { eventKinds, runJobAttempts } from '../support/executionStatus.js';
import { graphDir, prepareProject } from '../support/project.js';
import type { EventLog } from '../../core/ports/EventLog.js';

const module = 'wallaby_hires_testbed';
const source = 'HIPASSJ1318-21';
let api: TestApi;
let proxy: Awaited<ReturnType<typeof archiveProxy>>;
let p: Awaited<ReturnType<typeof prepareProject>>;
let env: NodeJS.ProcessEnv;
let work: string;
let victim: Running | undefined;
let killedAt: { path: string; sent: number } | null = null;

test.before(async () => {
  const tb = archiveTestbedOrError();
  if (tb instanceof Error) throw tb;
  const dlg = daliugeTestbed();
  work = mkdtempSync(join(tmpdir(), 'surveyor-archive-crash-'));
  proxy = await archiveProxy(tb.url, {
    chunk: 32 * 1024,
    delayMs: 40,
    onProgress: async (d: Download) => {
      // The second file of the run, a third through: kill the worker that is fetching it.
      const files = new Set(proxy.downloads.map((x) => x.path));
      if (
        victim &&
        files.size === 2 &&
        d === proxy.downloads[proxy.downloads.length - 1] &&
        d.sent >= 350_000
      ) {
        const v = victim;
        victim = undefined;
        killedAt = { path: d.path, sent: d.sent };
        v.child.kill('SIGKILL');
        await v.exited();
      }
    },
  });
  const real = {
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_STAGING_DIR: join(work, 'staging'),
    SERVICE_STAGING_MIN_FREE_BYTES: '1048576',
    // One download at a time, so the first file is complete when the second is cut.
    SERVICE_STAGING_PARALLEL_DOWNLOADS: '1',
    ARCHIVE_USERNAME: tb.username,
    ARCHIVE_PASSWORD_FILE: tb.passwordFile,
    ARCHIVE_CREDENTIAL_ORIGINS: proxy.url,
  };
  api = await startTestApi(real);
  p = await prepareProject(
    api,
    [source],
    proxy.toProxy(tb.projectYaml).replace('poll_interval_seconds: 60', 'poll_interval_seconds: 1'),
    {
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      deployment: { kind: 'rest_remote', deploy_host: dlg.dimHost, deploy_port: dlg.dimPort },
    },
    module,
  );
  env = fastWorkerEnv(api.container.get<Config>(TYPES.Config).DATABASE_URL!, join(work, 'data'), real);
});
test.after.always(async () => {
  victim?.child.kill('SIGKILL');
  await proxy?.close();
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a worker killed mid-download: the next resumes it with Range, the finished file is not fetched again', async (t) => {
  const a = runCli(['worker'], env);
  victim = a;
  t.teardown(() => {
    if (a.child.exitCode === null && a.child.signalCode === null) a.child.kill('SIGKILL');
  });
  const id = await p.execute(source);
  await a.exited(120_000);
  t.is(a.child.signalCode, 'SIGKILL', `the proxy killed worker A mid-download: ${a.output().slice(-2000)}`);
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  t.is((await executions.get(id))!.state, 'staging', 'A died while staging');
  const staging = join(api.container.get<Config>(TYPES.Config).SERVICE_STAGING_DIR!, id, source);
  const [first, second] = [...new Set(proxy.downloads.map((d) => d.path))].map(
    (path) => path.split('/').pop()!,
  );
  t.true(existsSync(join(staging, first!)), 'the first file was complete before the kill');
  const partSize = statSync(join(staging, `${second}.part`)).size;
  t.true(
    partSize > 0 && partSize <= killedAt!.sent,
    `a part of the second file is on disk (${partSize} bytes)`,
  );

  await workerUntil(
    env,
    async () => ['completed', 'failed', 'cancelled'].includes((await executions.get(id))!.state),
    (f) => t.teardown(f),
    120_000,
  );
  const e = (await executions.get(id))!;
  t.is(e.state, 'completed', e.error ?? '');
  t.is(await runJobAttempts(api, id), 2, 'B took the run over');

  // What the archive served: the first file once; the second twice, the second time from where A stopped.
  const byFile = (name: string) => proxy.downloads.filter((d) => d.path.endsWith(`/${name}`));
  t.deepEqual(
    byFile(first!).map((d) => [d.range, d.done]),
    [[null, true]],
  );
  t.deepEqual(
    byFile(second!).map((d) => [d.range, d.done]),
    [
      [null, false],
      [`bytes=${partSize}-`, true],
    ],
  );
  // The files are the archive's, byte for byte (the checksums were verified on the way).
  const tb = archiveTestbedOrError() as Exclude<ReturnType<typeof archiveTestbedOrError>, Error>;
  for (const name of [first!, second!])
    t.true(readFileSync(join(staging, name)).equals(readFileSync(join(tb.files, name))), name);
  t.false(existsSync(join(staging, `${second}.part`)));
  // B used the archive job A had recorded: one job for both datasets in all.
  const kinds = await eventKinds(api, id);
  t.is(kinds.filter((k) => k === 'execution.job_created').length, 1);
  const staged = (
    await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
  ).items.filter((x) => x.kind === 'execution.file_staged');
  t.deepEqual(
    staged.map((x) => [x.payload['file'], x.payload['resumed_from'] ?? 0, x.payload['verified_by']]),
    [
      [first, 0, 'checksum'],
      [second, partSize, 'checksum'],
    ],
  );
});
