// The console in a browser, as an operator uses it: sign in, upload (a bad configuration first),
// profiles and their pauses, sources, dry and real runs, cancel, retry, compare, reproduce; with a
// screenshot and an accessibility scan of each page (test/support/consoleSession.ts).
import { readFileSync } from 'node:fs';
import test from 'ava';
import type { Page } from 'playwright-core';
import { consoleSession } from '../support/consoleSession.js';
import { wallabyYaml } from '../support/examples.js';

const c = consoleSession('operator');

const stateOf = (page: Page) => page.locator('.facts .badge').first();

const waitForState = async (page: Page, state: string, ms = 90_000) => {
  await page
    .locator('.facts .badge', { hasText: new RegExp(`^${state}$`) })
    .first()
    .waitFor({ timeout: ms });
};

const executionIdOf = (page: Page) => {
  const m = page.url().match(/#\/executions\/([0-9a-f-]{36})/);
  if (!m) throw new Error(`not on an execution's page: ${page.url()}`);
  return m[1]!;
};

test.serial('an operator signs in, uploads, registers, discovers, runs, cancels and retries', async (t) => {
  t.timeout(300_000);
  const { context, page } = await c.newContext(t, 'operator');
  const res = await page.goto(`${c.base}/`);
  const csp = res!.headers()['content-security-policy'] ?? '';
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /script-src 'self'(;|$)/);
  await page.getByRole('heading', { name: 'surveyor' }).waitFor();
  await c.record(t, page, '00-sign-in');

  // A wrong password is refused where it was typed.
  await page.getByLabel('Username').fill('olga');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('alert')
    .getByText(/invalid username or password/i)
    .waitFor();
  await c.signIn(page, 'olga');
  // The access token lives in memory, the refresh token in an HttpOnly cookie: nothing in storage.
  t.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie]), [
    0,
    0,
    '',
  ]);
  const cookie = (await context.cookies()).find((c) => c.name === 'surveyor_console_refresh');
  t.truthy(cookie);
  t.true(cookie!.httpOnly);
  t.is(cookie!.sameSite, 'Strict');
  t.is(cookie!.path, '/api/v2/auth/console-session');

  // A bad upload shows the validator's line and column beside the text.
  await c.open(page, 'projects', 'Project configurations');
  const lines = wallabyYaml.split('\n');
  const badLine = lines.findIndex((l) => l.includes('poll_interval_seconds')) + 1;
  const bad = wallabyYaml.replace(/poll_interval_seconds: \d+/, 'poll_interval_seconds: -5');
  await page.getByLabel('Upload a configuration (YAML)').fill(bad);
  await page.getByRole('button', { name: 'Upload' }).click();
  const issue = page.getByRole('alert').getByText(new RegExp(`line ${badLine}, column \\d+`));
  await issue.waitFor();
  t.regex((await issue.textContent()) ?? '', new RegExp(`line ${badLine}, column 28`));
  await page.locator('.annotated li.bad').first().waitFor();
  await c.record(t, page, '05-upload-diagnostics');

  await page.getByLabel('Upload a configuration (YAML)').fill(wallabyYaml);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Stored: wallaby_hires version 1').waitFor();
  // A second version, and the diff between them.
  await page
    .getByLabel('Upload a configuration (YAML)')
    .fill(wallabyYaml.replace(/poll_interval_seconds: \d+/, 'poll_interval_seconds: 30'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Stored: wallaby_hires version 2').waitFor();
  // The version's YAML scrolls inside its box; nothing of it is cut off past the page's edge.
  t.true(
    await page
      .locator('pre.yaml')
      .evaluate(
        (el) => el.closest('.scroll')!.getBoundingClientRect().right <= document.documentElement.clientWidth,
      ),
    'the YAML box ends inside the page',
  );
  // Version 2 is shown; its row for version 1 offers the diff.
  await page.getByRole('link', { name: 'diff with v2' }).click();
  const diff = page.locator('pre.diff');
  await diff.waitFor();
  t.regex((await diff.locator('.add').textContent()) ?? '', /\+ +poll_interval_seconds: 30/);
  t.regex((await diff.locator('.del').textContent()) ?? '', /- +poll_interval_seconds: 60/);
  await c.record(t, page, '06-project-diff');

  // A profile, created with validation: a bad one first.
  await c.open(page, 'profiles', 'Deployment profiles');
  await page.getByRole('button', { name: 'New profile' }).click();
  const editor = page.getByLabel('New profile (JSON)');
  await editor.fill(JSON.stringify({ name: 'dim', translation: {}, deployment: { kind: 'rest_remote' } }));
  await page.getByRole('button', { name: 'Create profile' }).click();
  await page
    .getByRole('alert')
    .getByText(/deploy_host/)
    .waitFor();
  await editor.fill(
    JSON.stringify({
      name: 'dim-local',
      // An operator's profile is a project's: only admins make global ones.
      project_module: 'wallaby_hires',
      is_default: true,
      translation: { num_par: 1 },
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    }),
  );
  await page.getByRole('button', { name: 'Create profile' }).click();
  await page.getByRole('heading', { level: 1, name: 'Profile dim-local' }).waitFor();
  await c.record(t, page, '08-profile');
  // Paused for a maintenance window with its reason, shown, then resumed.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByLabel('Why pause it').fill('DIM upgrade until 18:00');
  await page.getByRole('button', { name: 'Pause profile' }).click();
  await page
    .getByText(/Paused since .* by \S+: DIM upgrade until 18:00\. .* 0 executions wait now\./)
    .waitFor();
  // A new execution would run with it (the project's default): the form says it would wait.
  const profileUrl = page.url();
  await c.open(page, 'executions/new', 'New execution');
  await page.getByText(/Profile dim-local is paused since .+ \(by \S+: DIM upgrade until 18:00\)/).waitFor();
  await page.goto(profileUrl);
  await page.getByRole('heading', { level: 1, name: 'Profile dim-local' }).waitFor();
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  t.is(await page.getByText(/Paused since/).count(), 0);
  // A window ahead, with its end: shown as ahead, then called off.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByLabel('Why pause it').fill('Setonix maintenance');
  // datetime-local takes the browser's local time; Chromium runs in this process's time zone.
  const local = (d: Date) =>
    new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel('From').fill(local(new Date(Date.now() + 2 * 86_400_000)));
  await page.getByLabel('Until').fill(local(new Date(Date.now() + 3 * 86_400_000)));
  await page.getByRole('button', { name: 'Pause profile' }).click();
  await page
    .getByText(
      /Paused from .+ until .+ by \S+: Setonix maintenance\. Executions that would submit with it will wait until then/,
    )
    .waitFor();
  // The window changed in one step: the form starts from the pause it has.
  await page.getByRole('button', { name: 'Change pause' }).click();
  t.is(await page.getByLabel('Why pause it').inputValue(), 'Setonix maintenance');
  await page.getByLabel('Why pause it').fill('Setonix maintenance, extended');
  await page.getByLabel('Until').fill(local(new Date(Date.now() + 4 * 86_400_000)));
  await page.getByRole('button', { name: 'Change pause' }).last().click();
  await page.getByText(/Paused from .+ until .+ by \S+: Setonix maintenance, extended\./).waitFor();
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();

  // Sources: paste two, then discover them (the mock archive answers).
  await c.open(page, 'sources', 'Sources');
  await page.getByLabel('Register sources').fill('HIPASSJ0001-23\nHIPASSJ0002-45, HIPASSJ0003-67');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('HIPASSJ0003-67: created').waitFor();
  const sources = ['HIPASSJ0001-23', 'HIPASSJ0002-45', 'HIPASSJ0003-67'];
  for (const s of sources) await page.getByLabel(`Choose ${s}`).check();
  await page.getByRole('button', { name: /^Discover/ }).click();
  await page.getByText(/Discovery queued for 3/).waitFor();
  for (const s of sources)
    await page
      .getByRole('row', { name: new RegExp(s) })
      .getByText('done', { exact: true })
      .waitFor({ timeout: 60_000 });
  await c.record(t, page, '03-sources');
  // The filters: a prefix (applied on Enter), then a discovery state nothing is in; the address
  // keeps them.
  await page.getByLabel('Identifier starts with').fill('HIPASSJ0002');
  await page.getByLabel('Identifier starts with').press('Enter');
  await page.getByRole('link', { name: 'HIPASSJ0001-23' }).waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'HIPASSJ0002-45' }).waitFor();
  t.regex(page.url(), /prefix=HIPASSJ0002/);
  await page.getByLabel('Discovery').selectOption('failed');
  await page.getByText('No sources match.').waitFor();
  await page.getByLabel('Discovery').selectOption('');
  await page.getByLabel('Identifier starts with').fill('');
  await page.getByLabel('Identifier starts with').press('Enter');
  await page.getByRole('link', { name: 'HIPASSJ0001-23' }).click();
  await page.getByRole('heading', { level: 1, name: 'Source HIPASSJ0001-23' }).waitFor();
  await c.record(t, page, '04-source');

  // A dry run, then a real (mock) run: both watched to their end. The example project takes one
  // source per execution.
  const create = async (source: string, dryRun: boolean) => {
    await c.open(page, 'executions/new', 'New execution');
    await page.getByLabel(source).check();
    // A real run unless asked: the box starts unticked, and the button says what it does.
    t.false(await page.getByLabel(/Dry run/).isChecked());
    await page.getByLabel(/Dry run/).setChecked(dryRun);
    // Two clicks, one execution: the form's idempotency key makes the second a replay.
    await page.getByRole('button', { name: dryRun ? 'Create and dry-run' : 'Create and run' }).dblclick();
    await page.waitForURL(/#\/executions\/[0-9a-f-]{36}$/);
    return executionIdOf(page);
  };
  const dry = await create(sources[0]!, true);
  await waitForState(page, 'completed');
  t.regex((await page.locator('.facts').first().textContent()) ?? '', /dry run/);
  const real = await create(sources[1]!, false);
  await c.record(t, page, '07-new-execution-result');
  await waitForState(page, 'completed');
  // A mock run's session is on no island manager: named, not linked.
  t.regex(
    (await page.locator('.facts').first().textContent()) ?? '',
    /submitted to the backend.*mock backend: nothing to open/s,
  );
  t.is(await page.getByRole('link', { name: 'DALiuGE session status' }).count(), 0);
  // The run's graph drawn, a box per logical node, done once the run completed; a node's drops shown.
  const drawn = page.getByRole('img', { name: /^The run's graph: / });
  await drawn.waitFor();
  t.regex(
    (await drawn.getAttribute('aria-label')) ?? '',
    /^The run's graph: (\d+) logical nodes, \d+ drops; 0 failed, 0 running, \1 done/,
  );
  t.true((await page.locator('g.gnode.g-done').count()) >= 3, 'several logical nodes, each done');
  t.true((await page.locator('polyline.glink').count()) >= 2, 'linked');
  await page.getByText("The graph's logical nodes").click();
  const firstNode = page.locator('figure.graph tbody tr').first().getByRole('button');
  const nodeName = (await firstNode.textContent()) ?? '';
  await firstNode.click();
  const chosenNode = page.getByLabel('The chosen logical node');
  t.regex(
    (await chosenNode.textContent()) ?? '',
    new RegExp(`^Logical node${nodeName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  t.regex((await chosenNode.textContent()) ?? '', /Drops\d+: mock_/);
  // A graph of 5,000 drops as DALiuGE unrolls a scatter: its copies are one box, and it is drawn at
  // once (the time is logged; test/bench holds the figures).
  const big = [
    { oid: 'split', name: 'Split', categoryType: 'Application', outputs: ['s_0'] },
    ...Array.from({ length: 4996 }, (_, i) => ({
      oid: `s_${i}`,
      name: 'Scatter/Clean',
      categoryType: 'Application',
      node: `10.0.0.${i % 8}`,
      outputs: ['gather'],
    })),
    { oid: 'gather', name: 'Gather', categoryType: 'Application', outputs: ['cube', 'log'] },
    { oid: 'cube', name: 'Cube', categoryType: 'Data' },
    { oid: 'log', name: 'Log', categoryType: 'Data' },
  ];
  await page.route(/\/artifact\?attempt=1&name=translated\.json$/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(big) }),
  );
  const asked = Date.now();
  await page.reload();
  const bigGraph = page.getByRole('img', { name: /^The run's graph: 5 logical nodes, 5000 drops/ });
  await bigGraph.waitFor();
  t.log(`a 5,000-drop graph drawn ${Date.now() - asked} ms after the page was asked for`);
  t.is(await page.locator('g.gnode').count(), 5);
  t.regex((await page.locator('g.gnode').filter({ hasText: 'Scatter/Clean' }).textContent()) ?? '', /×4996/);
  await page.unroute(/\/artifact\?attempt=1&name=translated\.json$/);
  await page.locator('.timeline li').filter({ hasText: 'completed' }).first().waitFor();
  // The manifest downloads with the in-memory token, as the file it is.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'manifest.json' }).first().click(),
  ]);
  t.is(download.suggestedFilename(), 'manifest.json');
  const manifest = JSON.parse(readFileSync(await download.path(), 'utf8')) as unknown;
  t.true(typeof manifest === 'object' && manifest !== null);
  t.regex(JSON.stringify(manifest), /HIPASSJ0002-45/);
  await c.record(t, page, '02-execution');
  // The source's page lists what ran it; its link leads back to the execution.
  await c.open(page, 'sources', 'Sources');
  await page.getByRole('link', { name: sources[1]! }).click();
  await page.getByRole('heading', { level: 1, name: `Source ${sources[1]}` }).waitFor();
  const sourceId = /#\/sources\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await page.getByRole('link', { name: real.slice(0, 8) }).click();
  await page.waitForURL(new RegExp(`#/executions/${real}$`));
  // The executions list filtered to that source: the real run only, not the dry run of another.
  await c.open(page, `executions?source=${sourceId}`, 'Executions');
  await page.getByText('Only the executions that run').waitFor();
  await page.getByRole('link', { name: real.slice(0, 8) }).waitFor();
  t.is(await page.getByRole('link', { name: dry.slice(0, 8) }).count(), 0);
  // The same from the list's own filter: a project, then a source by its identifier; each ended
  // run says when it ended and how long it took.
  await c.open(page, 'executions', 'Executions');
  await page.getByRole('combobox', { name: /^Project/ }).selectOption('wallaby_hires');
  await page.getByLabel(/^Source/).fill(sources[1]!);
  await page.getByRole('button', { name: 'Only its executions' }).click();
  await page.getByText('Only the executions that run').waitFor();
  t.regex(page.url(), new RegExp(`source=${sourceId}`));
  const row = page.getByRole('row', { name: new RegExp(real.slice(0, 8)) });
  t.regex((await row.textContent()) ?? '', /completed.*\d+(\.\d)? (s|min)$/);
  t.is(await page.getByRole('columnheader', { name: 'Took' }).count(), 1);
  await page.getByLabel(/^Source/).fill('HIPASSJ9999-99');
  await page.getByRole('button', { name: 'Only its executions' }).click();
  await page.getByRole('alert').getByText('no source HIPASSJ9999-99 in wallaby_hires').waitFor();

  // Cancel one on its way, then retry it to the end.
  const retried = await create(sources[2]!, false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await waitForState(page, 'cancelled');
  // Retried from the list of cancelled ones, as after an outage: the list offers the ones it shows.
  await c.open(page, 'executions?state=cancelled', 'Executions');
  await page.getByRole('button', { name: 'Retry these 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry these 1' }).click();
  await page.getByText('1 of 1 retried').waitFor();
  await c.open(page, `executions/${retried}`, `Execution ${retried.slice(0, 8)}`);
  await waitForState(page, 'completed');
  t.regex((await page.locator('.facts').first().textContent()) ?? '', /Attempt2/);
  // Compared with the other real run, named by its first 8 characters as the lists show it:
  // another source, both completed.
  await page.getByLabel(/^With execution/).fill(real.slice(0, 8));
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const comparison = page.getByLabel('Comparison');
  await comparison.waitFor();
  t.regex((await comparison.textContent()) ?? '', /only here: HIPASS.*only there: HIPASS/s);
  t.regex((await comparison.textContent()) ?? '', /completed → completed/);
  // Reproduced: a new execution, whose page links to the one it runs again.
  await page.getByRole('button', { name: 'Reproduce' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reproduce' }).click();
  await page.waitForURL((u) => /#\/executions\/[0-9a-f-]{36}$/.test(u.hash) && !u.hash.includes(retried));
  await waitForState(page, 'completed');
  await page.getByRole('link', { name: retried.slice(0, 8) }).click();
  await page.waitForURL((u) => u.hash.endsWith(retried));

  // Four executions, not seven: each double click made one, and the reproduction one more.
  await c.open(page, 'executions', 'Executions');
  await page.locator('tbody tr').nth(3).waitFor();
  t.is(await page.locator('tbody tr').count(), 4);
  await c.record(t, page, '01-executions');
  await c.open(page, 'overview', 'Overview');
  await page.getByText('Live workers').waitFor();
  await c.record(t, page, '00-overview');
  await c.open(page, 'executions/new', 'New execution');
  await c.record(t, page, '07-new-execution');
  // Created, not run: its page says so in the console's words, and Execute's dialog can be left.
  await page.getByLabel(sources[0]!).check();
  await page.getByLabel('Execute at once').uncheck();
  await page.getByRole('button', { name: 'Create execution (not run yet)' }).click();
  await page.waitForURL(/#\/executions\/[0-9a-f-]{36}$/);
  const facts = (await page.locator('.facts').first().textContent()) ?? '';
  t.regex(facts, /Runnot asked to run yet/);
  t.false(facts.includes('submitted to the backend'));
  await page.getByText('not asked to run yet: press Execute').waitFor();
  t.false((await page.locator('.warn').textContent())?.includes('POST /executions') ?? true);
  await page.getByRole('button', { name: 'Execute' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
  t.is(await page.getByRole('dialog').isVisible(), false);
  await c.record(t, page, '07-execution-pending');
  // The emergency stop from the list of pending ones: the one not run is cancelled.
  await c.open(page, 'executions?state=pending', 'Executions');
  await page.getByRole('button', { name: 'Cancel these 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel these 1' }).click();
  await page.getByText('1 of 1 cancelled').waitFor();
  await page.getByRole('button', { name: /^Cancel these/ }).waitFor({ state: 'detached' });
  // Two sources where the project takes one per execution: the form says so and makes one each.
  await c.open(page, 'executions/new', 'New execution');
  await page.getByLabel(sources[0]!).check();
  await page.getByLabel(sources[1]!).check();
  await page
    .getByText(
      /wallaby_hires takes at most 1 source per execution .*: 2 executions will be made, one per\s+source/,
    )
    .waitFor();
  await page.getByLabel('Execute at once').uncheck();
  await page.getByRole('button', { name: 'Create 2 executions (not run yet)' }).click();
  await page.waitForURL(/#\/executions\?project=wallaby_hires$/);
  await c.open(page, 'executions?project=wallaby_hires&state=pending', 'Executions');
  await page.getByRole('button', { name: 'Cancel these 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel these 2' }).click();
  await page.getByText('2 of 2 cancelled').waitFor();
  await c.open(page, 'alerts', 'Alerts');
  // No channel yet: the page says alerts go nowhere and who makes one; an operator writes rules.
  await page
    .getByText('No notification channels yet: alerts go nowhere until one exists. An admin makes them.')
    .waitFor();
  t.is(await page.getByRole('button', { name: 'New channel' }).count(), 0, 'channels are an admin’s');
  await page.getByRole('button', { name: 'New rule' }).click();
  const ruleText = page.getByLabel('New rule (JSON)');
  t.regex(await ruleText.inputValue(), /"kind": "execution_ended"/);
  await page.getByRole('button', { name: 'Create rule' }).click();
  await page
    .getByRole('alert')
    .getByText(/1 to 10 channel ids|channel/)
    .first()
    .waitFor();
  await ruleText.fill('{ not json');
  await page.getByRole('button', { name: 'Create rule' }).click();
  await page
    .getByRole('alert')
    .getByText(/not valid JSON/)
    .waitFor();
  await page.getByRole('button', { name: 'Close' }).click();
  await c.record(t, page, '09-alerts');
  await c.open(page, 'projects', 'Project configurations');
  await c.record(t, page, '06-projects');
  t.is(await stateOf(page).count(), 0);
});

c.checkProblems();
