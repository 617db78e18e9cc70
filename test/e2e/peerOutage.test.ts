// Peers down while runs need them, against the real testbeds: an archive down for maintenance
// while a run stages (GAVO DaCHS behind a proxy that answers 503 while "down"), and an island
// manager whose connections end unanswered while a run submits (the DALiuGE testbed's DIM behind a
// proxy; the translator maps onto the DIM itself). Past the queue's retries each run waits (told
// once, `execution.waiting_on_outage`, its status saying since when and until when), spends no
// attempt, and goes on to completion on the real DALiuGE testbed once the peer answers again,
// submitted once. A discovery asked for while DaCHS is down is the queue's to try again: no source
// is recorded failed before its batch's last try.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { Db } from '../../adapters/postgres/db.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { archiveTestbedOrError } from '../support/archive.js';
import { archiveProxy } from '../support/archiveProxy.js';
import { daliugeTestbed, dimProxy } from '../support/daliuge.js';
import { eventKinds, runJobAttempts } from '../support/executionStatus.js';
import { graphDir, prepareProject } from '../support/project.js';
import { until } from '../support/until.js';

const module = 'wallaby_hires_testbed';
const source = 'HIPASSJ1318-21';
let api: TestApi;
let worker: WorkerHandle;
let proxy: Awaited<ReturnType<typeof archiveProxy>>;
let p: Awaited<ReturnType<typeof prepareProject>>;
let work: string;
let dlg: ReturnType<typeof daliugeTestbed>;
let dimDown = false;
let dim: Awaited<ReturnType<typeof dimProxy>>;

test.before(async () => {
  const tb = archiveTestbedOrError();
  if (tb instanceof Error) throw tb;
  dlg = daliugeTestbed();
  dim = await dimProxy(
    { host: dlg.dimHost, port: dlg.dimPort },
    { before: () => (dimDown ? 'reset' : 'pass') },
  );
  work = mkdtempSync(join(tmpdir(), 'surveyor-archive-outage-'));
  proxy = await archiveProxy(tb.url, { chunk: 1024 * 1024, delayMs: 0 });
  api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_STAGING_DIR: join(work, 'staging'),
    SERVICE_STAGING_MIN_FREE_BYTES: '1048576',
    ARCHIVE_USERNAME: tb.username,
    ARCHIVE_PASSWORD_FILE: tb.passwordFile,
    ARCHIVE_CREDENTIAL_ORIGINS: proxy.url,
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_WORKER_IDLE_POLL_SECONDS: '1',
    // The queue's five tries over a few seconds, then the wait, looked at every 2 s.
    SERVICE_JOB_RETRY_BASE_SECONDS: '1',
    SERVICE_JOB_RETRY_CAP_SECONDS: '2',
    SERVICE_OUTAGE_WAIT_MINUTES: '10',
    SERVICE_OUTAGE_RECHECK_SECONDS: '2',
  });
  worker = await startWorker(api.container);
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
});
test.after.always(async () => {
  await worker?.stop(2000);
  await proxy?.close();
  await dim?.close();
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Waits until the run tells it waits for a peer; then its status must be in `step`, naming it. */
const untilWaiting = async (t: ExecutionContext, id: string, step: string, says: RegExp): Promise<void> => {
  await until(
    'the run to wait for its peer',
    async () => (await eventKinds(api, id)).includes('execution.waiting_on_outage'),
    90_000,
  );
  const status = (await api.call('GET', `/executions/${id}/status`, { token: p.token })).body as {
    state: string;
    blocked_by: string[];
  };
  t.is(status.state, step);
  t.true(
    status.blocked_by.some((b) => says.test(b)),
    status.blocked_by.join('\n'),
  );
};

/** The run once it ended, which must be completed in its first attempt, told of its wait once. */
const endedOnce = async (t: ExecutionContext, id: string): Promise<string[]> => {
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  await until(
    'the run to end',
    async () => ['completed', 'failed', 'cancelled'].includes((await executions.get(id))!.state),
    180_000,
  );
  const e = (await executions.get(id))!;
  t.is(e.state, 'completed', e.error ?? '');
  t.is(e.attempt, 1, 'the same attempt');
  const kinds = await eventKinds(api, id);
  t.is(kinds.filter((k) => k === 'execution.waiting_on_outage').length, 1, 'told once');
  return kinds;
};

test.serial(
  'a run waits through an archive down for maintenance, spending no attempt, and completes once it is back',
  async (t) => {
    proxy.setDown(true);
    const id = await p.execute(source);
    await untilWaiting(
      t,
      id,
      'staging',
      /^archive casda has not answered since \S+ \(.*503.*\); the run looks again every 2 s/,
    );
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    // Several more looks while it is down: still waiting, told once, nothing spent.
    const refusedAt = proxy.refused();
    await until('more looks at the archive', async () => proxy.refused() >= refusedAt + 3, 30_000);
    t.is((await executions.get(id))!.state, 'staging');
    proxy.setDown(false);
    const kinds = await endedOnce(t, id);
    t.is(await runJobAttempts(api, id), 5, "the queue's five tries; the waits spent none");
    t.is(kinds.filter((k) => k === 'execution.file_staged').length, 2);
  },
);

test.serial(
  'discovery while the archive is down is tried again by the queue: the source is discovered, not failed',
  async (t) => {
    const db = api.container.get<Db>(TYPES.Db);
    const discoveries = async () =>
      db.any<{ kind: string }>(
        `SELECT ev.kind FROM provenance_events ev JOIN sources s ON ev.subject_type = 'source' AND ev.subject_id = s.id::text
       WHERE s.project_module = $1 AND s.source_identifier = $2 AND ev.kind LIKE 'source.discover%' ORDER BY ev.id`,
        [module, source],
      );
    const before = (await discoveries()).length;
    proxy.setDown(true);
    const ack = await api.call('POST', '/sources/discover', {
      token: p.token,
      body: { project_module: module, source_identifiers: [source] },
    });
    t.is(ack.status, 202, ack.text);
    // Down until the queue has tried the batch twice: the first try's failure must not be recorded.
    const tries = async () =>
      (
        await db.oneOrNone<{ attempts: number }>(
          `SELECT max(attempts)::int AS attempts FROM jobs WHERE kind = 'discovery.batch' AND payload->>'project_module' = $1
           AND created_at > now() - interval '5 minutes'`,
          [module],
        )
      )?.attempts ?? 0;
    await until('the discovery batch tried twice', async () => (await tries()) >= 2, 60_000);
    t.true(proxy.refused() > 0);
    proxy.setDown(false);
    await until('the source discovered again', async () => (await discoveries()).length > before, 60_000);
    const kinds = (await discoveries()).slice(before).map((r) => r.kind);
    t.deepEqual(kinds, ['source.discovered'], 'discovered once, and no failure recorded');
  },
);

test.serial(
  'a run waits through an island manager that is down, looks its session up again, and submits it once',
  async (t) => {
    // The service reaches the DIM through the proxy; the translator maps onto the DIM itself.
    const profile = await api.call('POST', '/deployment-profiles', {
      token: p.adminToken,
      body: {
        name: 'dim-behind-proxy',
        project_module: module,
        translation: { algo: 'metis', num_par: 1, num_islands: 1 },
        deployment: {
          kind: 'rest_remote',
          deploy_host: '127.0.0.1',
          deploy_port: dim.port,
          dim_host_for_tm: dlg.dimHost,
          dim_port_for_tm: dlg.dimPort,
        },
      },
    });
    t.is(profile.status, 201, profile.text);
    dimDown = true;
    const id = await p.execute(source, { do_stage: false }, { deployment_profile_name: 'dim-behind-proxy' });
    await untilWaiting(
      t,
      id,
      'submitting',
      /^the island manager of profile dim-behind-proxy has not answered since /,
    );
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const seen = dim.seen.length;
    await until('more looks at the island manager', async () => dim.seen.length >= seen + 2, 30_000);
    t.is((await executions.get(id))!.state, 'submitting', 'nothing was sent meanwhile');
    dimDown = false;
    const kinds = await endedOnce(t, id);
    t.is(kinds.filter((k) => k === 'execution.submitted').length, 1, 'submitted once');
    const created = dim.seen.filter((r) => r.method === 'POST' && r.path === '/api/sessions');
    t.is(created.length, 1, 'one session made on the DIM');
  },
);
