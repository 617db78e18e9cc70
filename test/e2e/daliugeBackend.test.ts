// The rest_remote backend against the real DALiuGE testbed (scripts/testbed/daliuge): a real
// translator partitions and maps, a real island manager over two node managers runs the graph.
// Upstream's HelloWorld graph completes; a bash command that exits 3 ends failed with its drops;
// a long sleep is cancelled. Every API answer is checked against the OpenAPI document. An alert
// rule on failed executions sends the failure to a real HTTP receiver. With the profile's default
// `ended_sessions`, a completed run's session is deleted from the island manager and a failed
// one's kept (the other tests keep every session, to read it back).
import test from 'ava';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { artifactShas, reproduceNow, runRecordOf, startTestApi, type TestApi } from '../support/api.js';
import {
  bashCommand,
  type DaliugeTestbed,
  daliugeApiEnv,
  daliugeGraphDir,
  daliugeTestbed,
  dimGet,
  untilAppRuns,
  withoutUnrollStamps,
  yamlWithGraph,
} from '../support/daliuge.js';
import { startReceiver, webhookRule } from '../support/alertPeers.js';
import { type Execution, executionStatus } from '../support/executionStatus.js';
import { until } from '../support/until.js';
import { prepareProject } from '../support/project.js';
import { provCheck } from '../support/provCheck.js';

let tb: DaliugeTestbed;
let api: TestApi;
let worker: WorkerHandle;
let p: Awaited<ReturnType<typeof prepareProject>>;
let graphs: ReturnType<typeof daliugeGraphDir>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const signing = 'daliuge-alerts-signing-secret-42';
const ids = [
  'HIPASSJ1303+07',
  'HIPASSJ1318-21',
  'HIPASSJ1321-31',
  'HIPASSJ1337-28',
  'HIPASSJ1338-17',
  'HIPASSJ1339-05',
  'HIPASSJ1340-06',
];

test.before(async () => {
  tb = daliugeTestbed();
  graphs = daliugeGraphDir();
  api = await startTestApi(daliugeApiEnv(tb, graphs.dir, { SERVICE_ALERT_TICK_SECONDS: '1' }));
  worker = await startWorker(api.container);
  receiver = await startReceiver(signing);
  p = await prepareProject(
    api,
    ids,
    yamlWithGraph('HelloWorld-simple.graph', graphs.sha['HelloWorld-simple.graph']!, ' []'),
    {
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      // These tests read ended sessions back from the island manager.
      deployment: {
        kind: 'rest_remote',
        deploy_host: tb.dimHost,
        deploy_port: tb.dimPort,
        ended_sessions: 'keep',
      },
    },
  );
});
test.after.always(async () => {
  await worker?.stop(2000);
  await receiver?.close();
  await api?.close();
});

// api and p are set in test.before.
const { untilState } = executionStatus(
  () => api,
  () => p.token,
);

const useGraph = (path: string, patches: string) =>
  api.uploadConfig(yamlWithGraph(path, graphs.sha[path]!, patches), p.adminToken);

let completed = '';
test.serial('upstream HelloWorld goes through translate, deploy and poll to completed', async (t) => {
  const id = await p.execute(ids[0]!, { do_stage: false });
  completed = id;
  const e = await untilState(t, id, ['completed', 'failed']);
  t.is(e.state, 'completed', String(e['error']));
  const session = `surveyor-${id}-a1`;
  t.is(e['scheduler_job_id'], session);
  t.is(e['dim_session_status_url'], `http://${tb.dimHost}:${tb.dimPort}/api/sessions/${session}/status`);
  t.is(e['dim_graph_status_url'], `http://${tb.dimHost}:${tb.dimPort}/api/sessions/${session}/graph/status`);
  const sub = e.run_record['submission'] as Record<string, unknown>;
  t.is(sub['backend'], 'daliuge_dim');
  t.is(sub['drops'], 2);
  t.is(sub['root_drops'], 1);
  // The DIM itself says the session finished on every node manager.
  const status = await dimGet(tb, `/api/sessions/${session}/status`);
  t.deepEqual(Object.keys(status.body as object).sort(), [...tb.nodes].sort());
  t.true(Object.values(status.body as object).every((s) => s === 4));
  const graph = (await dimGet(tb, `/api/sessions/${session}/graph/status`)).body as Record<
    string,
    { status: number }
  >;
  t.true(
    Object.values(graph).every((d) => d.status === 2),
    'every drop completed',
  );
  // output_verification (required in the example): the DIM's graph names one output, the file
  // the application writes, and its drop state says it was written.
  t.like(e.run_record['outputs'], { required: true, checked: true, count: 1, incomplete_count: 0 });
  // Its usage, from its session: deployed at submission (no queue), ended when a poll saw it end,
  // on the node managers its physical graph placed drops on; no CPU time (a DIM reports none).
  const summary = (await api.call('GET', `/executions/${id}/summary`, { token: p.token })).body as {
    submitted_at: string;
    finished_at: string;
    usage: { attempts: Record<string, unknown>[]; total: { node_hours: number } };
  };
  const translated = JSON.parse(
    (await api.container.get<ArtifactStore>(TYPES.Artifacts).artifact(id, 1, 'translated.json'))!,
  ) as { oid?: string; node?: string }[];
  const placed = new Set(translated.filter((d) => d.oid && d.node).map((d) => d.node));
  t.true(placed.size >= 1);
  const [usage] = summary.usage.attempts;
  t.like(usage, {
    attempt: 1,
    outcome: 'completed',
    source: 'session',
    job_id: session,
    nodes: placed.size,
    queue_seconds: 0,
    cpus: null,
    cpu_hours: null,
    max_rss_bytes: null,
    remote_state: 'finished',
    started_at: summary.submitted_at,
    ended_at: summary.finished_at,
  });
  const runSeconds = (Date.parse(summary.finished_at) - Date.parse(summary.submitted_at)) / 1000;
  t.is(usage!['run_seconds'], Math.round(runSeconds));
  t.is(
    summary.usage.total.node_hours,
    Math.round(((Math.round(runSeconds) * placed.size) / 3600) * 1e6) / 1e6,
  );
});

test.serial(
  'reproduced on the real DALiuGE, the run builds the same manifest and graphs, and its provenance reads whole',
  async (t) => {
    const copy = await reproduceNow(api, p.token, completed);
    const e = await untilState(t, copy, ['completed', 'failed']);
    t.is(e.state, 'completed', String(e['error']));
    t.is(e['scheduler_job_id'], `surveyor-${copy}-a1`, 'a session of its own');
    const artifacts = api.container.get<ArtifactStore>(TYPES.Artifacts);
    const text = async (id: string, name: string) => (await artifacts.artifact(id, 1, name))!;
    const runless = (json: string) => {
      const { execution_id: _e, attempt: _a, ...rest } = JSON.parse(json) as Record<string, unknown>;
      return rest;
    };
    t.deepEqual(runless(await text(copy, 'manifest.json')), runless(await text(completed, 'manifest.json')));
    const [a, b] = [await artifactShas(api, p.token, completed), await artifactShas(api, p.token, copy)];
    t.is(b['logical.graph'], a['logical.graph'], 'the patched graph, byte for byte');
    t.is(
      (await runRecordOf(api, p.token, copy))['manifest_content_sha256'],
      (await runRecordOf(api, p.token, completed))['manifest_content_sha256'],
      'the same manifest content digest',
    );
    // The translator partitioned and mapped it the same, but for the second it stamped on each oid.
    t.is(
      withoutUnrollStamps(await text(copy, 'translated.json')),
      withoutUnrollStamps(await text(completed, 'translated.json')),
    );
    t.not(a['translated.json'], undefined);
    // The diff says which DALiuGE translated each: the testbed's.
    const diff = (await api.call('GET', `/executions/${completed}/diff/${copy}`, { token: p.token }))
      .body as {
      same: boolean;
      backend: { a: { translator_version: string }; b: { translator_version: string } };
    };
    t.true(diff.same);
    t.regex(diff.backend.a.translator_version, /^\d+\.\d+/);
    t.is(diff.backend.b.translator_version, diff.backend.a.translator_version);
    const doc = (await api.call('GET', `/executions/${copy}/provenance`, { token: p.token })).body;
    const found = provCheck(doc);
    t.deepEqual(found.problems, []);
    t.is(found.types['sv:RemoteRun'], 1);
    t.is(found.types['sv:TranslatedGraph'], 1);
  },
);

test.serial(
  'an application that fails ends the execution failed, naming its drops, and alerts',
  async (t) => {
    const admin = await api.tokenFor('dlg-alert-admin', 'admin');
    await webhookRule(
      api,
      admin,
      { name: 'dlg-hook', url: receiver.url, signing },
      { kind: 'execution_ended', name: 'dlg-failures', states: ['failed'], project_module: p.module },
    );
    await useGraph('BashCommand.graph', bashCommand('echo about to fail; exit 3'));
    const id = await p.execute(ids[1]!, { do_stage: false });
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'failed');
    const failed = e.run_record['failed_drops'] as string[];
    t.true(failed.length >= 1);
    const graph = (await dimGet(tb, `/api/sessions/surveyor-${id}-a1/graph/status`)).body as Record<
      string,
      { status: number; execStatus?: number }
    >;
    const app = Object.entries(graph).find(([, d]) => d.execStatus !== undefined)!;
    t.is(app[1].execStatus, 3, 'the application is in error on the DIM');
    t.true(failed.includes(app[0]), 'the failing application drop is named');
    t.regex(String(e['error']), /drops? in error/);
    const summary = await api.call('GET', `/executions/${id}/summary`, { token: p.token });
    t.deepEqual((summary.body as { failed_drops: string[] }).failed_drops, failed);
    // The failure reached the receiver: signed, naming the execution and its failed drops.
    await until('the failure alert at the receiver', async () => receiver.received.length > 0, 30_000);
    const alert = receiver.received[0]!;
    t.true(alert.signatureOk);
    t.is(alert.body['subject'], `[surveyor] ${p.module}: execution ${id} failed`);
    t.regex(String(alert.body['text']), /failed drops: /);
    const payload = (alert.body['details'] as { event: { payload: { failed_drops: string[] } } }).event
      .payload;
    t.deepEqual(payload.failed_drops, failed);
  },
);

test.serial(
  'a graph across both node managers ends failed only when both have ended, counting every drop in error',
  async (t) => {
    // Two partitions, one per node manager: one command fails at once, the other 8 s later. The
    // island manager says FAILED for the first node while the second still runs.
    const r = await api.call('POST', '/deployment-profiles', {
      token: p.adminToken,
      body: {
        name: 'dlg-two-nodes',
        project_module: p.module,
        translation: { algo: 'metis', num_par: 2, num_islands: 1 },
        deployment: {
          kind: 'rest_remote',
          deploy_host: tb.dimHost,
          deploy_port: tb.dimPort,
          ended_sessions: 'keep',
        },
      },
    });
    t.is(r.status, 201, r.text);
    await useGraph(
      'TwoCommands.graph',
      `${bashCommand('exit 1')}\n  - match: { kind: node_name, equals: Run later }\n    set:\n      command: "sleep 8; exit 1"`,
    );
    const id = await p.execute(ids[4]!, { do_stage: false }, { deployment_profile_name: 'dlg-two-nodes' });
    const session = `surveyor-${id}-a1`;
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'failed');
    const status = (await dimGet(tb, `/api/sessions/${session}/status`)).body as Record<string, number>;
    t.is(Object.keys(status).length, 2);
    t.deepEqual(Object.values(status), [6, 6], 'both node managers ended before the execution did');
    // Both commands and both files, as the island manager has them at the end.
    t.regex(String(e['error']), /^the session ended failed with 4 drops in error/);
    t.is((e.run_record['failed_drops'] as string[]).length, 4);
  },
);

test.serial('a long-running graph is cancelled on the DIM and ends cancelled', async (t) => {
  await useGraph('BashCommand.graph', bashCommand('sleep 600'));
  const id = await p.execute(ids[2]!, { do_stage: false });
  const running = await untilState(t, id, ['running', 'failed', 'completed']);
  t.is(running.state, 'running', String(running['error']));
  // Wait until the application really runs on its node manager, then cancel.
  const session = `surveyor-${id}-a1`;
  await untilAppRuns((path) => dimGet(tb, path), session, 30_000);
  const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
  t.is(c.status, 202, c.text);
  t.is((c.body as Execution).state, 'cancelling');
  const e = await untilState(t, id, ['cancelled', 'failed', 'completed'], 60_000);
  t.is(e.state, 'cancelled', String(e['error']));
  const states = Object.values((await dimGet(tb, `/api/sessions/${session}/status`)).body as object);
  t.true(states.includes(5), `the DIM says cancelled: ${JSON.stringify(states)}`);
});

test.serial(
  'a graph the DIM refuses to deploy fails at once; the session is removed, so a retry may run',
  async (t) => {
    await useGraph('HelloWorld_simple.graph', ' []');
    const id = await p.execute(ids[3]!, { do_stage: false });
    const e = await untilState(t, id, ['completed', 'failed', 'running']);
    t.is(e.state, 'failed');
    t.regex(
      String(e['error']),
      /deploy session surveyor-.*-a1: HTTP 555 SubManagerException \(.*ErrorManagerCaughtException\); the session was removed/,
    );
    t.is(e.run_record['remote_terminal'], true);
    const gone = await dimGet(tb, '/api/sessions');
    t.false((gone.body as { sessionId: string }[]).some((s) => s.sessionId === `surveyor-${id}-a1`));
    const retry = await api.call('POST', `/executions/${id}/retry`, { token: p.token, body: {} });
    t.is(retry.status, 202, retry.text);
    t.is((retry.body as { attempt: number }).attempt, 2);
  },
);

test.serial(
  'by default a completed run’s session is deleted from the island manager once its end is stored; a failed one’s is kept',
  async (t) => {
    const r = await api.call('POST', '/deployment-profiles', {
      token: p.adminToken,
      body: {
        name: 'dlg-default-ended',
        project_module: p.module,
        translation: { algo: 'metis', num_par: 1, num_islands: 1 },
        deployment: { kind: 'rest_remote', deploy_host: tb.dimHost, deploy_port: tb.dimPort },
      },
    });
    t.is(r.status, 201, r.text);
    t.is((r.body as { deployment: { ended_sessions: string } }).deployment.ended_sessions, 'keep_failed');
    const listed = async () =>
      ((await dimGet(tb, '/api/sessions')).body as { sessionId: string }[]).map((s) => s.sessionId);
    const removedEvents = async (id: string) =>
      (
        (await api.call('GET', `/executions/${id}/events?limit=100`, { token: p.token })).body as {
          items: { kind: string }[];
        }
      ).items.filter((x) => x.kind === 'execution.session_removed').length;
    const use = { deployment_profile_name: 'dlg-default-ended' };

    // The failed run first: rounds on one island manager run one at a time, so once the later
    // run's deletion is seen, the round that stored this end has finished too.
    await useGraph('BashCommand.graph', bashCommand('exit 3'));
    const bad = await p.execute(ids[6]!, { do_stage: false }, use);
    t.is((await untilState(t, bad, ['completed', 'failed'])).state, 'failed');

    await useGraph('HelloWorld-simple.graph', ' []');
    const ok = await p.execute(ids[5]!, { do_stage: false }, use);
    const done = await untilState(t, ok, ['completed', 'failed']);
    t.is(done.state, 'completed', String(done['error']));
    // The end is stored first; the deletion follows in the same poll round.
    await until('the completed run’s session to be deleted', async () => (await removedEvents(ok)) > 0);
    t.false((await listed()).includes(`surveyor-${ok}-a1`), 'the island manager no longer lists it');
    const record = (await api.call('GET', `/executions/${ok}`, { token: p.token })).body as Execution;
    t.is(typeof record.run_record['session_removed_at'], 'string');
    t.like(record.run_record['outputs'], { checked: true, incomplete_count: 0 }, 'what was recorded stays');

    t.true((await listed()).includes(`surveyor-${bad}-a1`), 'a failed session stays for DALiuGE’s own pages');
    t.is(await removedEvents(bad), 0);
  },
);
