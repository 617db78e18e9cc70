// Reproduce and retry run an older execution's profile snapshot and configuration version. Neither
// may bring back, at an operator's word, what an admin has since changed or removed: a profile's
// code field, a deleted profile, a graph patch of a code field. An admin may; viewers never.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { manualWallabyYaml } from '../support/project.js';
import { prepareProject } from '../support/project.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
let viewer: string;
test.before(async () => {
  api = await startTestApi({ SERVICE_MOCK_STEP_MS: '10' });
  p = await prepareProject(api, ['HIPASSJ0700', 'HIPASSJ0701']);
  viewer = await api.tokenFor('rerun-viewer', 'viewer');
});
test.after.always(async () => {
  await api?.close();
});

const batchProfile = (name: string, venv: string) => ({
  name,
  project_module: 'wallaby_hires',
  translation: {},
  deployment: {
    kind: 'batch_remote',
    login_node: 'setonix.pawsey.org.au',
    account: 'pawsey0411',
    home_dir: '/scratch/pawsey0411/surveyor',
    log_dir: '/scratch/pawsey0411/surveyor/logs',
    dlg_root: '/software/projects/pawsey0411/dlg',
    venv,
  },
});

/** A cancelled execution of one source with the named profile (cancel makes it retryable). */
const cancelledWith = async (profile: string) => {
  const c = await api.call('POST', '/executions', {
    token: p.token,
    body: {
      project_module: 'wallaby_hires',
      archive_name: 'casda',
      sources: [{ source_identifier: 'HIPASSJ0700' }],
      deployment_profile_name: profile,
    },
  });
  if (c.status !== 201) throw new Error(c.text);
  const id = (c.body as { uuid: string }).uuid;
  const x = await api.call('POST', `/executions/${id}/cancel`, { token: p.token });
  if (x.status !== 202) throw new Error(x.text);
  return id;
};
const reproduce = (id: string, token: string, body: Record<string, unknown> = {}) =>
  api.call('POST', `/executions/${id}/reproduce`, { token, body: { with_current_metadata: true, ...body } });
const retry = (id: string, token: string) => api.call('POST', `/executions/${id}/retry`, { token });
const adminOnly = (r: { body: unknown }) =>
  (r.body as { error: { details: { admin_only: string[] } } }).error.details.admin_only;

test.serial(
  "a profile's code field an admin changed, or its deletion, is the admin's to bring back",
  async (t) => {
    const made = await api.call('POST', '/deployment-profiles', {
      token: p.adminToken,
      body: batchProfile('batch-code', '/opt/venvs/unsafe'),
    });
    t.is(made.status, 201, made.text);
    const profileId = (made.body as { id: string }).id;
    const id = await cancelledWith('batch-code');
    // Unchanged: an operator reproduces and retries it.
    t.is((await reproduce(id, p.token)).status, 201);

    // The admin makes the venv safe; the snapshot still holds the old one.
    const replaced = await api.call('PUT', `/deployment-profiles/${profileId}`, {
      token: p.adminToken,
      body: batchProfile('batch-code', '/opt/venvs/safe'),
    });
    t.is(replaced.status, 200, replaced.text);
    for (const refused of [await reproduce(id, p.token), await retry(id, p.token)]) {
      t.is(refused.status, 403, refused.text);
      t.deepEqual(adminOnly(refused), ['profile deployment.venv']);
      t.regex(refused.text, /an admin has since changed or removed profile deployment\.venv/);
    }
    t.is((await reproduce(id, viewer)).status, 403, 'viewers never re-run');
    // Today's profile is what stands: an operator may reproduce on it.
    const today = await reproduce(id, p.token, { with_current_profile: true });
    t.is(today.status, 201, today.text);
    // An admin may bring back what they changed.
    t.is((await reproduce(id, p.adminToken)).status, 201);

    // Deleted: nothing can pause it any more, so only an admin runs its snapshot.
    t.is(
      (await api.call('DELETE', `/deployment-profiles/${profileId}`, { token: p.adminToken })).status,
      200,
    );
    const gone = await reproduce(id, p.token);
    t.is(gone.status, 403, gone.text);
    t.deepEqual(adminOnly(gone), ['deployment profile batch-code (deleted)']);
    t.is((await retry(id, p.token)).status, 403);
    t.is((await reproduce(id, p.token, { with_current_profile: true })).status, 409, 'no profile today');
    const byAdmin = await retry(id, p.adminToken);
    t.is(byAdmin.status, 202, byAdmin.text);
  },
);

test.serial('a code patch an admin removed from the configuration stays removed for re-runs', async (t) => {
  const withPatch = manualWallabyYaml.replace(
    'num_of_copies: "$count(sbids[].datasets[])"\n',
    'num_of_copies: "$count(sbids[].datasets[])"\n  - match: { kind: node_name, equals: mosaic }\n    set:\n      func_code: "import os"\n',
  );
  t.not(withPatch, manualWallabyYaml);
  await api.uploadConfig(withPatch, p.adminToken);
  const id = await cancelledWith('mock-dim');
  // An operator's upload keeps the approved patch; re-runs of the version it pinned go.
  t.is((await reproduce(id, p.token)).status, 201);
  // The admin removes the patch in a new version.
  await api.uploadConfig(
    manualWallabyYaml.replace('description:', 'description: without the patch;'),
    p.adminToken,
  );
  for (const refused of [await reproduce(id, p.token), await retry(id, p.token)]) {
    t.is(refused.status, 403, refused.text);
    t.deepEqual(adminOnly(refused), ['configuration graph_patches.1.set.func_code']);
  }
  const today = await reproduce(id, p.token, { with_current_config: true });
  t.is(today.status, 201, today.text);
  t.is((await reproduce(id, p.adminToken)).status, 201);
});
