// Restoring the service's database, against the real Slurm and DALiuGE testbeds, on a PostgreSQL
// cluster of Debian's packages that archives its WAL (support/archivingCluster.ts):
//  - a pg_dump taken while runs waited to be submitted, restored after they ran: the restored
//    tables say "queued", the runs exist on Slurm and on the island manager;
//  - a base backup recovered to a named restore point (WAL replay, a new timeline) after a run.
// Workers on the restored copy look the unsubmitted executions up by their deterministic names
// and adopt what exists before they claim anything: Slurm's accounting and the island manager's
// deploys (a proxy in front of it counts them) show each attempt submitted once, and each run
// ends with its true outcome.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { closeDb, type Db, openDb } from '../../adapters/postgres/db.js';
import { migrate } from '../../adapters/postgres/migrator.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { RestoreCheck } from '../../core/usecases/maintenance/restoreGate.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { type ArchivingCluster, startArchivingCluster } from '../support/archivingCluster.js';
import { fastWorkerEnv, runCli, workerUntil } from '../support/child.js';
import { daliugeGraphDir, daliugeTestbed, deployCountingProxy, yamlWithGraph } from '../support/daliuge.js';
import { freePort } from '../support/ports.js';
import { prepareProject } from '../support/project.js';
import {
  sacctSettled,
  schedulerCalls,
  type SlurmTestbed,
  slurmTestbed,
  testbedDeployment,
  testbedSshEnv,
} from '../support/slurm.js';

const owner = 'surveyor_app';
const terminal = ['completed', 'failed', 'cancelled'];

let tb: SlurmTestbed;
let cluster: ArchivingCluster;
let work: string;
let proxy: Awaited<ReturnType<typeof deployCountingProxy>>;
let serviceEnv: Record<string, string>;
let graphs: ReturnType<typeof daliugeGraphDir>;
/** The service on one copy of the database: its API (for the project and reads) and its pool. */
let open: { api: TestApi; db: Db } | undefined;

test.before(async () => {
  tb = slurmTestbed();
  const dlg = daliugeTestbed();
  graphs = daliugeGraphDir();
  work = mkdtempSync(join(tmpdir(), 'surveyor-restore-'));
  chmodSync(work, 0o755);
  cluster = await startArchivingCluster(join(work, 'pg'), await freePort());
  await cluster.sql('postgres', `CREATE ROLE ${owner} LOGIN NOSUPERUSER`);
  await cluster.sql('postgres', `CREATE DATABASE live OWNER ${owner}`);
  // Taken first: the recovery in the last test replays everything from here.
  await cluster.baseBackup(join(work, 'base'));
  proxy = await deployCountingProxy({ host: dlg.dimHost, port: dlg.dimPort });
  serviceEnv = {
    SERVICE_USE_REAL_BACKENDS: 'true',
    // Deployment for real on the mock archive's rows: the archive has its own suites.
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    ...testbedSshEnv(tb),
  };
});

const close = async () => {
  if (!open) return;
  await open.api.close();
  await closeDb(open.db);
  open = undefined;
};

test.after.always(async () => {
  await close();
  await proxy?.close();
  cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The service's API on a database of the cluster (migrated: a no-op on a restored copy). */
const serve = async (database: string) => {
  await close();
  const url = cluster.url(database, owner);
  const db = openDb(url, 5);
  await migrate(db);
  open = { api: await startTestApi(serviceEnv, { url, db }), db };
  return open.api;
};

const workerEnv = (database: string) =>
  fastWorkerEnv(cluster.url(database, owner), join(work, 'data'), {
    ...serviceEnv,
    SERVICE_GRAPH_DIR: graphs.dir,
    SERVICE_BATCH_POLL_MIN_SECONDS: '1',
  });

const executions = () => open!.api.container.get<ExecutionRepository>(TYPES.Executions);
const states = async (ids: readonly string[]) =>
  Promise.all(ids.map(async (id) => (await executions().get(id))!.state));

/** Runs a worker on `database` until every one of `ids` has ended; returns their states. */
const runToEnd = async (t: ExecutionContext, database: string, ids: readonly string[]) => {
  await workerUntil(
    workerEnv(database),
    async () => (await states(ids)).every((s) => terminal.includes(s)),
    (f) => t.teardown(f),
    240_000,
  );
  return states(ids);
};

/** `surveyor restore-check` on `database`, its JSON answer and exit code. */
const restoreCheckCli = async (database: string, args: string[]) => {
  const c = runCli(['restore-check', '--json', ...args], workerEnv(database));
  const code = await c.exited(180_000);
  return { code, check: JSON.parse(c.stdout()) as RestoreCheck, output: c.output() };
};

const sbatchesOf = (name: string) =>
  schedulerCalls(tb).filter((c) => c.startsWith('sbatch') && c.includes(name)).length;

const submittedEvents = async (id: string) =>
  (
    await open!.api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
  ).items.filter((e) => e.kind === 'execution.submitted');

let project: Awaited<ReturnType<typeof prepareProject>>;

/** Creates an execution of one source, through the API of the copy now served; returns its id. */
const create = async (identifier: string): Promise<string> => {
  const c = await open!.api.call('POST', '/executions', {
    token: project.token,
    body: {
      project_module: project.module,
      archive_name: 'casda',
      sources: [{ source_identifier: identifier }],
    },
  });
  if (c.status !== 201) throw new Error(`create: ${c.text}`);
  return (c.body as { uuid: string }).uuid;
};
const dumped: { slurmRun: string; dimRun: string; waiting: string[] } = {
  slurmRun: '',
  dimRun: '',
  waiting: [],
};
/** Created on the Slurm profile and never asked to run: looked up too (they may have run since). */
const waitingSources = ['HIPASSJ0008+01', 'HIPASSJ0009+01', 'HIPASSJ0010+01', 'HIPASSJ0011+01'];
const names = () => ({
  slurm: `surveyor-${dumped.slurmRun}-a1`,
  dim: `surveyor-${dumped.dimRun}-a1`,
});

// Each step is its own test: the suites' timeout counts from one test's end to the next.
test.serial(
  'runs wait to be submitted when the dump is taken; then they run, each submitted once',
  async (t) => {
    const api = await serve('live');
    project = await prepareProject(
      api,
      ['HIPASSJ0005+01', 'HIPASSJ0006+01', 'HIPASSJ0007+01', ...waitingSources],
      yamlWithGraph('HelloWorld-simple.graph', graphs.sha['HelloWorld-simple.graph']!, ' []'),
      { name: 'slurm', translation: { num_par: 1, num_islands: 1 }, deployment: testbedDeployment(tb) },
    );
    const dim = await api.call('POST', '/deployment-profiles', {
      token: project.adminToken,
      body: {
        name: 'dim',
        project_module: project.module,
        translation: { num_par: 1, num_islands: 1 },
        deployment: {
          kind: 'rest_remote',
          deploy_host: '127.0.0.1',
          deploy_port: proxy.port,
          dim_host_for_tm: daliugeTestbed().dimHost,
          dim_port_for_tm: daliugeTestbed().dimPort,
          ended_sessions: 'keep',
        },
      },
    });
    t.is(dim.status, 201, dim.text);
    dumped.slurmRun = await project.execute('HIPASSJ0005+01', { do_stage: false });
    dumped.dimRun = await project.execute(
      'HIPASSJ0006+01',
      { do_stage: false },
      { deployment_profile_name: 'dim' },
    );
    for (const identifier of waitingSources) dumped.waiting.push(await create(identifier));
    const ids = [dumped.slurmRun, dumped.dimRun];
    t.deepEqual(await states(ids), ['queued', 'queued']);
    cluster.dump('live', join(work, 'live.dump'));
    t.deepEqual(await runToEnd(t, 'live', ids), ['completed', 'completed']);
    t.is(sbatchesOf(names().slurm), 1);
    t.is(proxy.deploys.get(names().dim), 1);
  },
);

test.serial(
  'the dump restored: the tables say queued, and a dry run of restore-check finds both runs',
  async (t) => {
    await close();
    await cluster.restoreDump(join(work, 'live.dump'), 'restored', owner);
    await serve('restored');
    const ids = [dumped.slurmRun, dumped.dimRun];
    t.deepEqual(await states(ids), ['queued', 'queued'], 'the backup knew nothing of the runs');
    const calls = schedulerCalls(tb).length;
    const dry = await restoreCheckCli('restored', ['--dry-run']);
    t.is(dry.code, 0, dry.output);
    // The five Slurm executions' three attempts each, looked up in one squeue and one sacct.
    const lookups = schedulerCalls(tb)
      .slice(calls)
      .filter((c) => /^(squeue|sacct) .*--name=/.test(c));
    t.deepEqual(
      lookups.map((c) => c.split(' ')[0]),
      ['squeue', 'sacct'],
      lookups.join('\n'),
    );
    for (const id of [dumped.slurmRun, ...dumped.waiting])
      for (const attempt of [1, 2, 3]) t.true(lookups[0]!.includes(`surveyor-${id}-a${attempt}`), id);
    t.is(dry.check.report!.nothing_found, waitingSources.length);
    t.true(dry.check.differs.includes('database_oid'), JSON.stringify(dry.check.differs));
    t.deepEqual(
      dry.check.report!.adopted.map((a) => `${a.execution_id} a${a.attempt} from ${a.from_state}`).sort(),
      ids.map((id) => `${id} a1 from queued`).sort(),
    );
    t.deepEqual(await states(ids), ['queued', 'queued'], 'a dry run changes nothing');
  },
);

test.serial(
  'a worker on the restored copy adopts both runs before it claims anything: nothing is submitted twice',
  async (t) => {
    const ids = [dumped.slurmRun, dumped.dimRun];
    t.deepEqual(await runToEnd(t, 'restored', ids), ['completed', 'completed']);
    t.is(sbatchesOf(names().slurm), 1, 'Slurm got no second sbatch for the attempt');
    const jobs = await sacctSettled(names().slurm);
    t.is(jobs.length, 1, JSON.stringify(jobs));
    t.is(jobs[0]!.state, 'COMPLETED');
    t.is(proxy.deploys.get(names().dim), 1, 'the island manager deployed the session once');
    for (const id of ids) {
      const e = (await executions().get(id))!;
      t.is(e.attempt, 1);
      t.like(e.runRecord['adopted_after_restore'], { from_state: 'queued', from_attempt: 1 });
      const submitted = await submittedEvents(id);
      t.is(submitted.length, 1, 'the restored stream gains one submitted event: the adoption');
      t.like(submitted[0]!.payload, { adopted: true, after_restore: true, from_state: 'queued' });
    }
    // The copy is settled now: a forced check finds it so, with nothing left to adopt.
    const again = await restoreCheckCli('restored', []);
    t.is(again.code, 0, again.output);
    t.deepEqual(again.check.differs, []);
    t.is(again.check.report!.adopted.length, 0);
  },
);

let recovered = '';

/** Creates an execution of one source and asks it to run, through the API of the copy now served. */
const execute = async (identifier: string): Promise<string> => {
  const api = open!.api;
  const id = await create(identifier);
  const x = await api.call('POST', `/executions/${id}/execute`, {
    token: project.token,
    body: { do_stage: false },
  });
  if (x.status !== 202) throw new Error(`execute: ${x.text}`);
  return id;
};

test.serial('a run made after a named restore point runs once', async (t) => {
  recovered = await execute('HIPASSJ0007+01');
  t.is((await executions().get(recovered))!.state, 'queued');
  await cluster.restorePoint('surveyor_before_run');
  t.deepEqual(await runToEnd(t, 'restored', [recovered]), ['completed']);
  t.is(sbatchesOf(`surveyor-${recovered}-a1`), 1);
});

test.serial(
  'the base backup recovered to that point: restore-check sees the new timeline and adopts the job',
  async (t) => {
    await close();
    await cluster.recoverTo(join(work, 'base'), 'surveyor_before_run');
    await serve('restored');
    t.is((await executions().get(recovered))!.state, 'queued', 'recovered to before the run');
    const check = await restoreCheckCli('restored', []);
    t.is(check.code, 0, check.output);
    t.deepEqual(check.check.differs, ['timeline']);
    t.deepEqual(
      check.check.report!.adopted.map((a) => a.execution_id),
      [recovered],
    );
    t.is((await executions().get(recovered))!.state, 'running');
    t.deepEqual(await runToEnd(t, 'restored', [recovered]), ['completed']);
    const name = `surveyor-${recovered}-a1`;
    t.is(sbatchesOf(name), 1, 'no second sbatch');
    const jobs = await sacctSettled(name);
    t.is(jobs.length, 1, JSON.stringify(jobs));
  },
);
