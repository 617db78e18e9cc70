// A rolling upgrade from the previous release with runs in flight, on the real Slurm and DALiuGE
// testbeds. The previous release (CHANGELOG.md names its commit) is built from this repository's
// own history by scripts/lib/previous-release.sh. Its API and two workers run a project; runs each
// sleep a few seconds on their backend, so they are in flight when the current release's
// `surveyor migrate` runs beside the old workers. The locks the migrations take on the executions'
// and jobs' tables are watched meanwhile. Then two current workers start, the old ones are stopped
// one at a time (SIGTERM: the first release has no drain), the API is replaced last, and more runs
// are made. Every run ends once (one Slurm job per attempt by sacct, one deploy per DALiuGE session
// through a proxy that counts them), and no job was refused as unreadable.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import pg from 'pg';
import { ChaosClient } from '../chaos/client.js';
import { fastWorkerEnv, type Running, runCli } from '../support/child.js';
import {
  bashCommand,
  daliugeGraphDir,
  daliugeTestbed,
  deployCountingProxy,
  yamlWithGraph,
} from '../support/daliuge.js';
import { freshDatabase, type TestDatabase } from '../support/db.js';
import { freePort } from '../support/ports.js';
import { manualWallabyYaml } from '../support/project.js';
import {
  sacctSettled,
  schedulerCalls,
  type SlurmTestbed,
  slurmTestbed,
  testbedDeployment,
  testbedSshEnv,
  untilTrue,
} from '../support/slurm.js';

const previous = process.env['SURVEYOR_PREVIOUS_RELEASE'];
const previousVersion = process.env['SURVEYOR_PREVIOUS_VERSION'] ?? '?';
const module = 'wallaby_hires';
const passwords = { admin: 'upgrade-admin-password-1', op: 'upgrade-operator-password-1' };
/** Seconds each run sleeps on its backend: long enough to be in flight through the upgrade. */
const runSeconds = 20;
/** Longest a migration may hold a lock that blocks writes to executions or jobs. */
const lockBoundMs = 1_000;

let tb: SlurmTestbed;
let database: TestDatabase;
let work: string;
let env: NodeJS.ProcessEnv;
let proxy: Awaited<ReturnType<typeof deployCountingProxy>>;
const processes: Running[] = [];
let oldWorkers: Running[] = [];
let api: Running;
let base = '';
let op: ChaosClient;
const runs: { id: string; backend: 'slurm' | 'dim' }[] = [];
let identifiers: string[] = [];
let worstLock: { ms: number; what: string } = { ms: 0, what: 'none seen' };

const oldCli = () => join(previous!, 'dist/hosts/cli/main.js');
/** The previous release's CLI (`old`) or this checkout's, with `over` on the suite's environment. */
const cli = (
  release: 'old' | 'new',
  args: string[],
  input?: string,
  over: NodeJS.ProcessEnv = {},
): Running => {
  const e = { ...env, ...over };
  const r =
    release === 'old'
      ? runCli([oldCli(), ...args], e, input, { script: process.execPath })
      : runCli(args, e, input);
  processes.push(r);
  return r;
};

const startApi = async (release: 'old' | 'new') => {
  const port = await freePort();
  api = cli(release, ['api'], undefined, { SERVICE_PORT: String(port) });
  base = `http://127.0.0.1:${port}/api/v2`;
  await untilTrue(
    `the ${release} API to answer`,
    async () =>
      (await fetch(`${base}/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null))?.ok === true,
    60_000,
  );
};

test.before(async () => {
  if (!previous || !existsSync(oldCli()))
    throw new Error(
      'SURVEYOR_PREVIOUS_RELEASE names no built previous release: run this suite through scripts/test, which builds it (scripts/lib/previous-release.sh)',
    );
  tb = slurmTestbed();
  const dlg = daliugeTestbed();
  const graphs = daliugeGraphDir();
  work = mkdtempSync(join(tmpdir(), 'surveyor-upgrade-'));
  database = await freshDatabase({ migrated: false });
  proxy = await deployCountingProxy({ host: dlg.dimHost, port: dlg.dimPort });
  env = fastWorkerEnv(database.url, join(work, 'data'), {
    SERVICE_USE_REAL_BACKENDS: 'true',
    // Deployment for real on the mock archive's rows: the archive has its own suites.
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    SERVICE_GRAPH_DIR: graphs.dir,
    SERVICE_BATCH_POLL_MIN_SECONDS: '1',
    SERVICE_SHUTDOWN_GRACE_SECONDS: '20',
    ...testbedSshEnv(tb),
  });
  // The previous release makes its schema and its users.
  const migrated = cli('old', ['migrate']);
  if ((await migrated.exited(120_000)) !== 0) throw new Error(`old migrate: ${migrated.output()}`);
  for (const [name, role] of [
    ['up-admin', 'admin'],
    ['up-op', 'operator'],
  ] as const) {
    const c = cli(
      'old',
      [
        'user',
        'create',
        '--username',
        name,
        '--email',
        `${name}@example.org`,
        '--role',
        role,
        '--password-stdin',
      ],
      passwords[role === 'admin' ? 'admin' : 'op'],
    );
    if ((await c.exited()) !== 0) throw new Error(`old user create: ${c.output()}`);
  }
  await startApi('old');
  const admin = new ChaosClient(base);
  await admin.login('up-admin', passwords.admin);
  const yaml = yamlWithGraph(
    'BashCommand.graph',
    graphs.sha['BashCommand.graph']!,
    bashCommand(`sleep ${runSeconds}`),
    manualWallabyYaml,
  );
  await admin.expect('POST', '/project-configs', [200, 201], { raw: yaml, type: 'application/x-yaml' });
  await admin.expect('POST', '/deployment-profiles', [201], {
    body: {
      name: 'up-slurm',
      project_module: module,
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      // Two nodes: two jobs at once.
      deployment: testbedDeployment(tb, { partition: 'wide' }),
    },
  });
  await admin.expect('POST', '/deployment-profiles', [201], {
    body: {
      name: 'up-dim',
      project_module: module,
      translation: { num_par: 1, num_islands: 1 },
      deployment: {
        kind: 'rest_remote',
        deploy_host: '127.0.0.1',
        deploy_port: proxy.port,
        dim_host_for_tm: dlg.dimHost,
        dim_port_for_tm: dlg.dimPort,
        ended_sessions: 'keep',
      },
    },
  });
  op = new ChaosClient(base);
  await op.login('up-op', passwords.op);
  identifiers = Array.from({ length: 8 }, (_, i) => `HIPASSJ${String(2000 + i)}+03`);
  await op.expect('POST', '/sources/bulk', [200], {
    body: {
      project_module: module,
      sources: identifiers.map((source_identifier) => ({ source_identifier })),
    },
  });
  oldWorkers = [cli('old', ['worker']), cli('old', ['worker'])];
  await op.expect('POST', '/sources/discover', [202], {
    body: { project_module: module, source_identifiers: identifiers },
  });
  await untilTrue(
    'the sources discovered by the old workers',
    async () =>
      (await op.all<{ discovery_state: string }>(`/sources?project_module=${module}`)).every(
        (s) => s.discovery_state === 'done',
      ),
    60_000,
  );
});

test.after.always(async () => {
  for (const p of processes)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await proxy?.close();
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const startRun = async (i: number, backend: 'slurm' | 'dim') => {
  const c = await op.expect('POST', '/executions', [201], {
    body: {
      project_module: module,
      archive_name: 'casda',
      deployment_profile_name: backend === 'slurm' ? 'up-slurm' : 'up-dim',
      sources: [{ source_identifier: identifiers[i]! }],
    },
  });
  const id = (c.body as { uuid: string }).uuid;
  await op.expect('POST', `/executions/${id}/execute`, [202], { body: { do_stage: false } });
  runs.push({ id, backend });
};

const stateOf = async (id: string) =>
  ((await op.expect('GET', `/executions/${id}`, [200])).body as { state: string }).state;

test.serial(`runs in flight on the previous release (${previousVersion})`, async (t) => {
  for (let i = 0; i < 4; i++) await startRun(i, i % 2 === 0 ? 'slurm' : 'dim');
  await untilTrue(
    'runs of both backends to be running',
    async () =>
      (await Promise.all(runs.map((r) => stateOf(r.id)))).filter((s) => s === 'running').length >= 2,
    90_000,
  );
  t.pass();
});

test.serial(
  'the current release migrates the schema beside the old workers; no lock on executions or jobs outlasts the bound',
  async (t) => {
    // Locks that block writes, on the hot tables, watched every 10 ms while the migration runs.
    const watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    let watching = true;
    const held = new Map<string, number>();
    const watch = (async () => {
      while (watching) {
        const rows = (
          await watcher.query<{ what: string }>(
            `SELECT l.pid || ' ' || l.relation::regclass || ' ' || l.mode AS what FROM pg_locks l
            WHERE l.granted AND l.relation IN ('executions'::regclass, 'jobs'::regclass)
              AND l.mode IN ('ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')`,
          )
        ).rows;
        const now = Date.now();
        for (const r of rows) if (!held.has(r.what)) held.set(r.what, now);
        for (const [what, since] of held)
          if (!rows.some((r) => r.what === what)) {
            if (now - since > worstLock.ms) worstLock = { ms: now - since, what };
            held.delete(what);
          }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const m = cli('new', ['migrate']);
    const code = await m.exited(120_000);
    watching = false;
    await watch;
    await watcher.end();
    t.is(code, 0, m.output());
    t.log(
      `previous release ${previousVersion}: the longest lock blocking writes to executions or jobs while the current release migrated: ${worstLock.ms} ms (${worstLock.what})`,
    );
    t.true(worstLock.ms <= lockBoundMs, `${worstLock.ms} ms: ${worstLock.what}`);
    // The old workers run on under the new schema.
    for (const w of oldWorkers) t.is(w.child.exitCode, null, w.output().slice(-2000));
  },
);

test.serial(
  'current workers start; the old ones stop one at a time; the API is replaced last; runs go on',
  async (t) => {
    const fresh = [cli('new', ['worker']), cli('new', ['worker'])];
    for (const w of fresh) await w.waitFor(/worker started/, 60_000);
    await startRun(4, 'slurm');
    for (const w of oldWorkers) {
      w.child.kill('SIGTERM');
      t.is(await w.exited(60_000), 0, w.output().slice(-2000));
      await startRun(runs.length, runs.length % 2 === 0 ? 'slurm' : 'dim');
    }
    api.child.kill('SIGTERM');
    await api.exited(30_000);
    await startApi('new');
    op = new ChaosClient(base);
    await op.login('up-op', passwords.op);
    await startRun(7, 'dim');
    t.is(runs.length, 8);
  },
);

test.serial('every run ends once, completed, and no job was refused as unreadable', async (t) => {
  await untilTrue(
    'every run to end',
    async () =>
      (await Promise.all(runs.map((r) => stateOf(r.id)))).every((s) =>
        ['completed', 'failed', 'cancelled'].includes(s),
      ),
    110_000,
  );
  for (const r of runs) {
    const e = (await op.expect('GET', `/executions/${r.id}`, [200])).body as {
      state: string;
      attempt: number;
      error: string | null;
    };
    t.is(e.state, 'completed', `${r.backend} ${r.id}: ${e.error}`);
    const name = `surveyor-${r.id}-a${e.attempt}`;
    if (r.backend === 'slurm') {
      t.is(schedulerCalls(tb).filter((c) => c.startsWith('sbatch') && c.includes(name)).length, 1, name);
      t.is((await sacctSettled(name)).length, 1, name);
    } else t.is(proxy.deploys.get(name), 1, name);
  }
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    const dead = await c.query(`SELECT kind, last_error FROM jobs WHERE state = 'dead'`);
    t.deepEqual(dead.rows, [], 'no job failed for good');
  } finally {
    await c.end();
  }
  t.notRegex(processes.map((p) => p.output()).join('\n'), /bad payload|no handler/i);
});
