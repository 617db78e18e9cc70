// A batch profile's own caps below a site's limits, on the harness in simulated time:
// max_queued_jobs holds runs pending at admission while the profile has that many in flight (a dry
// run, submitting nothing, is not held), and max_submits_per_minute spaces its submissions a
// minute apart, no attempt spent.
import test from 'ava';
import { admin, prepared, right, stateOf } from '../support/harnessProject.js';

const batch = (extra: Record<string, unknown>) => ({
  name: 'capped-batch',
  translation: {},
  deployment: {
    kind: 'batch_remote' as const,
    login_node: 'login.example.org',
    account: 'pawsey0411',
    home_dir: '/scratch/pawsey0411/surveyor',
    log_dir: '/scratch/pawsey0411/surveyor/logs',
    dlg_root: '/software/projects/pawsey0411/dlg',
    ...extra,
  },
});

const runOn = async (
  h: Awaited<ReturnType<typeof prepared>>['h'],
  module: string,
  identifier: string,
  doSubmit = true,
) => {
  const id = right(
    await h.executions.create(
      {
        project_module: module,
        archive_name: 'casda',
        sources: [{ source_identifier: identifier }],
        deployment_profile_name: 'capped-batch',
      },
      { by: admin.username },
    ),
  ).execution.uuid;
  right(
    await h.executions.execute(id, doSubmit ? {} : { do_stage: false, do_submit: false }, admin.username),
  );
  return id;
};

test("max_queued_jobs holds a profile's runs pending while it has that many in flight", async (t) => {
  const sources = ['HIPASSJ0400MOCKHOLD', 'HIPASSJ0401MOCKHOLD', 'HIPASSJ0402MOCKHOLD', 'HIPASSJ0403'];
  const { h, module } = await prepared(sources);
  right(await h.profiles.create({ ...batch({ max_queued_jobs: 2 }), project_module: module }, admin));
  const [a, b, c] = [
    await runOn(h, module, sources[0]!),
    await runOn(h, module, sources[1]!),
    await runOn(h, module, sources[2]!),
  ];
  await h.until(async () => (await stateOf(h, a)) === 'running' && (await stateOf(h, b)) === 'running');
  t.is(await stateOf(h, c), 'pending');
  const why = right(await h.executions.status(c)).blocked_by;
  t.true(
    why.includes('profile capped-batch has 2 runs in flight; its max_queued_jobs allows 2'),
    JSON.stringify(why),
  );
  const dry = await runOn(h, module, sources[3]!, false);
  await h.until(async () => (await stateOf(h, dry)) === 'completed');
  t.pass('a dry run holds no job at the site: not held');
  right(await h.executions.cancel(a, admin.username));
  await h.until(async () => (await stateOf(h, c)) === 'running', { maxSeconds: 600 });
  t.is(right(await h.executions.get(c)).attempt, 1);
});

test('max_submits_per_minute spaces submissions a minute apart, no attempt spent', async (t) => {
  const sources = ['HIPASSJ0410', 'HIPASSJ0411', 'HIPASSJ0412'];
  const { h, module } = await prepared(sources);
  right(await h.profiles.create({ ...batch({ max_submits_per_minute: 1 }), project_module: module }, admin));
  const ids: string[] = [];
  for (const s of sources) ids.push(await runOn(h, module, s));
  await h.until(
    async () =>
      (await Promise.all(ids.map((id) => stateOf(h, id)))).every((s) => s === 'running' || s === 'completed'),
    { maxSeconds: 900 },
  );
  const submitted = await Promise.all(
    ids.map(async (id) =>
      Date.parse(
        right(await h.executions.events(id)).items.find((e) => e.kind === 'execution.submitted')!.created_at,
      ),
    ),
  );
  const sorted = [...submitted].sort((x, y) => x - y);
  for (let i = 1; i < sorted.length; i++)
    t.true(
      sorted[i]! - sorted[i - 1]! >= 54_000,
      `submissions ${(sorted[i]! - sorted[i - 1]!) / 1000} s apart`,
    );
  for (const id of ids) t.is(right(await h.executions.get(id)).attempt, 1);
});
