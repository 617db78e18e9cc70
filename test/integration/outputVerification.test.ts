// Output verification (issue 14, fault 7) through the poll rounds: the WALLABY example sets
// `output_verification.required: true`, and a run whose graph finished with an output never written
// was recorded completed. Now it fails with the list; without `required` it completes, its inventory
// (tagged with the project's inventory_schema) saying what was missing.
import test from 'ava';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';
import { runThrough } from '../support/runThrough.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const ids = ['HIPASSJ0600', 'HIPASSJ0601MOCKNOOUTPUT', 'HIPASSJ0602MOCKNOOUTPUT'];
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir, SERVICE_MOCK_STEP_MS: '10' });
  p = await prepareProject(api, ids);
});
test.after.always(async () => {
  await api?.close();
});

const execution = async (id: string) =>
  (await api.container.get<ExecutionRepository>(TYPES.Executions).get(id))!;
const lastEvent = async (id: string) => {
  const page = await api.container
    .get<EventLog>(TYPES.Events)
    .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 100, null);
  return page.items.at(-1)!;
};

test.serial('required: every output written completes the run, with its inventory', async (t) => {
  const id = await runThrough(api, p, ids[0]!, 'ended');
  const e = await execution(id);
  t.is(e.state, 'completed', String(e.error));
  const inventory = e.runRecord['outputs'] as Record<string, unknown>;
  t.like(inventory, {
    schema: 'wallaby-hires-output-inventory/v1',
    required: true,
    checked: true,
    incomplete_count: 0,
  });
  t.true((inventory['count'] as number) > 0);
  t.like((await lastEvent(id)).payload, { outputs: { incomplete_count: 0 } });
});

test.serial('required: an output never written fails the run, naming it', async (t) => {
  const id = await runThrough(api, p, ids[1]!, 'ended');
  const e = await execution(id);
  t.is(e.state, 'failed');
  t.regex(
    String(e.error),
    /the graph finished, but 1 of its \d+ outputs did not complete: \S+ \(initialized\)/,
  );
  t.is(e.runRecord['remote_terminal'], true, 'the graph ended: nothing remote is left to settle');
  const missing = (e.runRecord['outputs'] as { incomplete: { oid: string }[] }).incomplete;
  t.deepEqual(
    e.runRecord['failed_drops'],
    missing.map((m) => m.oid),
  );
  const ev = await lastEvent(id);
  t.is(ev.kind, 'execution.failed');
  t.deepEqual(
    ev.payload['failed_drops'],
    missing.map((m) => m.oid),
  );
});

test.serial('not required: the run completes and its inventory lists the missing output', async (t) => {
  await api.uploadConfig(manualWallabyYaml.replace('required: true', 'required: false'), p.adminToken);
  const id = await runThrough(api, p, ids[2]!, 'ended');
  const e = await execution(id);
  t.is(e.state, 'completed', String(e.error));
  t.like(e.runRecord['outputs'], { required: false, checked: true, incomplete_count: 1 });
});
