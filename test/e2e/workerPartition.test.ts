// A worker cut off from PostgreSQL, and from nothing else, in the middle of a run on the real
// island manager: worker A runs in a network namespace of the hosts testbed, reaching PostgreSQL,
// the translator and the island manager over the bridge. The moment the island manager has created
// A's session (or as A asks for it, the request swallowed), A's traffic to PostgreSQL alone is
// dropped: A deploys the session but cannot record it (or never gets it), its lease lapses, and
// worker B takes the run over. B must adopt A's session (same deterministic name) or make the only
// one, never a second; once healed, A writes nothing and submits nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { EventLog } from '../../core/ports/EventLog.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi } from '../support/api.js';
import { cleanEnv } from '../support/child.js';
import {
  bashCommand,
  daliugeApiEnv,
  daliugeGraphDir,
  daliugeTestbed,
  dimGet,
  dimProxy,
  yamlWithGraph,
} from '../support/daliuge.js';
import { freshDatabase } from '../support/db.js';
import { executionStatus } from '../support/executionStatus.js';
import { cliIn, hostsCommand, hostsTestbed } from '../support/hosts.js';
import { prepareProject } from '../support/project.js';
import { tcpProxy } from '../support/tcpProxy.js';

// One after the other: both cases cut host 6 off from the same PostgreSQL port, and a case's
// unblock would heal the other's cut (a run once completed 4 s after its worker was "cut off").
for (const when of ['after', 'before'] as const)
  test.serial(
    `a worker cut off from the database ${when} the island manager creates its session: ${when === 'after' ? 'another adopts it' : 'another creates it'}, nothing is submitted twice`,
    async (t) => {
      t.timeout(240_000);
      const hosts = hostsTestbed();
      const dlg = daliugeTestbed();
      const bridge = process.env['HOSTS_DATABASE_HOST'];
      if (!bridge)
        throw new Error(
          'the test database does not listen on the hosts bridge: run under scripts/test, which starts the hosts testbed first',
        );
      // Host 6: the hosts testbed's other tests use 1-5 meanwhile.
      const hostA = 'svh6';
      t.true(hosts.hosts.has(hostA), [...hosts.hosts.keys()].join(','));
      const d = await freshDatabase();
      t.teardown(d.drop);
      const dbUrl = new URL(d.url);
      const dbPort = dbUrl.port;
      dbUrl.hostname = bridge;

      // The translator and the island manager, reached over the bridge; the island manager's proxy
      // sees every request, and drops A's database traffic when the session has been created.
      const tm = await tcpProxy({ host: '127.0.0.1', port: Number(new URL(dlg.tmUrl).port) }, bridge);
      t.teardown(() => tm.close());
      const tmUrl = `http://${bridge}:${tm.port}`;
      let blockedAt = 0;
      const block = () => {
        t.is(hostsCommand('block', hostA, bridge, dbPort).code, 0);
        blockedAt = Date.now();
      };
      const creates = (r: { method: string; path: string }) =>
        r.method === 'POST' && r.path === '/api/sessions';
      const dim = await dimProxy(
        { host: dlg.dimHost, port: dlg.dimPort },
        when === 'after'
          ? // A's session is created (and A goes on to deploy it); its database is gone from then on.
            { after: (r, status) => void (blockedAt === 0 && creates(r) && status < 300 && block()) }
          : // A is cut off as it asks for its session, and that request never reaches the island manager.
            {
              before: (r) => {
                if (blockedAt !== 0 || !creates(r)) return 'pass';
                block();
                return 'drop';
              },
            },
        bridge,
      );
      t.teardown(() => dim.close());

      const graphs = daliugeGraphDir();
      const shared = {
        SERVICE_TRANSLATOR_URL: tmUrl,
        SERVICE_OUTBOUND_HOSTS: `127.0.0.1:*,${bridge}:*`,
        SERVICE_JOB_LEASE_SECONDS: '6',
      };
      const api = await startTestApi(daliugeApiEnv(dlg, graphs.dir, shared), { url: d.url, db: d.db });
      t.teardown(() => api.close());
      const p = await prepareProject(
        api,
        ['HIPASSJ2300-01'],
        yamlWithGraph('BashCommand.graph', graphs.sha['BashCommand.graph']!, bashCommand('sleep 3')),
        {
          translation: { algo: 'metis', num_par: 1, num_islands: 1 },
          deployment: {
            kind: 'rest_remote',
            deploy_host: bridge,
            deploy_port: dim.port,
            dim_host_for_tm: dlg.dimHost,
            dim_port_for_tm: dlg.dimPort,
            // The test counts the sessions the island manager holds once the run is over.
            ended_sessions: 'keep',
          },
        },
      );

      // Worker A alone, in its host: it takes the run.
      const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-worker-partition-'));
      t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
      const a = cliIn(
        hostA,
        ['worker'],
        cleanEnv({
          ...daliugeApiEnv(dlg, graphs.dir, shared),
          DATABASE_URL: dbUrl.toString(),
          SERVICE_DATA_DIR: dataDir,
          SERVICE_METRICS_PORT: '-1',
          SERVICE_WORKER_SCHEDULER_ENABLED: 'false',
          SERVICE_LOG_LEVEL: 'debug',
        }),
      );
      t.teardown(() => {
        hostsCommand('unblock', hostA);
        if (a.child.exitCode === null) a.child.kill('SIGKILL');
      });
      await a.waitFor(/worker started/, 30_000);
      const id = await p.execute('HIPASSJ2300-01', { do_stage: false });
      const session = `surveyor-${id}-a1`;
      const until = Date.now() + 60_000;
      while (blockedAt === 0) {
        if (Date.now() > until)
          throw new Error(`A never created the session; A:\n${a.output().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }

      // Worker B, in this process: it takes the run over once A's lease lapses.
      let b: WorkerHandle | undefined;
      t.teardown(() => b?.stop(2000));
      b = await startWorker(api.container);
      const { untilState } = executionStatus(
        () => api,
        () => p.token,
        150_000,
      );
      const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
      t.is(e.state, 'completed', String(e['error']));
      t.log(
        `completed ${((Date.now() - blockedAt) / 1000).toFixed(1)} s after A was cut off from the database`,
      );

      // Healed: A's writes are fenced off; it submits nothing more.
      const events = api.container.get<EventLog>(TYPES.Events);
      const kinds = async () =>
        (
          await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
        ).items.map((ev) => ev.kind);
      const before = await kinds();
      t.is(hostsCommand('unblock', hostA).code, 0);
      await new Promise((r) => setTimeout(r, 10_000));
      t.deepEqual(await kinds(), before, 'A wrote nothing once healed');
      t.is(
        ((await api.call('GET', `/executions/${id}/status`, { token: p.token })).body as { state: string })
          .state,
        'completed',
      );

      // On the island manager: one session for the attempt, created once, deployed once.
      // (The proxy saw A's swallowed request too, in the 'before' case.)
      const created = dim.seen.filter(creates).length - (when === 'before' ? 1 : 0);
      const deploys = dim.seen.filter(
        (r) => r.method === 'POST' && r.path === `/api/sessions/${session}/deploy`,
      );
      t.is(created, 1, JSON.stringify(dim.seen));
      t.is(deploys.length, 1, JSON.stringify(dim.seen));
      const sessions = (await dimGet(dlg, '/api/sessions')).body as { sessionId: string }[];
      t.deepEqual(
        sessions.filter((s) => s.sessionId.startsWith(`surveyor-${id}-`)).map((s) => s.sessionId),
        [session],
      );
      // B adopts a session only once it is deployed: it adopted A's when A's deploy landed before
      // A's lease lapsed, and otherwise finished the submission itself (A's request never reached
      // the island manager, or A was cut off between creating and deploying). A, healed, learned
      // its lease was gone.
      const deployedByA = deploys[0]?.from === hosts.hosts.get(hostA);
      t.true(deployedByA || deploys[0]?.from === hosts.local, `deployed from ${deploys[0]?.from}`);
      if (when === 'before') t.false(deployedByA, 'A never reached the island manager');
      const submitted = (
        await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
      ).items.filter((ev) => ev.kind === 'execution.submitted');
      t.is(submitted.length, 1);
      t.like(submitted[0]?.payload, { scheduler_job_id: session, adopted: deployedByA });
      t.log(`the session was deployed by ${deployedByA ? 'A, and B adopted it' : 'B'}`);
      t.log(
        a
          .output()
          .split('\n')
          .filter((l) => /lease|job failed|completed, but/.test(l))
          .map((l) => (JSON.parse(l) as { msg: string }).msg)
          .join('; '),
      );
    },
  );
