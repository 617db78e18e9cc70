// The console in a browser for those who only read: a viewer sees every page and no control that
// would change anything, and the charts of what runs used; a source automation stopped trying is
// shown on its project and its page. The runs the viewer reads are made over the API first.
import test from 'ava';
import { runCli } from '../support/child.js';
import { consoleSession } from '../support/consoleSession.js';
import { wallabyYaml } from '../support/examples.js';

const c = consoleSession('viewer');
let ids: { real: string; retried: string };

test.serial.before(async () => {
  const [real, retried] = await c.seedSurvey(
    ['HIPASSJ0001-23', 'HIPASSJ0002-45'],
    ['HIPASSJ0001-23', 'HIPASSJ0002-45'],
  );
  ids = { real: real!, retried: retried! };
});

test.serial('a viewer sees every page and no control that would change anything', async (t) => {
  t.timeout(120_000);
  const { page } = await c.newContext(t, 'viewer');
  await page.goto(`${c.base}/`);
  await c.signIn(page, 'vera');
  const pages: [string, string | RegExp][] = [
    ['overview', 'Overview'],
    ['executions', 'Executions'],
    [`executions/${ids.real}`, /^Execution /],
    [`executions/${ids.retried}`, /^Execution /],
    ['sources', 'Sources'],
    ['projects', 'Project configurations'],
    ['profiles', 'Deployment profiles'],
    ['alerts', 'Alerts'],
    ['usage/wallaby_hires', 'Usage of wallaby_hires'],
  ];
  // Reads only: comparing two executions, downloading the provenance document.
  const allowed = new Set([
    'Sign out',
    'Previous',
    'Next',
    'Compare',
    'Provenance (W3C PROV-JSON)',
    'Only its executions',
  ]);
  for (const [hash, heading] of pages) {
    await c.open(page, hash, heading);
    await page.waitForTimeout(300);
    const buttons = (await page.getByRole('button').allTextContents()).map((s) => s.trim());
    t.deepEqual(
      buttons.filter((b) => !allowed.has(b)),
      [],
      `${hash}: a viewer sees buttons that change things`,
    );
    t.is(await page.locator('textarea, input[type=file], input[type=checkbox]').count(), 0, hash);
    t.is(await page.getByRole('link', { name: 'New execution' }).count(), 0, hash);
    await c.record(t, page, `viewer-${hash.replace(/\//g, '-')}`);
  }
  // What runs used, drawn: the month's node-hours by outcome, the table by profile; the execution's
  // attempts and its steps as a bar; executions ended per hour on the overview.
  await c.open(page, 'usage/wallaby_hires', 'Usage of wallaby_hires');
  await page.getByRole('img', { name: /^Node-hours by month \(node-hours\)/ }).waitFor();
  // The budget as a gauge: used, in flight, and where the month ends at this pace.
  const gauge = page.getByRole('img', { name: /^Budget this month: / });
  t.regex(
    (await gauge.getAttribute('aria-label')) ?? '',
    /node-hours used \(\d+%\), .* of a budget of 1000$/,
  );
  await page.getByText('The line: the budget, 1000').waitFor();
  // The last 30 days: runs by outcome, run time and queue wait (median and 95th percentile), a
  // run's time split into ours and the cluster's, each with its figures in a table; the failed
  // share by profile and by graph.
  for (const chart of [
    'Runs ended by day (runs)',
    'Run time by day (minutes)',
    'Queue wait by day (minutes)',
    "A run's time by day, ours and the cluster's (medians) (minutes)",
  ])
    await page.getByRole('img', { name: new RegExp(`^${chart.replace(/[()]/g, '\\$&')}`) }).waitFor();
  const today = new Date().toISOString().slice(5, 10);
  await page.getByText('Runs ended by day: figures').click();
  t.regex(
    (await page
      .getByRole('row', { name: new RegExp(`^${today}`) })
      .first()
      .textContent()) ?? '',
    new RegExp(`^${today}2`),
    'the two runs of today, completed',
  );
  t.true((await page.locator('svg rect.bar.s-p95').count()) >= 1, 'a 95th percentile bar');
  // The failed share by profile and by graph (the run's graph, by its file's name).
  t.is(await page.getByRole('columnheader', { name: 'Failed', exact: true }).count(), 2);
  t.regex(
    (await page
      .getByRole('row', { name: /^wallaby-hires_test-pipeline-nodownloads\.graph/ })
      .textContent()) ?? '',
    /^wallaby-hires_test-pipeline-nodownloads\.graph22000%/,
    'two runs of the graph, both completed, none failed',
  );
  // Our time (under a second with mock backends) is its own series beside the cluster's.
  t.is(await page.locator('ul.legend li', { hasText: 'Ours: staging, translation, submission' }).count(), 1);
  t.true((await page.locator('svg rect.bar.s-completed').count()) >= 1, 'a completed stack');
  t.is(await page.getByRole('row', { name: /dim-local/ }).count(), 1);
  // The costliest sources, each a link to it on the sources page.
  await page.getByRole('heading', { level: 2, name: 'Sources that cost most' }).waitFor();
  await page.getByText(/^\d+ sources ran in this range/).waitFor();
  t.true((await page.getByRole('link', { name: /^HIPASSJ/ }).count()) >= 1, 'a source of a run');
  await c.open(page, `executions/${ids.real}`, /^Execution /);
  await page.getByRole('heading', { level: 2, name: 'Usage' }).waitFor();
  t.true(
    (await page.getByRole('cell', { name: 'estimate' }).count()) >= 1,
    'the mock reports nothing: an estimate',
  );
  t.regex(
    (await page.getByRole('img', { name: /^Where the time went: / }).getAttribute('aria-label')) ?? '',
    /Run \d/,
  );
  // Times as the CLI prints them: UTC, year first.
  t.regex((await page.locator('time').first().textContent()) ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  // Each step's time once, in the bar and its table; beside it only the total.
  const whole = (await page.getByLabel('Steps in all').textContent()) ?? '';
  t.regex(whole, /^Total/);
  t.notRegex(whole, /stage|translate|poll|waiting/i);
  await c.open(page, 'overview', 'Overview');
  await page.getByRole('img', { name: /^Executions ended by hour/ }).waitFor();
  await c.record(t, page, 'viewer-overview-charts');
  // The profile page too.
  await c.open(page, 'profiles', 'Deployment profiles');
  await page.getByRole('link', { name: 'dim-local' }).click();
  await page.getByRole('heading', { level: 1, name: 'Profile dim-local' }).waitFor();
  t.deepEqual(
    (await page.getByRole('button').allTextContents()).filter((b) => !allowed.has(b.trim())),
    [],
  );
});

test.serial(
  'an account with no role of its own sees the projects it holds a role for, and their pages',
  async (t) => {
    t.timeout(120_000);
    await c.makeUser('nora', 'none');
    const grant = runCli(
      ['user', 'grant', '--username', 'nora', '--project', 'wallaby_hires', '--role', 'viewer'],
      c.env,
    );
    t.is(await grant.exited(), 0, grant.output());
    const { page } = await c.newContext(t, 'no-role');
    await page.goto(`${c.base}/`);
    await c.signIn(page, 'nora');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const row = page.getByRole('row', { name: /wallaby_hires/ });
    t.regex((await row.textContent()) ?? '', /wallaby_hires\s*viewer/);
    await c.record(t, page, 'none-overview');
    await row.getByRole('link', { name: 'executions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Executions' }).waitFor();
    await page.locator(`a[href*="${ids.real}"]`).first().waitFor();
    const pages: [string, string | RegExp][] = [
      ['executions', 'Executions'],
      [`executions/${ids.real}`, /^Execution /],
      ['sources', 'Sources'],
      ['projects', 'Project configurations'],
      ['usage/wallaby_hires', 'Usage of wallaby_hires'],
    ];
    for (const [hash, heading] of pages) {
      await c.open(page, hash, heading);
      await page.waitForTimeout(300);
      // Each page reads what it shows: nothing refused.
      t.is(
        await page.locator('.error').count(),
        0,
        `${hash}: ${await page.locator('.error').allTextContents()}`,
      );
      await c.record(t, page, `none-${hash.replace(/\//g, '-')}`);
    }
    await c.open(page, 'sources', 'Sources');
    await page.getByText('HIPASSJ0001-23').first().waitFor();
  },
);

test.serial(
  'a source automation stopped trying shows on its project and on its page, with why',
  async (t) => {
    // Accounts of its own, apart from the survey the viewer's test reads.
    await c.makeUser('auto-admin', 'admin');
    await c.makeUser('auto-operator', 'operator');
    const asAdmin = await c.apiAs('auto-admin');
    const yaml = wallabyYaml
      .replace('module: wallaby_hires', 'module: console_auto')
      .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: auto-dim')
      .replace('max_failed_runs: 3', 'max_failed_runs: 1')
      .replace(/(discovery:\n\s+enabled:) true/, '$1 false')
      .replace(/poll_interval_seconds: \d+/, 'poll_interval_seconds: 1');
    await asAdmin('POST', '/project-configs', yaml, 'application/x-yaml');
    await asAdmin('POST', '/deployment-profiles', {
      name: 'auto-dim',
      project_module: 'console_auto',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    });
    const source = 'HIPASSJ0301MOCKFAIL';
    await asAdmin('POST', '/sources/bulk', {
      project_module: 'console_auto',
      sources: [{ source_identifier: source }],
    });
    await asAdmin('POST', '/sources/discover', {
      project_module: 'console_auto',
      source_identifiers: [source],
    });
    const { page } = await c.newContext(t, 'operator-automation');
    await page.goto(c.base);
    await c.signIn(page, 'auto-operator');
    await c.open(page, 'projects?project=console_auto', 'Project configurations');
    const section = page.getByRole('region', { name: 'Automation' });
    // The section reloads every 15 s; the run takes a few mock steps to fail.
    await section.getByText('1 stopped, 0 waiting.', { exact: false }).waitFor({ timeout: 90_000 });
    const row = section.getByRole('row', { name: new RegExp(source) });
    t.regex((await row.textContent()) ?? '', /stopped1 of 1/);
    await c.record(t, page, '15-automation');
    await row.getByRole('link', { name: source }).click();
    await page.getByRole('heading', { level: 1, name: `Source ${source}` }).waitFor();
    await page.getByText(/Automation stopped trying this source after 1 failed run /).waitFor();
    await page
      .getByText(/It tries again when discovery finds new data or a new configuration version is active/)
      .waitFor();
  },
);

c.checkProblems();
