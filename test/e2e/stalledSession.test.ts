// A session that makes no progress, on the real island manager of the DALiuGE testbed: a Bash
// application that never returns (`sleep 600`) under a profile with stall_fail_minutes 1. Each
// poll round reads the running session's drop states; the digest does not change, so a minute
// later the execution fails naming the application that runs, and the session is cancelled.
import test from 'ava';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import {
  bashCommand,
  type DaliugeTestbed,
  daliugeApiEnv,
  daliugeGraphDir,
  daliugeTestbed,
  dimGet,
  yamlWithGraph,
} from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { prepareProject } from '../support/project.js';
import { until } from '../support/until.js';

let tb: DaliugeTestbed;
let api: TestApi;
let worker: WorkerHandle;
let p: Awaited<ReturnType<typeof prepareProject>>;
const ids = ['HIPASSJ2100-01'];

test.before(async () => {
  tb = daliugeTestbed();
  const graphs = daliugeGraphDir();
  api = await startTestApi(daliugeApiEnv(tb, graphs.dir));
  worker = await startWorker(api.container);
  // Rounds every second, and a deadline (poll_max_rounds) well past the stall limit.
  const yaml = yamlWithGraph(
    'BashCommand.graph',
    graphs.sha['BashCommand.graph']!,
    bashCommand('sleep 600'),
  ).replace('poll_max_rounds: 40', 'poll_max_rounds: 600');
  p = await prepareProject(api, ids, yaml, {
    translation: { algo: 'metis', num_par: 1, num_islands: 1 },
    deployment: {
      kind: 'rest_remote',
      deploy_host: tb.dimHost,
      deploy_port: tb.dimPort,
      stall_warn_minutes: 0,
      stall_fail_minutes: 1,
    },
  });
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
});

const { untilState } = executionStatus(
  () => api,
  () => p.token,
);

test('an application that never returns fails the run after stall_fail_minutes, naming it', async (t) => {
  t.timeout(180_000);
  const started = Date.now();
  const id = await p.execute(ids[0]!, { do_stage: false });
  const session = `surveyor-${id}-a1`;
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled'], 150_000);
  const took = (Date.now() - started) / 1000;
  t.is(e.state, 'failed');
  t.regex(
    String(e['error']),
    /^no progress for 1 minute; last drops running: Run command \(\S+\); asked the backend to cancel$/,
  );
  // The rounds read the drops: the digest kept on the run record, first seen as the app started.
  t.like(e.run_record['progress'], { running_count: 1, drops: 2 });
  t.true(took >= 60 && took < 120, `failed after ${took} s`);
  // The island manager was told: the session ends cancelled, the application no longer runs.
  await until(
    `session ${session} to end`,
    async () => {
      const s = (await dimGet(tb, `/api/sessions/${session}/status`)).body as Record<string, number>;
      return Object.values(s).every((c) => c === 4 || c === 5);
    },
    30_000,
  );
  const drops = (await dimGet(tb, `/api/sessions/${session}/graph/status`)).body as Record<
    string,
    { execStatus?: number }
  >;
  t.false(
    Object.values(drops).some((d) => d.execStatus === 1),
    JSON.stringify(drops),
  );
});
