// A paused profile (its backend down for maintenance): the runs that would submit with it wait,
// pending, saying why; a dry run does not; resuming lets the next tick admit what waited.
import test from 'ava';
import { executionTick } from '../../core/usecases/executions/executionTick.js';
import { executionDeps } from '../../hosts/composition/composition.js';
import { startTestApi } from '../support/api.js';
import { prepareProject } from '../support/project.js';

test('a paused profile holds the runs that would submit with it until it is resumed', async (t) => {
  const api = await startTestApi();
  t.teardown(() => api.close());
  const p = await prepareProject(api, ['HIPASSJ0500+01', 'HIPASSJ0501+01']);
  const viewer = await api.tokenFor('pause-viewer', 'viewer');
  const list = await api.call('GET', '/deployment-profiles?project_module=wallaby_hires', { token: p.token });
  const profile = (list.body as { items: { id: string; name: string }[] }).items.find(
    (x) => x.name === 'mock-dim',
  )!;
  const pause = (reason: unknown, token = p.token) =>
    api.call('POST', `/deployment-profiles/${profile.id}/pause`, { token, body: { reason } });
  const resume = (token = p.token) =>
    api.call('POST', `/deployment-profiles/${profile.id}/resume`, { token });

  t.is((await pause('maintenance', viewer)).status, 403, 'a viewer reads only');
  t.is((await pause('')).status, 422, 'a pause says why');
  t.is((await pause('x'.repeat(501))).status, 422);
  t.is((await pause('two\nlines')).status, 422, 'one line: it is shown on one');
  const paused = await pause('Setonix maintenance until 18:00');
  t.is(paused.status, 200, paused.text);
  t.like(paused.body, {
    name: 'mock-dim',
    paused: { by: p.operator, reason: 'Setonix maintenance until 18:00' },
  });
  const again = await pause('another reason');
  t.is(again.status, 409);
  t.regex(again.text, /paused already \(by op-\w+: Setonix maintenance until 18:00\)/);
  const shown = await api.call('GET', `/deployment-profiles/${profile.id}`, { token: viewer });
  t.like(shown.body, { paused: { reason: 'Setonix maintenance until 18:00', waiting: 0 } });

  // A run waits, saying why; a dry run (nothing submitted) goes on.
  const held = await p.execute('HIPASSJ0500+01');
  const dry = await p.execute('HIPASSJ0501+01', { do_stage: false, do_submit: false });
  const status = async (id: string) =>
    (await api.call('GET', `/executions/${id}/status`, { token: p.token })).body as {
      state: string;
      blocked_by: string[];
    };
  const h = await status(held);
  t.is(h.state, 'pending');
  t.true(
    h.blocked_by.some((b) =>
      /^profile mock-dim is paused \(since \S+Z, by op-\w+: Setonix maintenance until 18:00\); it runs once the profile is resumed$/.test(
        b,
      ),
    ),
    JSON.stringify(h.blocked_by),
  );
  t.not((await status(dry)).state, 'pending');
  // The profile says how many wait on its pause: the held run, not the dry one.
  const listed = await api.call('GET', '/deployment-profiles?project_module=wallaby_hires', {
    token: viewer,
  });
  t.like(
    (listed.body as { items: { id: string }[] }).items.find((x) => x.id === profile.id),
    {
      paused: { waiting: 1 },
    },
  );
  // The overview says what is paused, and why.
  const overview = await api.call('GET', '/overview', { token: viewer });
  t.like((overview.body as { paused_profiles: unknown[] }).paused_profiles[0], {
    id: profile.id,
    name: 'mock-dim',
    project_module: 'wallaby_hires',
    reason: 'Setonix maintenance until 18:00',
    waiting: 1,
  });
  const tick = executionTick(executionDeps(api.container), {
    everySeconds: 1,
    admissionScan: 100,
    pollMinSeconds: { rest_remote: 1, batch_remote: 1 },
  });
  t.like((await tick.run(new Date())).counts, { admitted: 0 });
  t.is((await status(held)).state, 'pending', 'the tick holds it too');

  const resumed = await resume();
  t.is(resumed.status, 200, resumed.text);
  t.like(resumed.body, { paused: null });
  t.is((await resume()).status, 409, 'not paused now');
  t.deepEqual(
    ((await api.call('GET', '/overview', { token: viewer })).body as { paused_profiles: unknown[] })
      .paused_profiles,
    [],
  );
  t.like((await tick.run(new Date())).counts, { admitted: 1 });
  t.not((await status(held)).state, 'pending');
  const events = await api.call('GET', `/deployment-profiles/${profile.id}/events`, { token: p.token });
  const items = (
    events.body as { items: { kind: string; actor: string; payload: Record<string, unknown> }[] }
  ).items;
  t.deepEqual(
    items
      .filter((e) => e.kind.startsWith('profile.p') || e.kind === 'profile.resumed')
      .map((e) => [e.kind, e.payload['reason']]),
    [
      ['profile.paused', 'Setonix maintenance until 18:00'],
      ['profile.resumed', 'Setonix maintenance until 18:00'],
    ],
  );
});

test('a window: set ahead it holds nothing yet and can be called off; with an end it lets its runs go by itself', async (t) => {
  const api = await startTestApi();
  t.teardown(() => api.close());
  const p = await prepareProject(api, ['HIPASSJ0510+01', 'HIPASSJ0511+01']);
  const list = await api.call('GET', '/deployment-profiles?project_module=wallaby_hires', { token: p.token });
  const profile = (list.body as { items: { id: string; name: string }[] }).items.find(
    (x) => x.name === 'mock-dim',
  )!;
  const pause = (body: Record<string, unknown>) =>
    api.call('POST', `/deployment-profiles/${profile.id}/pause`, { token: p.token, body });
  const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
  const issues = async (body: Record<string, unknown>) => {
    const r = await pause({ reason: 'maintenance', ...body });
    t.is(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
    return (r.body as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map(
      (i) => i.path,
    );
  };
  t.deepEqual(await issues({ until: fromNow(-60_000) }), ['until']);
  t.deepEqual(await issues({ from: fromNow(7_200_000), until: fromNow(3_600_000) }), ['until']);
  t.deepEqual(await issues({ from: fromNow(367 * 86_400_000) }), ['from']);
  for (const until of ['2026-12-01', '2026-02-30T08:00:00Z', 'tomorrow', 17])
    t.is(
      (await pause({ reason: 'maintenance', until })).status,
      422,
      `until ${until}: a date-time with its offset`,
    );
  t.is((await pause({ reason: 'maintenance', start: fromNow(60_000) })).status, 422, 'an unknown field');

  // Ahead: shown, not holding; a run goes on; resume calls it off.
  const [from, until] = [fromNow(3_600_000), fromNow(7_200_000)];
  const ahead = await pause({ reason: 'Setonix maintenance', from, until });
  t.is(ahead.status, 200, ahead.text);
  t.like(ahead.body, { paused: { from, until, holding: false, reason: 'Setonix maintenance' } });
  t.is((await pause({ reason: 'now' })).status, 409, 'a window ahead is a pause already');
  const early = await p.execute('HIPASSJ0510+01');
  const state = async (id: string) =>
    ((await api.call('GET', `/executions/${id}`, { token: p.token })).body as { state: string }).state;
  t.not(await state(early), 'pending', 'the window has not begun');
  t.is((await api.call('POST', `/deployment-profiles/${profile.id}/resume`, { token: p.token })).status, 200);

  // Holding for two seconds: a run waits; nobody resumes; the next tick after its end admits it.
  const short = await pause({ reason: 'a short cut', until: fromNow(2_000) });
  t.like(short.body, { paused: { holding: true } });
  const held = await p.execute('HIPASSJ0511+01');
  t.is(await state(held), 'pending');
  const tick = executionTick(executionDeps(api.container), {
    everySeconds: 1,
    admissionScan: 100,
    pollMinSeconds: { rest_remote: 1, batch_remote: 1 },
  });
  t.like((await tick.run(new Date())).counts, { admitted: 0 });
  await new Promise((r) => setTimeout(r, 2_100));
  t.like((await tick.run(new Date())).counts, { admitted: 1 });
  t.not(await state(held), 'pending');
  t.like((await api.call('GET', `/deployment-profiles/${profile.id}`, { token: p.token })).body, {
    paused: null,
  });
  t.is(
    (await api.call('POST', `/deployment-profiles/${profile.id}/resume`, { token: p.token })).status,
    409,
    'over: nothing to resume',
  );
  t.is((await pause({ reason: 'again' })).status, 200, 'a pause that is over gives way to a new one');
  // A window that runs over is replaced in one step; without `replace` the first stays.
  const refused = await pause({ reason: 'longer', until: fromNow(3_600_000) });
  t.is(refused.status, 409);
  t.regex(refused.text, /paused already \(by op-\w+: again\); replace it to change its reason or window/);
  const longer = fromNow(7_200_000);
  const replaced = await pause({ reason: 'extended', until: longer, replace: true });
  t.is(replaced.status, 200, replaced.text);
  t.like(replaced.body, { paused: { reason: 'extended', until: longer, holding: true } });
  t.is((await pause({ reason: 'x', replace: 'yes' })).status, 422, 'replace is a boolean');
  const events = await api.call('GET', `/deployment-profiles/${profile.id}/events`, { token: p.token });
  const resumed = (
    events.body as { items: { kind: string; payload: Record<string, unknown> }[] }
  ).items.filter((e) => e.kind === 'profile.resumed');
  t.like(resumed, [{ payload: { from, until, before_it_began: true } }]);
  const last = (events.body as { items: { kind: string; payload: Record<string, unknown> }[] }).items.at(-1)!;
  t.like(last, {
    kind: 'profile.paused',
    payload: { reason: 'extended', until: longer, replaced: { reason: 'again', until: null } },
  });
});

test("a global profile's pauses and an admin's pause are an admin's to make and lift; operators pause their project's", async (t) => {
  const api = await startTestApi();
  t.teardown(() => api.close());
  const p = await prepareProject(api, []);
  const viewer = await api.tokenFor('lift-viewer', 'viewer');
  const made = await api.call('POST', '/deployment-profiles', {
    token: p.adminToken,
    body: {
      name: 'shared-dim',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    },
  });
  t.is(made.status, 201, made.text);
  const global = (made.body as { id: string }).id;
  const list = await api.call('GET', '/deployment-profiles?project_module=wallaby_hires', { token: p.token });
  const own = (list.body as { items: { id: string; name: string }[] }).items.find(
    (x) => x.name === 'mock-dim',
  )!.id;
  const pause = (id: string, token: string, body: Record<string, unknown> = {}) =>
    api.call('POST', `/deployment-profiles/${id}/pause`, { token, body: { reason: 'maintenance', ...body } });
  const resume = (id: string, token: string) =>
    api.call('POST', `/deployment-profiles/${id}/resume`, { token });

  // A global profile: an admin's maintenance window, the operator can neither make nor lift it.
  for (const token of [viewer, p.token]) t.is((await pause(global, token)).status, 403);
  const refused = await pause(global, p.token);
  t.regex(refused.text, /only an admin may pause the global profile shared-dim: it serves every project/);
  t.is((await pause(global, p.adminToken, { reason: 'Setonix maintenance' })).status, 200);
  t.is((await resume(global, p.token)).status, 403);
  const soon = new Date(Date.now() + 3600_000).toISOString();
  t.is(
    (await pause(global, p.token, { replace: true, until: soon })).status,
    403,
    'nor shortened by a replace',
  );
  t.is((await resume(global, p.adminToken)).status, 200);

  // The project's own profile: an operator pauses and resumes it.
  t.is((await pause(own, p.token)).status, 200);
  t.is((await resume(own, p.token)).status, 200);
  // An admin's pause on it stands until an admin lifts it.
  t.is((await pause(own, p.adminToken, { reason: 'the DIM is being rebuilt' })).status, 200);
  const lift = await resume(own, p.token);
  t.is(lift.status, 403);
  t.regex(
    lift.text,
    /was paused by an admin \(admin-\w+: the DIM is being rebuilt\); only an admin may resume it/,
  );
  t.is((await pause(own, p.token, { replace: true, reason: 'mine now' })).status, 403);
  t.is((await resume(own, p.adminToken)).status, 200);
});
