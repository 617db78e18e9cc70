// A session that stops making progress, as poll rounds see it with a clock that moves minutes
// ahead (real PostgreSQL): the digest is kept on the run record when it changes, a stall past
// stall_warn_minutes is one execution.stalled event naming the drop that runs (by its name in the
// run's graph), progress starts the clock again, a session in which nothing runs is failed at
// idle_fail_minutes with a cancel sent, and a round that cannot read the drops judges nothing.
import test from 'ava';
import type { RemoteOutcome, SessionProgress } from '../../core/domain/backendStates.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';
import type { DropSpec } from '../../core/ports/Translator.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { pollRound, scriptedBackends } from '../support/pollRound.js';
import { runThrough } from '../support/runThrough.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const ids = ['HIPASSJ0500'];
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
  // Rounds 60 s apart: the run's deadline (40 rounds) is 40 minutes, past the stalls below.
  const yaml = manualWallabyYaml.replace('poll_interval_seconds: 1', 'poll_interval_seconds: 60');
  p = await prepareProject(api, ids, yaml, {
    translation: {},
    deployment: {
      kind: 'rest_remote',
      deploy_host: 'dim.example.org',
      stall_warn_minutes: 5,
      idle_fail_minutes: 10,
    },
  });
});
test.after.always(async () => {
  await api?.close();
});

/** A REST backend whose running session's progress the test sets (null: the drops cannot be read). */
const scripted = () => {
  const s = { progress: null as SessionProgress | null };
  const { backends, cancels } = scriptedBackends(
    api,
    'rest_remote',
    async (_target, items) =>
      new Map(
        items.map((i): [string, RemoteOutcome] => [
          i.executionId,
          { kind: 'in_progress', remoteState: 'running', ...(s.progress ? { progress: s.progress } : {}) },
        ]),
      ),
  );
  return { s, backends, cancels };
};

const at = (minutes: number) => ({ now: () => new Date(Date.now() + minutes * 60_000) });
const progress = (digest: string, running: string[]): SessionProgress => ({
  digest,
  drops: 4,
  running,
  runningCount: running.length,
  waitingCount: 2,
});

test.serial(
  'a stall warns once, progress starts the clock again, and a session where nothing runs fails',
  async (t) => {
    const id = await runThrough(api, p, ids[0]!, 'submitted');
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const events = api.container.get<EventLog>(TYPES.Events);
    const stalled = async () =>
      (
        await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 100, null)
      ).items.filter((ev) => ev.kind === 'execution.stalled');
    const translated = JSON.parse(
      (await api.container.get<ArtifactStore>(TYPES.Artifacts).artifact(id, 1, 'translated.json'))!,
    ) as DropSpec[];
    const app = translated.find((d) => d['categoryType'] === 'Application')!;
    const { s, backends, cancels } = scripted();

    // A round that cannot read the drops judges nothing and keeps nothing.
    await pollRound(api, backends, at(0));
    t.is((await executions.get(id))!.runRecord['progress'], undefined);

    s.progress = progress('a', [String(app['oid'])]);
    await pollRound(api, backends, at(1));
    const first = (await executions.get(id))!.runRecord['progress'] as Record<string, unknown>;
    t.like(first, { digest: 'a', running_count: 1, waiting_count: 2, drops: 4 });
    await pollRound(api, backends, at(5));
    t.is((await stalled()).length, 0, '4 minutes without progress: under stall_warn_minutes');
    await pollRound(api, backends, at(6));
    const [warning] = await stalled();
    t.like(warning?.payload, { minutes: 5, running_count: 1 });
    t.is(
      warning?.payload['message'],
      `no progress for 5 minutes; last drops running: ${String(app['name'])} (${String(app['oid'])})`,
    );
    // An application runs: neither failed at idle_fail_minutes nor warned again.
    await pollRound(api, backends, at(20));
    t.is((await executions.get(id))!.state, 'running');
    t.is((await stalled()).length, 1);
    t.deepEqual(cancels, []);

    // A drop moves on, then nothing runs: failed 10 minutes after that last change, not before.
    s.progress = progress('b', []);
    await pollRound(api, backends, at(21));
    await pollRound(api, backends, at(30));
    t.is((await executions.get(id))!.state, 'running');
    await pollRound(api, backends, at(31));
    const e = (await executions.get(id))!;
    t.is(e.state, 'failed');
    t.is(
      e.error,
      'no progress for 10 minutes; last drops running: none (nothing runs or is being written; 2 of 4 drops have not run or been written); asked the backend to cancel',
    );
    t.is(e.runRecord['remote_terminal'], false, 'nobody confirmed the session ended');
    t.deepEqual(cancels, [id]);
  },
);

test.serial('a profile shows every limit: the ones it set, and the defaults for the others', async (t) => {
  const r = await api.call('GET', '/deployment-profiles', { token: p.token });
  const [profile] = (r.body as { items: { deployment: Record<string, unknown> }[] }).items;
  t.like(profile?.deployment, { stall_warn_minutes: 5, idle_fail_minutes: 10, stall_fail_minutes: 0 });
});
