// A profile paused for a maintenance window, against the real Slurm testbed: a run asked to go
// waits, pending, with the pause's reason, and nothing of it reaches Slurm (no job of its name in
// sacct, over several ticks); resumed, the same run is submitted and completes. A window with an
// end lets its run go by itself at that end, unresumed.
import test from 'ava';
import { yamlWithGraph } from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { sacctFieldsByName, sacctSettled } from '../support/slurm.js';

const ids = ['HIPASSJ1337-20', 'HIPASSJ1337-21'];
let suite: SlurmSuite | undefined;

test.before(async () => {
  suite = await startSlurmSuite(ids, (g) =>
    yamlWithGraph('HelloWorld-simple.graph', g.sha['HelloWorld-simple.graph']!, ' []'),
  );
});
test.after.always(async () => {
  await suite?.stop();
});

test.serial('a paused profile sends nothing to Slurm; resumed, the run it held completes', async (t) => {
  const { api, p } = suite!;
  const { untilState } = executionStatus(
    () => api,
    () => p.token,
    150_000,
  );
  const listed = await api.call('GET', `/deployment-profiles?project_module=${p.module}`, { token: p.token });
  const profile = (listed.body as { items: { id: string; name: string; is_default: boolean }[] }).items.find(
    (x) => x.is_default,
  )!;
  const paused = await api.call('POST', `/deployment-profiles/${profile.id}/pause`, {
    token: p.token,
    body: { reason: 'Slurm maintenance until 18:00' },
  });
  t.is(paused.status, 200, paused.text);

  const id = await p.execute(ids[0]!, { do_stage: false });
  // Several execution ticks (every second in this suite): still pending, saying why.
  await new Promise((r) => setTimeout(r, 5000));
  const held = (await api.call('GET', `/executions/${id}/status`, { token: p.token })).body as {
    state: string;
    blocked_by: string[];
  };
  t.is(held.state, 'pending');
  t.true(
    held.blocked_by.some((b) => b.includes('is paused') && b.includes('Slurm maintenance until 18:00')),
    JSON.stringify(held.blocked_by),
  );
  t.deepEqual(sacctFieldsByName(`surveyor-${id}-a1`, ['JobID']), [], 'no job reached Slurm');

  const resumed = await api.call('POST', `/deployment-profiles/${profile.id}/resume`, { token: p.token });
  t.is(resumed.status, 200, resumed.text);
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
  t.is(e.state, 'completed', String(e['error']));
  await sacctSettled(`surveyor-${id}-a1`);
  t.deepEqual(
    sacctFieldsByName(`surveyor-${id}-a1`, ['State']).map(([s]) => s),
    ['COMPLETED'],
    'one job, once resumed',
  );
});

test.serial(
  'a window with an end sends nothing to Slurm while it holds; at its end, unresumed, the run goes',
  async (t) => {
    const { api, p } = suite!;
    const { untilState } = executionStatus(
      () => api,
      () => p.token,
      150_000,
    );
    const listed = await api.call('GET', `/deployment-profiles?project_module=${p.module}`, {
      token: p.token,
    });
    const profile = (listed.body as { items: { id: string; is_default: boolean }[] }).items.find(
      (x) => x.is_default,
    )!;
    const until = new Date(Date.now() + 8_000).toISOString();
    const paused = await api.call('POST', `/deployment-profiles/${profile.id}/pause`, {
      token: p.token,
      body: { reason: 'login node reboot', until },
    });
    t.is(paused.status, 200, paused.text);
    const id = await p.execute(ids[1]!, { do_stage: false });
    await new Promise((r) => setTimeout(r, 4000));
    const held = (await api.call('GET', `/executions/${id}/status`, { token: p.token })).body as {
      state: string;
      blocked_by: string[];
    };
    t.is(held.state, 'pending');
    t.true(
      held.blocked_by.some((b) => b.includes(`it runs when the pause ends at ${until}`)),
      JSON.stringify(held.blocked_by),
    );
    t.deepEqual(sacctFieldsByName(`surveyor-${id}-a1`, ['JobID']), [], 'no job reached Slurm');
    const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
    t.is(e.state, 'completed', String(e['error']));
    const events = await api.call('GET', `/executions/${id}/events?limit=100`, { token: p.token });
    const submitted = (events.body as { items: { kind: string; created_at: string }[] }).items.find(
      (x) => x.kind === 'execution.submitted',
    )!;
    t.true(
      submitted.created_at >= until,
      `submitted at ${submitted.created_at}, the window ended at ${until}`,
    );
    await sacctSettled(`surveyor-${id}-a1`);
    t.deepEqual(
      sacctFieldsByName(`surveyor-${id}-a1`, ['State']).map(([s]) => s),
      ['COMPLETED'],
    );
  },
);
