// A session whose island manager cannot reach one of its node managers, as poll rounds see it with
// a clock that moves minutes ahead (real PostgreSQL): the first round that finds the node not
// answering keeps it on the run record with one execution.node_unreachable event, the node
// answering again clears it (execution.node_reachable) and starts the clock again, and a node that
// stays silent for node_lost_minutes fails the run naming it, with a cancel sent.
import test from 'ava';
import type { RemoteOutcome, UnreachableNodes } from '../../core/domain/backendStates.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { pollRound, scriptedBackends } from '../support/pollRound.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';
import { runThrough } from '../support/runThrough.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const ids = ['HIPASSJ0510'];
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
  // Rounds 60 s apart: the run's deadline (40 rounds) is 40 minutes, past the limits below.
  const yaml = manualWallabyYaml.replace('poll_interval_seconds: 1', 'poll_interval_seconds: 60');
  p = await prepareProject(api, ids, yaml, {
    translation: {},
    deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org', node_lost_minutes: 3 },
  });
});
test.after.always(async () => {
  await api?.close();
});

const at = (minutes: number) => ({ now: () => new Date(Date.now() + minutes * 60_000) });
const gone: UnreachableNodes = {
  nodes: ['10.0.0.3:8000'],
  detail: 'HTTP 555 SubManagerException (10.0.0.3:8000:5555:6666: OSError)',
};

test.serial(
  'a node that does not answer is noticed, forgiven when it answers, and fails the run when it stays away',
  async (t) => {
    const id = await runThrough(api, p, ids[0]!, 'submitted');
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    const events = api.container.get<EventLog>(TYPES.Events);
    const kinds = async () =>
      (await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 100, null)).items
        .map((ev) => ev.kind)
        .filter((k) => k.startsWith('execution.node_'));
    const s = { unreachable: null as UnreachableNodes | null };
    const { backends, cancels } = scriptedBackends(
      api,
      'rest_remote',
      async (_target, items) =>
        new Map(
          items.map((i): [string, RemoteOutcome] => [
            i.executionId,
            {
              kind: 'in_progress',
              remoteState: 'running',
              ...(s.unreachable ? { unreachable: s.unreachable } : {}),
            },
          ]),
        ),
    );

    await pollRound(api, backends, at(0));
    t.is((await executions.get(id))!.runRecord['unreachable'], undefined);
    s.unreachable = gone;
    await pollRound(api, backends, at(1));
    t.like((await executions.get(id))!.runRecord['unreachable'], { nodes: ['10.0.0.3:8000'] });
    t.deepEqual(await kinds(), ['execution.node_unreachable']);
    const [notice] = (
      await events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 100, null)
    ).items.filter((ev) => ev.kind === 'execution.node_unreachable');
    t.is(
      notice?.payload['message'],
      'node manager 10.0.0.3:8000 has not answered the island manager (HTTP 555 SubManagerException (10.0.0.3:8000:5555:6666: OSError))',
    );
    t.is(notice?.payload['fails_after_minutes'], 3);
    // Two minutes later it answers: forgiven, and its clock is gone.
    await pollRound(api, backends, at(3));
    s.unreachable = null;
    await pollRound(api, backends, at(3.5));
    t.is((await executions.get(id))!.state, 'running');
    t.is((await executions.get(id))!.runRecord['unreachable'], undefined);
    t.deepEqual(await kinds(), ['execution.node_unreachable', 'execution.node_reachable']);
    // Away again: counted from this round, so not failed at minute 5, failed at minute 7.
    s.unreachable = gone;
    await pollRound(api, backends, at(4));
    await pollRound(api, backends, at(6.5));
    t.is((await executions.get(id))!.state, 'running');
    t.deepEqual(cancels, []);
    await pollRound(api, backends, at(7));
    const e = (await executions.get(id))!;
    t.is(e.state, 'failed');
    t.is(
      e.error,
      'node manager 10.0.0.3:8000 has not answered the island manager for 3 minutes (HTTP 555 SubManagerException (10.0.0.3:8000:5555:6666: OSError)); asked the backend to cancel',
    );
    t.is(e.runRecord['remote_terminal'], false, 'nobody confirmed the session ended');
    t.deepEqual(cancels, [id]);
  },
);

test.serial('node_lost_minutes is a rest_remote field with a default, and is never negative', async (t) => {
  const r = await api.call('GET', '/deployment-profiles', { token: p.token });
  const [profile] = (r.body as { items: { deployment: Record<string, unknown> }[] }).items;
  t.is(profile?.deployment['node_lost_minutes'], 3);
  const made = await api.call('POST', '/deployment-profiles', {
    token: p.adminToken,
    body: {
      name: 'rest-defaults',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    },
  });
  t.is(made.status, 201, made.text);
  t.is((made.body as { deployment: Record<string, unknown> }).deployment['node_lost_minutes'], 5);
  const bad = await api.call('POST', '/deployment-profiles', {
    token: p.adminToken,
    body: {
      name: 'rest-bad',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org', node_lost_minutes: -1 },
    },
  });
  t.is(bad.status, 422);
});
