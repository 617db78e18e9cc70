// A retry restarts from what the failed attempt left (issue 42, part 3): the staged datasets are
// reused when the stager finds them intact, each with an event saying so and why it was safe;
// from_scratch stages everything again. (test/e2e/retryReuse shows it on the archive testbed.)
import test from 'ava';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';
import { runAttempt, runThrough } from '../support/runThrough.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const source = 'HIPASSJ0640MOCKFAIL';
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir, SERVICE_MOCK_STEP_MS: '10' });
  p = await prepareProject(api, [source]);
});
test.after.always(async () => {
  await api?.close();
});

const kinds = async (id: string, attempt: number) =>
  (
    await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
  ).items.filter((e) => e.payload['attempt'] === attempt);

const retry = async (id: string, query = '') => {
  const r = await api.call('POST', `/executions/${id}/retry${query}`, { token: p.token });
  if (r.status !== 202) throw new Error(r.text);
};

test.serial(
  'a retry reuses what the failed attempt staged, and says why; from_scratch stages again',
  async (t) => {
    const id = await runThrough(api, p, source, 'ended', { stage: true });
    const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
    t.is((await executions.get(id))!.state, 'failed', 'the mock session failed (MOCKFAIL)');
    const first = await kinds(id, 1);
    const datasets = first.filter((e) => e.kind === 'execution.staged').map((e) => e.payload['datasets'])[0];
    t.true((datasets as number) > 0);

    await retry(id);
    await runAttempt(api, id, 2, 'ended');
    const second = await kinds(id, 2);
    const reused = second.filter((e) => e.kind === 'execution.staging_reused');
    t.is(reused.length, datasets as number, 'every dataset reused');
    t.like(reused[0]!.payload, { from_attempt: 1, source });
    t.regex(String(reused[0]!.payload['why']), /same dataset from the same link/);
    t.like(second.find((e) => e.kind === 'execution.staged')!.payload, { datasets });
    // An island manager maps the graph onto the nodes it has now: translated again, and said why.
    t.like(second.find((e) => e.kind === 'execution.translation_not_reused')?.payload, {
      from_attempt: 1,
      why: 'the island manager maps the graph onto the nodes it has now',
    });

    await retry(id, '?from_scratch=true');
    const third = await executions.get(id);
    t.is(third!.runRecord['from_scratch'], true);
    await runAttempt(api, id, 3, 'ended');
    const events = await kinds(id, 3);
    t.is(
      events.filter((e) => e.kind === 'execution.staging_reused').length,
      0,
      'from scratch: nothing reused',
    );
    t.like(events.find((e) => e.kind === 'execution.retried')!.payload, { from_scratch: true });
    t.like(events.find((e) => e.kind === 'execution.staged')!.payload, { datasets });
  },
);

test.serial('from_scratch takes true or false only', async (t) => {
  const id = (await api.call('GET', '/executions?limit=1', { token: p.token })).body as {
    items: { uuid: string }[];
  };
  const r = await api.call('POST', `/executions/${id.items[0]!.uuid}/retry?from_scratch=yes`, {
    token: p.token,
  });
  t.is(r.status, 422);
});
