// A project budget against the real Slurm testbed: set just above one run's estimate (its profile's
// nodes times its wall time), the first run goes; the second would go past it (what the first
// used, as sacct reports it, plus its own estimate) and stays pending with budget_exhausted and
// its figures; a budget_used rule tells a real HTTP receiver once; raising the budget in a new
// configuration version lets the second run go.
import test from 'ava';
import { startReceiver } from '../support/alertPeers.js';
import { yamlWithGraph } from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { sacctFieldsByName, sacctSettled, testbedDeployment } from '../support/slurm.js';
import { until } from '../support/until.js';

const ids = ['HIPASSJ1303+07', 'HIPASSJ1318-21'];
const signing = 'budget-alerts-signing-secret-42';
let suite: SlurmSuite | undefined;
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

// One run's estimate: 1 node × 1 minute = 60 node-seconds; the budget 60.84 s (0.0169 node-hours).
const withBudget = (s: SlurmSuite, limit: number) =>
  `${yamlWithGraph('HelloWorld-simple.graph', s.graphs.sha['HelloWorld-simple.graph']!, ' []').trimEnd()}\n\nbudget:\n  limit: ${limit}\n  unit: node_hours\n  on_exhausted: block\n`;

test.before(async () => {
  receiver = await startReceiver(signing);
  suite = await startSlurmSuite(
    ids,
    (g) => yamlWithGraph('HelloWorld-simple.graph', g.sha['HelloWorld-simple.graph']!, ' []'),
    {
      SERVICE_ALERT_TICK_SECONDS: '1',
    },
  );
});
test.after.always(async () => {
  await suite?.stop();
  await receiver?.close();
});

test.serial(
  'a budget just above one run: the first goes, the second waits, one alert, a raise frees it',
  async (t) => {
    const { api, p, tb } = suite!;
    const { untilState } = executionStatus(
      () => api,
      () => p.token,
      150_000,
    );
    const profile = await api.call('POST', '/deployment-profiles', {
      token: p.adminToken,
      body: {
        name: 'slurm-budget',
        project_module: p.module,
        translation: { algo: 'metis', num_par: 1, num_islands: 1 },
        deployment: testbedDeployment(tb, { job_duration_minutes: 1, num_nodes: 1 }),
      },
    });
    t.is(profile.status, 201, profile.text);
    await api.uploadConfig(withBudget(suite!, 0.0169), p.adminToken);
    const admin = await api.tokenFor('budget-admin', 'admin');
    const channel = await api.call('POST', '/notification-channels', {
      body: { kind: 'webhook', name: 'budget-hook', url: receiver!.url, signing_secret: signing },
      token: admin,
    });
    t.is(channel.status, 201, channel.text);
    const rule = await api.call('POST', '/alert-rules', {
      body: {
        kind: 'budget_used',
        name: 'budget-1pct',
        percent: 1,
        project_module: p.module,
        channels: [(channel.body as { id: string }).id],
        cooldown_minutes: 0,
      },
      token: admin,
    });
    t.is(rule.status, 201, rule.text);

    const first = await p.execute(ids[0]!, { do_stage: false }, { deployment_profile_name: 'slurm-budget' });
    const e1 = await untilState(t, first, ['completed', 'failed', 'cancelled']);
    t.is(e1.state, 'completed', String(e1['error']));
    await sacctSettled(`surveyor-${first}-a1`);
    const [[elapsed]] = [sacctFieldsByName(`surveyor-${first}-a1`, ['ElapsedRaw'])[0]!];
    t.true(Number(elapsed) >= 1, `the first run took ${elapsed} s`);

    // The second: what the first used plus its own 60 s estimate is past 60.84 s.
    const c = await api.call('POST', '/executions', {
      token: p.token,
      body: {
        project_module: p.module,
        archive_name: 'casda',
        sources: [{ source_identifier: ids[1] }],
        deployment_profile_name: 'slurm-budget',
      },
    });
    t.is(c.status, 201, c.text);
    const second = (c.body as { uuid: string }).uuid;
    const x = await api.call('POST', `/executions/${second}/execute`, {
      token: p.token,
      body: { do_stage: false },
    });
    t.is(x.status, 202, x.text);
    const blocked = (x.body as { state: string; blocked_by: string[] }).blocked_by;
    t.is((x.body as { state: string }).state, 'pending');
    t.regex(blocked.join('\n'), /^budget_exhausted: [0-9.]+ node-hours used this month/m);
    const status = (await api.call('GET', `/executions/${second}/status`, { token: p.token })).body as {
      state: string;
      blocked_by: string[];
      budget: Record<string, unknown>;
    };
    const usedHours = Math.round((Number(elapsed) / 3600) * 10_000) / 10_000;
    t.like(status.budget, {
      unit: 'node_hours',
      budget: 0.0169,
      used: usedHours,
      in_flight: 0,
      this_run: 0.0167,
      exceeded: true,
      on_exhausted: 'block',
    });
    t.regex(String(status.budget['period_end']), /^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    // The execution tick holds it too.
    await new Promise((r) => setTimeout(r, 3000));
    t.is((await untilState(t, second, ['pending'])).state, 'pending');

    // The budget_used rule told the receiver once (used ≥ 1% of the budget), and only once.
    await until('the budget alert at the receiver', async () => receiver!.received.length > 0, 30_000);
    await new Promise((r) => setTimeout(r, 4000));
    const alerts = receiver!.received.filter((r) => String(r.body['subject']).includes('budget'));
    t.is(alerts.length, 1, JSON.stringify(receiver!.received.map((r) => r.body['subject'])));
    t.true(alerts[0]!.signatureOk);
    t.regex(
      String(alerts[0]!.body['subject']),
      new RegExp(`${p.module} used [0-9.]+% of its \\d{4}-\\d{2} budget`),
    );

    // A new configuration version with a larger budget: the tick admits the second run.
    await api.uploadConfig(withBudget(suite!, 10), p.adminToken);
    const e2 = await untilState(t, second, ['completed', 'failed', 'cancelled']);
    t.is(e2.state, 'completed', String(e2['error']));
    const usage = (await api.call('GET', `/projects/${p.module}/usage?by=profile`, { token: p.token }))
      .body as {
      total: { runs: number };
      groups: { key: string; runs: number }[];
      budget: { budget: number; used: number };
    };
    t.deepEqual(
      usage.groups.map((g) => [g.key, g.runs]),
      [['slurm-budget', 2]],
    );
    t.is(usage.budget.budget, 10);
  },
);
