// Ended sessions on an island manager, as poll rounds delete them (real PostgreSQL): with the
// profile's default (`ended_sessions: keep_failed`) a completed run's session is deleted once its
// end is stored, and the run says so (`session_removed_at`, one `execution.session_removed`);
// a failed run's is kept; a delete that fails leaves the run as it ended and the round reports it.
// Which state each choice deletes: the rule's table below.
import test from 'ava';
import type { RemoteOutcome } from '../../core/domain/backendStates.js';
import {
  type DeploymentSettings,
  type EndedSessions,
  removesEndedSession,
} from '../../core/domain/profile.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { pollRound, scriptedBackends } from '../support/pollRound.js';
import { graphDir, prepareProject } from '../support/project.js';
import { runThrough } from '../support/runThrough.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const ids = ['HIPASSJ0601', 'HIPASSJ0602', 'HIPASSJ0603'];
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
  p = await prepareProject(api, ids);
});
test.after.always(async () => {
  await api?.close();
});

const finished: RemoteOutcome = {
  kind: 'finished',
  remoteState: 'finished',
  outputs: { count: 1, incomplete: [], incompleteCount: 0, skippedCount: 0, freedCount: 0 },
};
const failed: RemoteOutcome = {
  kind: 'failed',
  remoteState: 'failed',
  reason: 'the session ended failed',
  failedDrops: [],
};

test.serial(
  'a completed run’s session is deleted once its end is stored; a failed one’s is kept',
  async (t) => {
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const events = api.container.get<EventLog>(TYPES.Events);
    const kinds = async (id: string) =>
      (await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 100, null)).items;
    const outcomes = new Map<string, RemoteOutcome>();
    const deleted: string[] = [];
    const s = { refuse: false };
    const { backends } = scriptedBackends(
      api,
      'rest_remote',
      async (_target, items) =>
        new Map(
          items.map((i) => [
            i.executionId,
            outcomes.get(i.executionId) ?? { kind: 'in_progress', remoteState: 'running' },
          ]),
        ),
      undefined,
      async (item) => {
        // The end is stored before anything is deleted.
        t.not((await executions.get(item.executionId))!.finishedAt, null);
        if (s.refuse) throw new Error('HTTP 500 from the island manager');
        deleted.push(item.schedulerJobId);
      },
    );
    const done = await runThrough(api, p, ids[0]!, 'submitted');
    const broke = await runThrough(api, p, ids[1]!, 'submitted');
    outcomes.set(done, finished);
    outcomes.set(broke, failed);
    const { r } = await pollRound(api, backends);
    t.like(r, { ended: 2, removed: 1, removeError: null });
    t.deepEqual(deleted, [`surveyor-${done}-a1`]);

    const completed = (await executions.get(done))!;
    t.is(completed.state, 'completed');
    t.is(typeof completed.runRecord['session_removed_at'], 'string');
    t.true(completed.runRecord['remote_terminal'] as boolean, 'the end as it was stored is kept');
    const removed = (await kinds(done)).filter((e) => e.kind === 'execution.session_removed');
    t.is(removed.length, 1);
    t.like(removed[0]!.payload, { scheduler_job_id: `surveyor-${done}-a1`, ended_sessions: 'keep_failed' });

    const kept = (await executions.get(broke))!;
    t.is(kept.state, 'failed');
    t.is(kept.runRecord['session_removed_at'], undefined);
    t.false((await kinds(broke)).some((e) => e.kind === 'execution.session_removed'));

    // A delete that fails: the run ends all the same, nothing says it was deleted, the round says why.
    s.refuse = true;
    const third = await runThrough(api, p, ids[2]!, 'submitted');
    outcomes.set(third, finished);
    const next = await pollRound(api, backends);
    t.like(next.r, { ended: 1, removed: 0 });
    t.regex(next.r.removeError ?? '', /1 ended session not deleted \(kept there\): surveyor-.*-a1: HTTP 500/);
    const stays = (await executions.get(third))!;
    t.is(stays.state, 'completed');
    t.is(stays.runRecord['session_removed_at'], undefined);
    t.false((await kinds(third)).some((e) => e.kind === 'execution.session_removed'));
  },
);

test('which ended runs each choice deletes from the island manager', (t) => {
  const rest = (ended_sessions?: EndedSessions): DeploymentSettings => ({
    kind: 'rest_remote',
    deploy_host: 'dim.example.org',
    deploy_port: 8001,
    dim_port_for_tm: 8001,
    use_https: false,
    verify_ssl: true,
    ...(ended_sessions ? { ended_sessions } : {}),
  });
  const table = (d: DeploymentSettings) =>
    (['completed', 'failed', 'cancelled'] as const).map((s) => removesEndedSession(d, s));
  t.deepEqual(table(rest('remove')), [true, true, true]);
  t.deepEqual(table(rest('keep_failed')), [true, false, true]);
  t.deepEqual(table(rest('keep')), [false, false, false]);
  // A profile from before the choice existed takes the default.
  t.deepEqual(table(rest()), [true, false, true]);
});
