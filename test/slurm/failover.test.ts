// Losing the database's machine, against the real Slurm testbed: the service reaches PostgreSQL
// through an address the operator moves on a failover (a proxy here; HAProxy, PgBouncer or a
// virtual IP at a site), with a streaming standby of Debian's PostgreSQL that commits wait for
// (synchronous_standby_names). The primary is killed while runs are in flight on Slurm and the
// worker is busy; the standby is promoted and the address pointed at it. The worker sees the new
// timeline, settles the copy, and goes on: every run ends, the run created just before the kill
// (acknowledged, so on the standby too) is not lost, each attempt has one Slurm job, and the
// scheduler's lead is taken again on the new primary.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { closeDb, type Db, openDb } from '../../adapters/postgres/db.js';
import { migrate } from '../../adapters/postgres/migrator.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { type ArchivingCluster, type Standby, startArchivingCluster } from '../support/archivingCluster.js';
import { fastWorkerEnv, type Running, runCli } from '../support/child.js';
import { daliugeGraphDir, daliugeTestbed, yamlWithGraph } from '../support/daliuge.js';
import { freePort } from '../support/ports.js';
import { prepareProject } from '../support/project.js';
import {
  sacctSettled,
  schedulerCalls,
  type SlurmTestbed,
  slurmTestbed,
  testbedDeployment,
  testbedSshEnv,
  untilTrue,
} from '../support/slurm.js';
import { schedulerLockHeld } from '../support/schedulerLock.js';
import { type TcpProxy, tcpProxy } from '../support/tcpProxy.js';

const owner = 'surveyor_app';

let tb: SlurmTestbed;
let primary: ArchivingCluster;
let standby: Standby;
let front: TcpProxy;
let work: string;
let api: TestApi;
let db: Db;
let worker: Running | undefined;
let runs: string[] = [];
let acknowledged = '';

test.before(async () => {
  tb = slurmTestbed();
  const dlg = daliugeTestbed();
  const graphs = daliugeGraphDir();
  work = mkdtempSync(join(tmpdir(), 'surveyor-failover-'));
  chmodSync(work, 0o755);
  primary = await startArchivingCluster(join(work, 'pg'), await freePort());
  await primary.sql('postgres', `CREATE ROLE ${owner} LOGIN NOSUPERUSER`);
  await primary.sql('postgres', `CREATE DATABASE live OWNER ${owner}`);
  const direct = openDb(primary.url('live', owner), 2);
  try {
    await migrate(direct);
  } finally {
    await closeDb(direct);
  }
  standby = await primary.standby(join(work, 'standby'), await freePort());
  await primary.synchronous(true);
  front = await tcpProxy({ host: '127.0.0.1', port: primary.port });
  const url = `postgres://${owner}@127.0.0.1:${front.port}/live`;
  const env = {
    SERVICE_USE_REAL_BACKENDS: 'true',
    // Deployment for real on the mock archive's rows: the archive has its own suites.
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    ...testbedSshEnv(tb),
  };
  db = openDb(url, 5);
  api = await startTestApi(env, { url, db });
  const p = await prepareProject(
    api,
    ['HIPASSJ0005+01', 'HIPASSJ0006+01', 'HIPASSJ0007+01'],
    yamlWithGraph('HelloWorld-simple.graph', graphs.sha['HelloWorld-simple.graph']!, ' []'),
    { translation: { num_par: 1, num_islands: 1 }, deployment: testbedDeployment(tb) },
  );
  worker = runCli(
    ['worker'],
    fastWorkerEnv(url, join(work, 'data'), {
      ...env,
      SERVICE_GRAPH_DIR: graphs.dir,
      SERVICE_BATCH_POLL_MIN_SECONDS: '1',
      SERVICE_WORKER_HEARTBEAT_SECONDS: '1',
      SERVICE_DB_CONNECT_TIMEOUT_SECONDS: '3',
    }),
  );
  await worker.waitFor(/worker started/, 30_000);
  runs = [
    await p.execute('HIPASSJ0005+01', { do_stage: false }),
    await p.execute('HIPASSJ0006+01', { do_stage: false }),
  ];
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  await untilTrue(
    'both runs to be submitted to Slurm',
    async () =>
      (await Promise.all(runs.map((id) => executions.get(id)))).every((e) => e!.state === 'running'),
    90_000,
  );
  // Acknowledged by the API a moment before the primary is lost: with synchronous commit, the
  // standby has it too.
  acknowledged = await p.execute('HIPASSJ0007+01', { do_stage: false });
});

test.after.always(async () => {
  if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
  await api?.close();
  if (db) await closeDb(db);
  await front?.close();
  standby?.stop();
  primary?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test.serial(
  'the primary is killed with runs in flight; the standby is promoted and the address moved to it',
  async (t) => {
    primary.stop('immediate');
    await standby.promote();
    front.retarget({ host: '127.0.0.1', port: standby.port });
    await worker!.waitFor(/the database became a new copy/, 60_000);
    t.pass();
  },
);

test.serial(
  'every run ends once on the new primary, nothing acknowledged is lost, and the lead moved',
  async (t) => {
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const all = [...runs, acknowledged];
    await untilTrue(
      'every run to end on the new primary',
      async () =>
        // The API's pool meets the lost primary's connections first: a failed read is "not yet".
        (await Promise.all(all.map((id) => executions.get(id))).catch(() => [null])).every((e) =>
          ['completed', 'failed', 'cancelled'].includes(e?.state ?? ''),
        ),
      110_000,
    );
    for (const id of all) {
      const e = await executions.get(id);
      t.is(e?.state, 'completed', `${id}: ${e?.error ?? 'missing'}`);
      const name = `surveyor-${id}-a1`;
      t.is(schedulerCalls(tb).filter((c) => c.startsWith('sbatch') && c.includes(name)).length, 1, name);
      t.is((await sacctSettled(name)).length, 1);
    }
    const output = worker!.output();
    t.regex(output, /"timeline"/, 'the worker saw the timeline move');
    // Taken on the new server: seamlessly when the lead's connection came back at once, else after a
    // "no longer the scheduler leader" line; either way the lock is held there.
    t.true(await schedulerLockHeld(db), 'the scheduler lock is held on the new primary');
  },
);
