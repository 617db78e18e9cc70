// The whole SPEC flow over HTTP on the mock backends, with a real worker and scheduler in this
// process: login, configuration, bulk sources, discovery, a profile, then a dry run, a run to
// completed, a failing run, a cancelled run and its retry. Every response is checked against the
// OpenAPI document.
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { wallabyYaml } from '../support/examples.js';
import { checkResponse } from '../support/openapiCheck.js';

const graphDir = fileURLToPath(new URL('../../../schema/examples/graphs', import.meta.url));
// The example with automation off (this test creates its executions) and fast polling.
const yaml = wallabyYaml
  .replace(/(execution:\n\s+enabled:) true/, '$1 false')
  .replace(/(discovery:\n\s+enabled:) true/, '$1 false')
  .replace('poll_interval_seconds: 60', 'poll_interval_seconds: 1');

let api: TestApi;
let worker: WorkerHandle;
let token = '';
test.before(async () => {
  api = await startTestApi({
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_MOCK_STEP_MS: '150',
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
  });
  worker = await startWorker(api.container);
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
});

type Body = Record<string, unknown>;
/** A call by path template; the response must be what the OpenAPI document says for its status. */
const call = async (
  t: { deepEqual: (a: unknown, b: unknown, m?: string) => void },
  method: string,
  template: string,
  params: Record<string, string> = {},
  init: { body?: unknown; raw?: string; headers?: Record<string, string>; query?: string } = {},
) => {
  const path =
    template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k]!)) + (init.query ?? '');
  const r = await api.call(method, path, { ...init, token });
  t.deepEqual(
    checkResponse(template, method, r.status, r.body),
    [],
    `${method} ${path} ${r.status} conforms`,
  );
  return { status: r.status, body: r.body as Body };
};

const until = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

test.serial('the SPEC flow, end to end on the mock backends', async (t) => {
  await api.addUser('operator1', 'operator');
  const login = await call(
    t,
    'POST',
    '/login',
    {},
    { body: { username: 'operator1', password: 'correct-horse-battery-staple' } },
  );
  t.is(login.status, 200);
  token = login.body['access_token'] as string;

  const up = await call(
    t,
    'POST',
    '/project-configs',
    {},
    { raw: yaml, headers: { 'Content-Type': 'application/x-yaml' } },
  );
  t.is(up.status, 201);
  t.is((await call(t, 'GET', '/project-configs/{module}', { module: 'wallaby_hires' })).status, 200);
  t.is((await call(t, 'GET', '/project-configs/{module}/versions', { module: 'wallaby_hires' })).status, 200);

  const names = ['HIPASSJ1303+07', 'HIPASSJ0001MOCKFAIL', 'HIPASSJ0002MOCKHOLD'];
  const bulk = await call(
    t,
    'POST',
    '/sources/bulk',
    {},
    {
      body: {
        project_module: 'wallaby_hires',
        sources: names.map((source_identifier) => ({ source_identifier })),
      },
    },
  );
  t.is(bulk.status, 200);
  const list = await call(t, 'GET', '/sources', {}, { query: '?project_module=wallaby_hires' });
  const sources = list.body['items'] as { uuid: string; source_identifier: string }[];
  t.is(sources.length, 3);
  t.is(
    (
      await call(
        t,
        'POST',
        '/sources/discover',
        {},
        { body: { project_module: 'wallaby_hires', source_identifiers: names } },
      )
    ).status,
    202,
  );
  for (const s of sources)
    await until(`discovery of ${s.source_identifier}`, async () => {
      const st = await call(t, 'GET', '/sources/{id}/status', { id: s.uuid });
      return st.body['ready'] === true ? st : undefined;
    });

  const profile = await call(
    t,
    'POST',
    '/deployment-profiles',
    {},
    {
      body: {
        name: 'mock-dim',
        project_module: 'wallaby_hires',
        is_default: true,
        translation: { num_par: 1 },
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      },
    },
  );
  t.is(profile.status, 201);

  const create = async (source: string) => {
    const r = await call(
      t,
      'POST',
      '/executions',
      {},
      {
        body: {
          project_module: 'wallaby_hires',
          sources: [{ source_identifier: source }],
          archive_name: 'casda',
        },
      },
    );
    t.is(r.status, 201);
    return r.body['uuid'] as string;
  };
  const waitState = (id: string, states: string[]) =>
    until(`execution ${id} in ${states.join('/')}`, async () => {
      const st = await call(t, 'GET', '/executions/{id}/status', { id });
      return states.includes(st.body['state'] as string) ? st.body : undefined;
    });

  // A dry run: manifest and patched graph are built; nothing is staged or submitted.
  const dry = await create('HIPASSJ1303+07');
  const pending = await call(t, 'GET', '/executions/{id}/status', { id: dry });
  t.deepEqual(pending.body['blocked_by'], ['not asked to run yet: POST /executions/{id}/execute']);
  const ex = await call(
    t,
    'POST',
    '/executions/{id}/execute',
    { id: dry },
    { body: { do_stage: false, do_submit: false } },
  );
  t.is(ex.status, 202);
  t.is(ex.body['state'], 'queued');
  const dryDone = await waitState(dry, ['completed', 'failed']);
  t.is(dryDone['state'], 'completed', JSON.stringify(dryDone['error']));
  t.is(dryDone['scheduler_job_id'], null);
  const dryLedger = await call(t, 'GET', '/executions/{id}/ledger-snapshot', { id: dry });
  const artifactNames = (dryLedger.body['artifacts'] as { name: string }[]).map((a) => a.name).sort();
  t.deepEqual(artifactNames, ['logical.graph', 'manifest.json', 'sources.json']);
  const record = dryDone['run_record'] as { patches: { field: string; value: number }[]; dry_run: boolean };
  t.true(record.dry_run);
  t.is(record.patches[0]!.field, 'num_of_copies');
  t.true(record.patches[0]!.value >= 1);
  t.true((await call(t, 'GET', '/executions/{id}/summary', { id: dry })).body['dry_run'] as boolean);

  // A full run to completed, through the remote session states.
  const full = await create('HIPASSJ1303+07');
  t.is((await call(t, 'POST', '/executions/{id}/execute', { id: full }, { body: {} })).status, 202);
  const done = await waitState(full, ['completed', 'failed', 'cancelled']);
  t.is(done['state'], 'completed', JSON.stringify(done['error']));
  // Asked to run again once ended: refused, saying how it ended and what runs its sources again.
  const again = await call(t, 'POST', '/executions/{id}/execute', { id: full }, { body: {} });
  t.is(again.status, 409);
  t.regex(
    JSON.stringify(again.body),
    /has ended completed \(\d{4}-[^)]+\); to run it again, create a new execution of its sources/,
  );
  t.is(done['scheduler_job_id'], `surveyor-${full}-a1`);
  t.regex(done['dim_session_status_url'] as string, /\/api\/sessions\/surveyor-.*\/status$/);
  t.regex(done['dim_graph_status_url'] as string, /\/graph\/status$/);
  const events = await call(t, 'GET', '/executions/{id}/events', { id: full }, { query: '?limit=100' });
  const kinds = (events.body['items'] as { kind: string }[]).map((e) => e.kind);
  for (const k of [
    'execution.created',
    'execution.execute_requested',
    'execution.queued',
    'execution.staging',
    'execution.staged',
    'execution.translated',
    'execution.submitted',
    'execution.remote_state',
    'execution.completed',
  ])
    t.true(kinds.includes(k), `${k} in ${kinds.join(', ')}`);
  t.is(kinds.filter((k) => k === 'execution.submitted').length, 1);
  const summary = await call(t, 'GET', '/executions/{id}/summary', { id: full });
  t.is(summary.body['remote_state'], 'finished');
  t.is(typeof (summary.body['durations_seconds'] as Body)['poll'], 'number');
  const ledger = await call(t, 'GET', '/executions/{id}/ledger-snapshot', { id: full });
  t.is((ledger.body['artifacts'] as unknown[]).length, 5);
  const src = (ledger.body['sources'] as { signature_used: string; processed_signature: string }[])[0]!;
  t.is(src.processed_signature, src.signature_used, 'a completed run marks the signature processed');
  // An artifact is its file's own JSON, as the document says: the manifest an object, the
  // translated graph an array (a client generated from the document parses either).
  for (const [name, shape] of [
    ['manifest.json', 'object'],
    ['translated.json', 'array'],
  ] as const) {
    const a = await call(
      t,
      'GET',
      '/executions/{id}/artifact',
      { id: full },
      { query: `?attempt=1&name=${name}` },
    );
    t.is(a.status, 200);
    t.is(Array.isArray(a.body) ? 'array' : typeof a.body, shape, name);
  }

  // A failing graph ends failed, with the errored drop.
  const failing = await create('HIPASSJ0001MOCKFAIL');
  await call(t, 'POST', '/executions/{id}/execute', { id: failing }, { body: {} });
  const failed = await waitState(failing, ['completed', 'failed', 'cancelled']);
  t.is(failed['state'], 'failed');
  t.regex(failed['error'] as string, /drop .* is in error/);
  t.is(
    ((await call(t, 'GET', '/executions/{id}/summary', { id: failing })).body['failed_drops'] as string[])
      .length,
    1,
  );

  // A long run is cancelled: cancelling until the backend confirms, then cancelled.
  const held = await create('HIPASSJ0002MOCKHOLD');
  await call(t, 'POST', '/executions/{id}/execute', { id: held }, { body: {} });
  await until('the held run to be running', async () => {
    const st = await call(t, 'GET', '/executions/{id}/summary', { id: held });
    return st.body['remote_state'] === 'running' ? true : undefined;
  });
  const cancel = await call(t, 'POST', '/executions/{id}/cancel', { id: held });
  t.is(cancel.status, 202);
  t.is(cancel.body['state'], 'cancelling');
  t.is((await waitState(held, ['cancelled', 'failed', 'completed']))['state'], 'cancelled');
  t.is((await call(t, 'POST', '/executions/{id}/cancel', { id: held })).status, 409);

  // Retry makes attempt 2 under a new external name; a completed execution cannot be retried.
  t.is((await call(t, 'POST', '/executions/{id}/retry', { id: full })).status, 409);
  const retry = await call(t, 'POST', '/executions/{id}/retry', { id: held });
  t.is(retry.status, 202);
  t.is(retry.body['attempt'], 2);
  await until('attempt 2 to be submitted', async () => {
    const st = await call(t, 'GET', '/executions/{id}/status', { id: held });
    return st.body['scheduler_job_id'] === `surveyor-${held}-a2` ? true : undefined;
  });
  await call(t, 'POST', '/executions/{id}/cancel', { id: held });
  t.is((await waitState(held, ['cancelled']))['attempt'], 2);

  // The three event streams.
  const sourceEvents = await call(t, 'GET', '/sources/{id}/events', { id: sources[0]!.uuid });
  t.true((sourceEvents.body['items'] as unknown[]).length > 0);
  const projectEvents = await call(
    t,
    'GET',
    '/projects/{module}/events',
    { module: 'wallaby_hires' },
    { query: '?limit=500' },
  );
  t.true((projectEvents.body['items'] as { kind: string }[]).some((e) => e.kind === 'execution.completed'));

  // Counts by project need a reader's token on the API's port.
  const metrics = await api.call('GET', '/metrics', { token });
  t.regex(
    metrics.text,
    /surveyor_executions\{project_module="wallaby_hires",state="completed",role="api"\} 2/,
  );
});
