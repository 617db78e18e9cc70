// A worker process SIGKILLed at the most delicate point of a rest_remote submission, against the
// real DALiuGE testbed: right before the island manager creates the session, and right after it
// did (before the worker hears back). A proxy in front of the DIM sees the requests and kills the
// worker at that moment. Another worker takes the job over; the attempt ends up with exactly one
// session on the DIM, deployed once, and the execution completes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { fastWorkerEnv, type Running, runCli, workerUntil } from '../support/child.js';
import { daliugeGraphDir, daliugeTestbed, dimGet, dimProxy, yamlWithGraph } from '../support/daliuge.js';
import { eventKinds, runJobAttempts } from '../support/executionStatus.js';
import { prepareProject } from '../support/project.js';

const tb = (() => {
  try {
    return daliugeTestbed();
  } catch (err) {
    return err as Error;
  }
})();

let api: TestApi;
let proxy: Awaited<ReturnType<typeof dimProxy>>;
let p: Awaited<ReturnType<typeof prepareProject>>;
let env: NodeJS.ProcessEnv;
let dataDir: string;
/** What the proxy does with the next session creation. */
let mode: 'pass' | 'kill_before' | 'kill_after' = 'pass';
let victim: Running | undefined;

const killVictim = async () => {
  const v = victim;
  victim = undefined;
  if (!v) return;
  v.child.kill('SIGKILL');
  await v.exited();
};

test.before(async () => {
  if (tb instanceof Error) throw tb;
  const graphs = daliugeGraphDir();
  api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: tb.tmUrl,
  });
  const creates = (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/api/sessions';
  proxy = await dimProxy(
    { host: tb.dimHost, port: tb.dimPort },
    {
      before: async (r) => {
        if (!creates(r) || mode !== 'kill_before') return 'pass';
        mode = 'pass';
        await killVictim();
        return 'drop';
      },
      after: async (r) => {
        if (!creates(r) || mode !== 'kill_after') return;
        mode = 'pass';
        await killVictim();
      },
    },
  );
  p = await prepareProject(
    api,
    ['HIPASSJ0005+01', 'HIPASSJ0006+01'],
    yamlWithGraph('HelloWorld-simple.graph', graphs.sha['HelloWorld-simple.graph']!, ' []'),
    {
      translation: { num_par: 1, num_islands: 1 },
      deployment: {
        kind: 'rest_remote',
        deploy_host: '127.0.0.1',
        deploy_port: proxy.port,
        // The translator maps onto the DIM directly; the worker goes through the proxy.
        dim_host_for_tm: tb.dimHost,
        dim_port_for_tm: tb.dimPort,
        // The test counts the sessions the island manager holds once the run is over.
        ended_sessions: 'keep',
      },
    },
  );
  dataDir = mkdtempSync(join(tmpdir(), 'surveyor-dlg-crash-'));
  env = fastWorkerEnv(api.container.get<Config>(TYPES.Config).DATABASE_URL!, dataDir, {
    SERVICE_GRAPH_DIR: graphs.dir,
    SERVICE_USE_REAL_BACKENDS: 'true',
    // Deployment for real on the mock archive's rows: the archive has its own suites.
    SERVICE_MOCK_PARTS: 'archive,stager',
    SERVICE_TRANSLATOR_URL: tb.tmUrl,
  });
});
test.after.always(async () => {
  await killVictim();
  await proxy?.close();
  await api?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const [when, m] of [
  ['right before', 'kill_before'],
  ['right after', 'kill_after'],
] as const)
  test.serial(
    `a worker killed ${when} the DIM creates the session leaves one session, and the run completes`,
    async (t) => {
      const identifier = m === 'kill_before' ? 'HIPASSJ0005+01' : 'HIPASSJ0006+01';
      const seenBefore = proxy.seen.length;
      mode = m;
      const a = runCli(['worker'], env);
      victim = a;
      t.teardown(() => {
        if (a.child.exitCode === null && a.child.signalCode === null) a.child.kill('SIGKILL');
      });
      const id = await p.execute(identifier, { do_stage: false });
      await a.exited(90_000);
      t.is(a.child.signalCode, 'SIGKILL', 'the proxy killed worker A at the session creation');
      const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
      t.is((await executions.get(id))!.state, 'submitting', 'A died while submitting');

      await workerUntil(
        env,
        async () => ['completed', 'failed', 'cancelled'].includes((await executions.get(id))!.state),
        (f) => t.teardown(f),
        90_000,
      );
      const e = (await executions.get(id))!;
      t.is(e.state, 'completed', e.error ?? '');
      t.is(e.attempt, 1);
      const session = `surveyor-${id}-a1`;
      t.is(e.schedulerJobId, session);
      // After the creation, B found the session half-made and finished it instead of making another.
      t.is((e.runRecord['submission'] as Record<string, unknown>)['resumed'], m === 'kill_after');

      // The DIM holds exactly one session for this execution, and it finished.
      const all = (await dimGet(tb as never, '/api/sessions')).body as { sessionId: string }[];
      t.deepEqual(
        all.map((s) => s.sessionId).filter((s) => s.startsWith(`surveyor-${id}`)),
        [session],
      );
      // What reached the DIM: two creations (A's, B's) in both cases; one graph, one deploy.
      const seen = proxy.seen
        .slice(seenBefore)
        .filter((r) => r.path.includes(session) || r.path === '/api/sessions');
      const count = (method: string, suffix: string) =>
        seen.filter(
          (r) =>
            r.method === method && (suffix === '' ? r.path === '/api/sessions' : r.path.endsWith(suffix)),
        ).length;
      t.is(count('POST', ''), 2, 'A and B each asked to create the session');
      t.is(count('POST', '/graph/append'), 1, 'the graph was appended once');
      t.is(count('POST', '/deploy'), 1, 'the session was deployed once');
      // Polls ask for the session by id: the DIM's list costs it every session it holds.
      t.is(count('GET', ''), 0, 'no poll read the session list');
      t.true(count('GET', `${session}/status`) > 0, 'the polls asked for the session by id');
      const kinds = await eventKinds(api, id);
      for (const k of ['execution.translated', 'execution.submitted', 'execution.completed'])
        t.is(kinds.filter((x) => x === k).length, 1, `${k} once in ${kinds.join(', ')}`);
      t.is(await runJobAttempts(api, id), 2, 'B took the job over from A');
    },
  );
