// An island manager that crashes and comes back while its session runs, against the real DALiuGE
// testbed's node managers. A restarted DIM has forgotten its sessions (its list is empty), but the
// node managers still run them and the DIM still relays a forgotten session's status, drop states
// and cancel to them. The run is followed to its real end: completed with its outputs checked, or
// cancelled when asked; never failed for want of a session list entry. The test runs a DIM of its
// own over the testbed's node managers, so the restart does not disturb other suites.
import test from 'ava';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import {
  bashCommand,
  daliugeApiEnv,
  daliugeGraphDir,
  daliugeTestbed,
  untilAppRuns,
  yamlWithGraph,
} from '../support/daliuge.js';
import { eventKinds, executionStatus } from '../support/executionStatus.js';
import { type PrivateDim, startPrivateDim } from '../support/privateDim.js';
import { prepareProject } from '../support/project.js';

let api: TestApi;
let worker: WorkerHandle;
let dim: PrivateDim;
let p: Awaited<ReturnType<typeof prepareProject>>;
let graphs: ReturnType<typeof daliugeGraphDir>;
const ids = ['HIPASSJ1401+01', 'HIPASSJ1402+01'];

test.before(async () => {
  const tb = daliugeTestbed();
  graphs = daliugeGraphDir();
  dim = await startPrivateDim(tb);
  api = await startTestApi(daliugeApiEnv(tb, graphs.dir));
  worker = await startWorker(api.container);
  p = await prepareProject(
    api,
    ids,
    yamlWithGraph('BashCommand.graph', graphs.sha['BashCommand.graph']!, bashCommand('sleep 6')),
    {
      translation: { num_par: 1, num_islands: 1 },
      // The test reads the cancelled session back from the node managers.
      deployment: {
        kind: 'rest_remote',
        deploy_host: '127.0.0.1',
        deploy_port: dim.port,
        ended_sessions: 'keep',
      },
    },
  );
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
  await dim?.stop();
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
);

test.serial('a run whose island manager restarts mid-run is followed to completed', async (t) => {
  const id = await p.execute(ids[0]!, { do_stage: false });
  const running = await untilState(t, id, ['running', 'failed', 'completed']);
  t.is(running.state, 'running', String(running['error']));
  const session = `surveyor-${id}-a1`;
  await untilAppRuns(dim.get, session);
  await dim.restart(1000);
  // The restarted DIM lists no session: the run's is only on the node managers now.
  t.deepEqual((await dim.get('/api/sessions')).body, []);

  const e = await untilState(t, id, ['completed', 'failed', 'cancelled'], 60_000);
  t.is(e.state, 'completed', JSON.stringify(e));
  t.is(e['attempt'], 1);
  // Its outputs were checked on the drops the node managers ran.
  t.like(e.run_record['outputs'], { required: true, checked: true, count: 1, incomplete_count: 0 });
  const kinds = await eventKinds(api, id);
  t.is(kinds.filter((k) => k === 'execution.submitted').length, 1, kinds.join(', '));
});

test.serial('a run whose island manager restarted can still be cancelled', async (t) => {
  await api.uploadConfig(
    yamlWithGraph('BashCommand.graph', graphs.sha['BashCommand.graph']!, bashCommand('sleep 600')),
    p.adminToken,
  );
  const id = await p.execute(ids[1]!, { do_stage: false });
  const running = await untilState(t, id, ['running', 'failed', 'completed']);
  t.is(running.state, 'running', String(running['error']));
  const session = `surveyor-${id}-a1`;
  await untilAppRuns(dim.get, session);
  await dim.restart(500);

  const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
  t.is(c.status, 202, c.text);
  const e = await untilState(t, id, ['cancelled', 'failed', 'completed'], 60_000);
  t.is(e.state, 'cancelled', String(e['error']));
  const states = Object.values((await dim.get(`/api/sessions/${session}/status`)).body as object);
  t.true(states.includes(5), `the node managers say cancelled: ${JSON.stringify(states)}`);
});
