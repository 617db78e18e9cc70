// Roles per project: a viewer made operator of one survey (with `surveyor user grant` on the host)
// runs that survey and touches no other through any route: every route of the API document that
// needs more than a viewer is called with their token on the other project's resources and
// refused. A token carries the grant up to its own role; a revocation counts at the next request.
import test from 'ava';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { cleanEnv, runCli } from '../support/child.js';
import { doc } from '../support/openapiCheck.js';
import { manualWallabyYaml, prepareProject } from '../support/project.js';

let api: TestApi;
let a: Awaited<ReturnType<typeof prepareProject>>;
let b: Awaited<ReturnType<typeof prepareProject>>;
const other = 'wallaby_other';
test.before(async () => {
  api = await startTestApi({ SERVICE_MOCK_STEP_MS: '10' });
  a = await prepareProject(api, ['HIPASSJ0001-23']);
  b = await prepareProject(
    api,
    ['HIPASSJ0002-23'],
    manualWallabyYaml.replace('module: wallaby_hires', `module: ${other}`),
    undefined,
    other,
  );
});
test.after.always(async () => {
  await api?.close();
});

const host = (args: string[]) =>
  runCli(
    ['user', ...args],
    cleanEnv({ DATABASE_URL: api.container.get<Config>(TYPES.Config).DATABASE_URL! }),
  );

const create = (token: string, module: string, source: string) =>
  api.call('POST', '/executions', {
    token,
    body: { project_module: module, archive_name: 'casda', sources: [{ source_identifier: source }] },
  });

/**
 * Calls every route of the API document whose least role `include` takes, with `token`, on the
 * other project's things (its execution, source and profile by id, its module, bodies naming it):
 * none may succeed or fail with a 5xx. The operations refused with 403.
 */
const everyRoute = async (
  t: import('ava').ExecutionContext,
  token: string,
  include: (role: string) => boolean,
): Promise<{ refused: string[]; theirExecution: string }> => {
  const made = await create(b.token, other, 'HIPASSJ0002-23');
  const theirExecution = (made.body as { uuid: string }).uuid;
  const theirProfile = (
    (await api.call('GET', `/deployment-profiles?project_module=${other}`, { token: b.token })).body as {
      items: { id: string; project_module: string | null }[];
    }
  ).items.find((p) => p.project_module === other)!.id;
  const ids: Record<string, string> = {
    '/executions': theirExecution,
    '/sources': b.ids['HIPASSJ0002-23']!,
    '/deployment-profiles': theirProfile,
  };
  const bodies: Record<string, unknown> = {
    createExecution: {
      project_module: other,
      archive_name: 'casda',
      sources: [{ source_identifier: 'HIPASSJ0002-23' }],
    },
    createSource: { project_module: other, source_identifier: 'HIPASSJ0003-23' },
    createSourcesBulk: { project_module: other, sources: [{ source_identifier: 'HIPASSJ0003-23' }] },
    discoverSources: { project_module: other, source_identifiers: ['HIPASSJ0002-23'] },
    createProfile: {
      name: 'vic-dim',
      project_module: other,
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    },
    updateSource: { enabled: false },
    replaceProfile: {
      name: 'vic-dim',
      project_module: other,
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    },
    pauseProfile: { reason: 'mine now' },
    executeExecution: {},
    reproduceExecution: {},
  };
  const refused: string[] = [];
  for (const [template, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      if (!include(op['x-required-role'])) continue;
      // Its id by the collection it is under; any other parameter names the other project.
      const collection = Object.keys(ids).find((c) => template.startsWith(`${c}/`));
      const path = template.replace(/\{(\w+)\}/g, (_, k: string) =>
        k === 'id' && collection
          ? ids[collection]!
          : k === 'module'
            ? other
            : k === 'username'
              ? 'vic'
              : theirExecution,
      );
      const yaml = op.requestBody?.content['application/x-yaml'];
      const r = await api.call(method.toUpperCase(), path, {
        token,
        ...(yaml
          ? {
              raw: manualWallabyYaml.replace('module: wallaby_hires', `module: ${other}`),
              headers: { 'Content-Type': 'application/x-yaml' },
            }
          : op.requestBody
            ? { body: bodies[op.operationId] ?? { project_module: other } }
            : {}),
      });
      t.false(r.status < 300, `${method} ${template}: ${r.status} ${r.text.slice(0, 200)}`);
      t.true(r.status < 500, `${method} ${template}: ${r.status}`);
      if (r.status === 403) refused.push(op.operationId);
    }
  return { refused, theirExecution };
};

test.serial("an operator of one project runs it, and no route lets them touch another's", async (t) => {
  const vic = await api.tokenFor('vic', 'viewer');
  // Granted on the host, as accounts are managed; said back with every role it holds.
  const grant = host(['grant', '--username', 'vic', '--project', 'wallaby_hires']);
  t.is(await grant.exited(), 0, grant.output());
  t.regex(grant.output(), /^vic is viewer; operator of wallaby_hires$/m);
  const admin = host(['grant', '--username', `admin-${a.operator.slice(3)}`, '--project', 'wallaby_hires']);
  t.is(await admin.exited(), 1);
  t.regex(admin.output(), /is admin on every project already/);
  const me = (await api.call('GET', '/auth/me', { token: vic })).body as Record<string, unknown>;
  t.deepEqual(me['project_roles'], { wallaby_hires: 'operator' });

  // Its own project: made, run, cancelled.
  const mine = await create(vic, 'wallaby_hires', 'HIPASSJ0001-23');
  t.is(mine.status, 201, mine.text);
  const id = (mine.body as { uuid: string }).uuid;
  t.is((await api.call('POST', `/executions/${id}/execute`, { token: vic, body: {} })).status, 202);
  t.is((await api.call('POST', `/executions/${id}/cancel`, { token: vic })).status, 202);
  // Its project's profile changed, but not moved to another project or made global.
  const profiles = (
    await api.call('GET', '/deployment-profiles?project_module=wallaby_hires', { token: vic })
  ).body as { items: { id: string; name: string; project_module: string | null }[] };
  const ours = profiles.items.find((p) => p.project_module === 'wallaby_hires')!;
  const replace = (project_module: string | null) =>
    api.call('PUT', `/deployment-profiles/${ours.id}`, {
      token: vic,
      body: {
        name: ours.name,
        project_module,
        is_default: true,
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim2.example.org' },
      },
    });
  const moved = await replace(other);
  t.is(moved.status, 403, moved.text);
  t.regex(moved.text, /for project wallaby_other/);
  t.is((await replace(null)).status, 403, 'not made a global profile');
  const kept = await replace('wallaby_hires');
  t.is(kept.status, 200, kept.text);
  // The other project: refused, naming it.
  const theirs = await create(vic, other, 'HIPASSJ0002-23');
  t.is(theirs.status, 403);
  t.regex(theirs.text, /needs the operator role for project wallaby_other; you have viewer there/);

  // Every route that needs more than a viewer, on the other project's things: refused.
  const { refused, theirExecution } = await everyRoute(
    t,
    vic,
    (role) => role !== 'public' && role !== 'none' && role !== 'viewer',
  );
  // Those the other project's id or body names are refused for it, not for lack of a resource.
  for (const op of [
    'createExecution',
    'executeExecution',
    'cancelExecution',
    'retryExecution',
    'reproduceExecution',
    'createSource',
    'createSourcesBulk',
    'discoverSources',
    'updateSource',
    'deleteSource',
    'createProfile',
    'replaceProfile',
    'deleteProfile',
    'pauseProfile',
    'resumeProfile',
    'pingProfile',
    'uploadProjectConfig',
  ])
    t.true(refused.includes(op), `${op} refused`);
  const untouched = (await api.call('GET', `/executions/${theirExecution}`, { token: b.token })).body;
  t.is((untouched as { state: string }).state, 'pending', 'their execution as they left it');
});

test.serial('an account with no role of its own reads only the projects it holds a role for', async (t) => {
  t.timeout(120_000);
  const nia = await api.tokenFor('nia', 'none');
  const grant = host(['grant', '--username', 'nia', '--project', 'wallaby_hires', '--role', 'viewer']);
  t.is(await grant.exited(), 0, grant.output());
  t.regex(grant.output(), /^nia has no role of its own; viewer of wallaby_hires$/m);
  // Its own account's routes: open to it.
  const me = (await api.call('GET', '/auth/me', { token: nia })).body as Record<string, unknown>;
  t.is(me['role'], 'none');
  t.deepEqual(me['project_roles'], { wallaby_hires: 'viewer' });
  t.is((await api.call('GET', '/auth/tokens', { token: nia })).status, 200);

  // Its project: read, by list and by id; run: refused (a viewer there).
  const mine = await create(a.token, 'wallaby_hires', 'HIPASSJ0001-23');
  const id = (mine.body as { uuid: string }).uuid;
  const read = (path: string) => api.call('GET', path, { token: nia });
  t.is((await read(`/executions/${id}`)).status, 200);
  t.is((await read(`/executions/${id}/events`)).status, 200);
  t.is((await read('/sources?project_module=wallaby_hires')).status, 200);
  t.is((await read('/project-configs/wallaby_hires')).status, 200);
  const listed = (await read('/executions?project_module=wallaby_hires')).body as {
    items: { project_module: string }[];
  };
  t.true(listed.items.length > 0 && listed.items.every((e) => e.project_module === 'wallaby_hires'));
  t.is((await create(nia, 'wallaby_hires', 'HIPASSJ0001-23')).status, 403);
  // What spans every project is not for it, and says what to do.
  const all = await read('/executions');
  t.is(all.status, 403);
  t.regex(all.text, /your account has none of its own, only roles for single projects/);
  t.is((await read('/overview')).status, 403);
  t.is((await read('/project-configs')).status, 403);
  t.is((await read(`/executions?project_module=${other}`)).status, 403);
  t.is((await read(`/sources?project_module=${other}`)).status, 403);

  // Every route but its own account's, on the other project's things: refused.
  const { refused } = await everyRoute(t, nia, (role) => role !== 'public' && role !== 'none');
  for (const op of [
    'getExecution',
    'executionEvents',
    'overview',
    'getSource',
    'getProfile',
    'getProjectConfig',
    'projectUsage',
    'listExecutions',
    'compareExecutions',
  ])
    t.true(refused.includes(op), `${op} refused`);

  // Its token: the roles it holds for its projects, by default; nothing elsewhere.
  const made = await api.call('POST', '/auth/tokens', {
    token: nia,
    body: { name: 'nia notebook', days: 1 },
  });
  t.is(made.status, 201, made.text);
  const token = (made.body as { token: string; role: string }).token;
  t.is((made.body as { role: string }).role, 'viewer');
  t.is((await api.call('GET', `/executions/${id}`, { token })).status, 200);
  t.is((await api.call('GET', '/executions', { token })).status, 403);
  const metrics = await api.call('GET', '/metrics', { token });
  t.false(metrics.text.includes('project_module="wallaby_other"'), 'the metrics by project are not its');
});

test.serial(
  "a token carries a project's role up to its own; a revocation counts at the next request",
  async (t) => {
    const vic = (await api.login('vic')).access_token;
    const token = async (role: string) =>
      (
        (await api.call('POST', '/auth/tokens', { token: vic, body: { name: `vic ${role}`, role, days: 1 } }))
          .body as {
          token: string;
        }
      ).token;
    const [asOperator, asViewer] = [await token('operator'), await token('viewer')];
    t.is((await create(asOperator, 'wallaby_hires', 'HIPASSJ0001-23')).status, 201);
    t.is((await create(asOperator, other, 'HIPASSJ0002-23')).status, 403, 'the token is a viewer elsewhere');
    t.is(
      (await create(asViewer, 'wallaby_hires', 'HIPASSJ0001-23')).status,
      403,
      "a viewer's token operates nowhere",
    );
    const admin = await api.call('POST', '/auth/tokens', {
      token: vic,
      body: { name: 'vic admin', role: 'admin', days: 1 },
    });
    t.is(admin.status, 422);
    t.regex(admin.text, /above your own roles \(operator at most\)/);

    const revoke = host(['revoke', '--username', 'vic', '--project', 'wallaby_hires']);
    t.is(await revoke.exited(), 0, revoke.output());
    t.regex(revoke.output(), /^vic is viewer on every project, with no role for a single one$/m);
    for (const bearer of [vic, asOperator])
      t.is((await create(bearer, 'wallaby_hires', 'HIPASSJ0001-23')).status, 403, 'gone at the next request');
    const again = host(['revoke', '--username', 'vic', '--project', 'wallaby_hires']);
    t.is(await again.exited(), 1);
    t.regex(again.output(), /vic holds no role for project wallaby_hires/);
    // The account audit says who granted and who took it away.
    const events = host(['events', '--username', 'vic']);
    t.is(await events.exited(), 0);
    t.regex(events.output(), /user\.project_role_granted/);
    t.regex(events.output(), /user\.project_role_revoked/);
  },
);
