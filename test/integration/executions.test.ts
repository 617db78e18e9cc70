// Creating executions over HTTP: the active configuration and a profile snapshot pinned, the profile
// resolved by name, id or default, an undiscovered source blocking with its reason, Idempotency-Key
// replays (and 409 for another body), bad requests refused with the reason.
import test from 'ava';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { discoverBatch } from '../../core/usecases/discovery/discoverBatch.js';
import { discoveryDeps, TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { wallabyYaml as example } from '../support/examples.js';

let api: TestApi;
let op: string;
let slurmId: string;
const ids: Record<string, string> = {};
test.before(async () => {
  api = await startTestApi();
  op = await api.tokenFor('op', 'operator');
  const admin = await api.tokenFor('boss', 'admin');
  const call = (method: string, path: string, body: unknown, token = op) =>
    api.call(method, path, { token, body });
  await api.uploadConfig(example, op);
  await call(
    'POST',
    '/deployment-profiles',
    {
      name: 'global-rest',
      is_default: true,
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    },
    admin,
  );
  const slurm = await call('POST', '/deployment-profiles', {
    name: 'slurm-remote',
    project_module: 'wallaby_hires',
    translation: { num_par: 2 },
    deployment: {
      kind: 'batch_remote',
      login_node: 'setonix.example.org',
      account: 'acct1',
      home_dir: '/scratch/a',
      log_dir: '/scratch/a/logs',
      dlg_root: '/software/dlg',
    },
  });
  slurmId = (slurm.body as { id: string }).id;
  const reg = await call('POST', '/sources/bulk', {
    project_module: 'wallaby_hires',
    sources: [{ source_identifier: 'HIPASSJ0001-23' }, { source_identifier: 'HIPASSJ0002-45' }],
  });
  for (const i of (reg.body as { items: { source_identifier: string; uuid: string }[] }).items)
    ids[i.source_identifier] = i.uuid;
  await discoverBatch(discoveryDeps(api.container), {
    project_module: 'wallaby_hires',
    source_ids: [ids['HIPASSJ0001-23']!],
  });
});
test.after.always(async () => {
  await api?.close();
});

const create = (body: Record<string, unknown>, key?: string) =>
  api.call('POST', '/executions', {
    token: op,
    body,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
const base = {
  project_module: 'wallaby_hires',
  archive_name: 'casda',
  sources: [{ source_identifier: 'HIPASSJ0001-23' }],
};

test('an execution starts pending with the active configuration and a profile snapshot pinned', async (t) => {
  const r = await create({ ...base, deployment_profile_name: 'slurm-remote' });
  t.is(r.status, 201, r.text);
  const e = r.body as {
    uuid: string;
    state: string;
    config_version: number;
    deployment_profile_name: string;
  };
  t.like(e, { state: 'pending', config_version: 1, deployment_profile_name: 'slurm-remote' });

  // A later profile change does not reach it.
  const repo = api.container.get<ExecutionRepository>(TYPES.Executions);
  await api.call('PUT', `/deployment-profiles/${slurmId}`, {
    token: op,
    body: {
      name: 'slurm-remote',
      project_module: 'wallaby_hires',
      translation: {},
      deployment: {
        kind: 'batch_remote',
        login_node: 'other.example.org',
        account: 'acct2',
        home_dir: '/h',
        log_dir: '/l',
        dlg_root: '/d',
      },
    },
  });
  const stored = await repo.get(e.uuid);
  t.is((stored!.profileSnapshot.deployment as { account: string }).account, 'acct1');

  const status = await api.call('GET', `/executions/${e.uuid}/status`, { token: op });
  t.is(status.status, 200, status.text);
  t.like(status.body as object, { phase: 'waiting' });
  t.deepEqual((status.body as { blocked_by: string[] }).blocked_by, [
    'not asked to run yet: POST /executions/{id}/execute',
  ]);

  const events = await api.call('GET', `/executions/${e.uuid}/events`, { token: op });
  t.deepEqual(
    (events.body as { items: { kind: string }[] }).items.map((x) => x.kind),
    ['execution.created'],
  );
});

test('without a profile name the default applies (here the global one: the module has none); or one by id', async (t) => {
  const r = await create(base);
  t.is((r.body as { deployment_profile_name: string }).deployment_profile_name, 'global-rest');
  const byId = await create({ ...base, deployment_profile_id: slurmId });
  t.is((byId.body as { deployment_profile_name: string }).deployment_profile_name, 'slurm-remote');
});

test('a source that is not discovered blocks the execution, with the reason', async (t) => {
  const r = await create({ ...base, sources: [{ source_identifier: 'HIPASSJ0002-45' }] });
  const status = await api.call('GET', `/executions/${(r.body as { uuid: string }).uuid}/status`, {
    token: op,
  });
  t.true(
    (status.body as { blocked_by: string[] }).blocked_by.includes(
      'source HIPASSJ0002-45: not discovered yet',
    ),
  );
});

test('an Idempotency-Key replays the same execution; another body under it is 409', async (t) => {
  const a = await create(base, 'run-42');
  const b = await create(base, 'run-42');
  t.is(a.status, 201);
  t.is(b.status, 200);
  t.is((a.body as { uuid: string }).uuid, (b.body as { uuid: string }).uuid);
  const c = await create({ ...base, deployment_profile_name: 'slurm-remote' }, 'run-42');
  t.is(c.status, 409);
  t.is((await create(base, 'bad key with spaces')).status, 422);
});

test('bad requests are refused with their reason', async (t) => {
  const issues = (b: unknown) =>
    (b as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path);
  const archive = await create({ ...base, archive_name: 'nowhere' });
  t.is(archive.status, 422);
  t.deepEqual(issues(archive.body), ['archive_name']);
  const two = await create({
    ...base,
    sources: [{ source_identifier: 'HIPASSJ0001-23' }, { source_identifier: 'HIPASSJ0002-45' }],
  });
  t.is(two.status, 422, 'the WALLABY policy allows one source per execution');
  const unknown = await create({ ...base, sources: [{ source_identifier: 'HIPASSJ9999-99' }] });
  t.is(unknown.status, 422);
  t.is((await create({ ...base, deployment_profile_name: 'nope' })).status, 422);
  t.is((await create({ ...base, project_module: 'no_config' })).status, 409);
  t.is(
    (await api.call('GET', '/executions/00000000-0000-4000-8000-000000000000/status', { token: op })).status,
    404,
  );
});
