// The web console in a real browser (Debian's Chromium driven by playwright-core) against the
// service as users run it (`surveyor start`, mock backends): the whole operator journey, what a
// viewer sees, an ended session, an accessibility scan of every page, and a screenshot of each.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cleanEnv, runCli, type Running } from '../support/child.js';
import { freshDatabase, type TestDatabase } from '../support/db.js';
import { wallabyYaml } from '../support/examples.js';
import { launchChromium, screenshotDir, seriousA11yFindings } from '../support/browser.js';
import { fileURLToPath } from 'node:url';

const password = 'console-test-password-1';
const graphDir = fileURLToPath(new URL('../../../schema/examples/graphs', import.meta.url));

let database: TestDatabase;
let server: Running;
let base: string;
let browser: Browser;
/** The service's environment, for the CLI's commands on its host. */
let env: NodeJS.ProcessEnv;
/** Every page the browser showed, for the CSP and error checks at the end. */
const problems: string[] = [];

test.before(async () => {
  database = await freshDatabase();
  env = cleanEnv({
    DATABASE_URL: database.url,
    SERVICE_PORT: '0',
    SERVICE_METRICS_PORT: '-1',
    SERVICE_JWT_SECRET: 'console-e2e-secret-0123456789abcdef0123',
    SERVICE_GRAPH_DIR: graphDir,
    // Fast enough to watch runs end within the test, slow enough to cancel one on its way.
    SERVICE_MOCK_STEP_MS: '1500',
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_WORKER_IDLE_POLL_SECONDS: '1',
    SERVICE_LOG_LEVEL: 'warn',
  });
  server = runCli(['start', '--migrate'], env);
  base = (await server.waitFor(/listening on (http:\/\/\S+)\/api\/v2/))[1]!;
  for (const [username, role] of [
    ['olga', 'operator'],
    ['vera', 'viewer'],
    ['ada', 'admin'],
  ] as const)
    await makeUser(username, role);
  browser = await launchChromium();
});

test.after.always(async () => {
  await browser?.close();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited(30_000).catch(() => server.child.kill('SIGKILL'));
  }
  await database?.drop();
});

const watch = (page: Page, who: string) => {
  page.on('console', (m) => {
    // Answers the console shows (a refused login, a 422 with its issues, the first refresh of a
    // browser with no login) are not problems; a 5xx, a CSP violation or a script error is.
    if (
      m.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())
    )
      problems.push(`${who}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${who}: page error ${e.message}`));
};

/** A browser of its own for one user; when the test fails, the page as it was is kept beside the others. */
const newContext = async (
  t: { teardown: (f: () => Promise<void>) => void; passed: boolean },
  who: string,
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  watch(page, who);
  t.teardown(async () => {
    if (!t.passed && !page.isClosed())
      await page
        .screenshot({ path: join(screenshotDir, `failed-${who}.png`), fullPage: true })
        .catch(() => undefined);
    await context.close();
  });
  return { context, page };
};

/** An account made on the host, as an admin makes one, with the tests' password. */
const makeUser = async (username: string, role: string) => {
  const c = runCli(
    [
      'user',
      'create',
      '--username',
      username,
      '--email',
      `${username}@example.org`,
      '--role',
      role,
      '--password-stdin',
    ],
    env,
    `${password}\n`,
  );
  if ((await c.exited()) !== 0) throw new Error(`user create ${username}: ${c.output()}`);
};

const signIn = async (page: Page, username: string) => {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
};

const open = async (page: Page, hash: string, heading: string | RegExp) => {
  await page.goto(`${base}/#/${hash}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page
    .getByText('Loading…')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
};

/** A screenshot for the reviewer and an accessibility scan that must find nothing serious. */
const record = async (
  t: { deepEqual: (a: unknown, b: unknown, m?: string) => void },
  page: Page,
  name: string,
) => {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  const findings = await seriousA11yFindings(page);
  t.deepEqual(findings, [], `${name}: serious or critical accessibility findings`);
};

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

let ids: { dry: string; real: string; retried: string };

test.serial('an operator signs in, uploads, registers, discovers, runs, cancels and retries', async (t) => {
  t.timeout(300_000);
  const { context, page } = await newContext(t, 'operator');
  const res = await page.goto(`${base}/`);
  const csp = res!.headers()['content-security-policy'] ?? '';
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /script-src 'self'(;|$)/);
  await page.getByRole('heading', { name: 'surveyor' }).waitFor();
  await record(t, page, '00-sign-in');

  // A wrong password is refused where it was typed.
  await page.getByLabel('Username').fill('olga');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('alert')
    .getByText(/invalid username or password/i)
    .waitFor();
  await signIn(page, 'olga');
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
  await open(page, 'projects', 'Project configurations');
  const lines = wallabyYaml.split('\n');
  const badLine = lines.findIndex((l) => l.includes('poll_interval_seconds')) + 1;
  const bad = wallabyYaml.replace(/poll_interval_seconds: \d+/, 'poll_interval_seconds: -5');
  await page.getByLabel('Upload a configuration (YAML)').fill(bad);
  await page.getByRole('button', { name: 'Upload' }).click();
  const issue = page.getByRole('alert').getByText(new RegExp(`line ${badLine}, column \\d+`));
  await issue.waitFor();
  t.regex((await issue.textContent()) ?? '', new RegExp(`line ${badLine}, column 28`));
  await page.locator('.annotated li.bad').first().waitFor();
  await record(t, page, '05-upload-diagnostics');

  await page.getByLabel('Upload a configuration (YAML)').fill(wallabyYaml);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Stored: wallaby_hires version 1').waitFor();
  // A second version, and the diff between them.
  await page
    .getByLabel('Upload a configuration (YAML)')
    .fill(wallabyYaml.replace(/poll_interval_seconds: \d+/, 'poll_interval_seconds: 30'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Stored: wallaby_hires version 2').waitFor();
  // Version 2 is shown; its row for version 1 offers the diff.
  await page.getByRole('link', { name: 'diff with v2' }).click();
  const diff = page.locator('pre.diff');
  await diff.waitFor();
  t.regex((await diff.locator('.add').textContent()) ?? '', /\+ +poll_interval_seconds: 30/);
  t.regex((await diff.locator('.del').textContent()) ?? '', /- +poll_interval_seconds: 60/);
  await record(t, page, '06-project-diff');

  // A profile, created with validation: a bad one first.
  await open(page, 'profiles', 'Deployment profiles');
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
  await record(t, page, '08-profile');
  // Paused for a maintenance window with its reason, shown, then resumed.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByLabel('Why pause it').fill('DIM upgrade until 18:00');
  await page.getByRole('button', { name: 'Pause profile' }).click();
  await page
    .getByText(/Paused since .* by \S+: DIM upgrade until 18:00\. .* 0 executions wait now\./)
    .waitFor();
  // A new execution would run with it (the project's default): the form says it would wait.
  const profileUrl = page.url();
  await open(page, 'executions/new', 'New execution');
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
  await open(page, 'sources', 'Sources');
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
  await record(t, page, '03-sources');
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
  await record(t, page, '04-source');

  // A dry run, then a real (mock) run: both watched to their end. The example project takes one
  // source per execution.
  const create = async (source: string, dryRun: boolean) => {
    await open(page, 'executions/new', 'New execution');
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
  await record(t, page, '07-new-execution-result');
  await waitForState(page, 'completed');
  // A mock run's session is on no island manager: named, not linked.
  t.regex(
    (await page.locator('.facts').first().textContent()) ?? '',
    /submitted to the backend.*mock backend: nothing to open/s,
  );
  t.is(await page.getByRole('link', { name: 'DALiuGE session status' }).count(), 0);
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
  await record(t, page, '02-execution');
  // The source's page lists what ran it; its link leads back to the execution.
  await open(page, 'sources', 'Sources');
  await page.getByRole('link', { name: sources[1]! }).click();
  await page.getByRole('heading', { level: 1, name: `Source ${sources[1]}` }).waitFor();
  const sourceId = /#\/sources\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await page.getByRole('link', { name: real.slice(0, 8) }).click();
  await page.waitForURL(new RegExp(`#/executions/${real}$`));
  // The executions list filtered to that source: the real run only, not the dry run of another.
  await open(page, `executions?source=${sourceId}`, 'Executions');
  await page.getByText('Only the executions that run').waitFor();
  await page.getByRole('link', { name: real.slice(0, 8) }).waitFor();
  t.is(await page.getByRole('link', { name: dry.slice(0, 8) }).count(), 0);

  // Cancel one on its way, then retry it to the end.
  const retried = await create(sources[2]!, false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await waitForState(page, 'cancelled');
  // Retried from the list of cancelled ones, as after an outage: the list offers the ones it shows.
  await open(page, 'executions?state=cancelled', 'Executions');
  await page.getByRole('button', { name: 'Retry these 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry these 1' }).click();
  await page.getByText('1 of 1 retried').waitFor();
  await open(page, `executions/${retried}`, `Execution ${retried.slice(0, 8)}`);
  await waitForState(page, 'completed');
  t.regex((await page.locator('.facts').first().textContent()) ?? '', /Attempt2/);
  // Compared with the other real run: another source, both completed.
  await page.getByLabel('With execution (its full id)').fill(real);
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
  await open(page, 'executions', 'Executions');
  await page.locator('tbody tr').nth(3).waitFor();
  t.is(await page.locator('tbody tr').count(), 4);
  await record(t, page, '01-executions');
  await open(page, 'overview', 'Overview');
  await page.getByText('Live workers').waitFor();
  await record(t, page, '00-overview');
  await open(page, 'executions/new', 'New execution');
  await record(t, page, '07-new-execution');
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
  await record(t, page, '07-execution-pending');
  // The emergency stop from the list of pending ones: the one not run is cancelled.
  await open(page, 'executions?state=pending', 'Executions');
  await page.getByRole('button', { name: 'Cancel these 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel these 1' }).click();
  await page.getByText('1 of 1 cancelled').waitFor();
  await page.getByRole('button', { name: /^Cancel these/ }).waitFor({ state: 'detached' });
  await open(page, 'alerts', 'Alerts');
  await record(t, page, '09-alerts');
  await open(page, 'projects', 'Project configurations');
  await record(t, page, '06-projects');
  ids = { dry, real, retried };
  t.is(await stateOf(page).count(), 0);
});

test.serial('a viewer sees every page and no control that would change anything', async (t) => {
  t.timeout(120_000);
  const { page } = await newContext(t, 'viewer');
  await page.goto(`${base}/`);
  await signIn(page, 'vera');
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
  const allowed = new Set(['Sign out', 'Previous', 'Next', 'Compare', 'Provenance (W3C PROV-JSON)']);
  for (const [hash, heading] of pages) {
    await open(page, hash, heading);
    await page.waitForTimeout(300);
    const buttons = (await page.getByRole('button').allTextContents()).map((s) => s.trim());
    t.deepEqual(
      buttons.filter((b) => !allowed.has(b)),
      [],
      `${hash}: a viewer sees buttons that change things`,
    );
    t.is(await page.locator('textarea, input[type=file], input[type=checkbox]').count(), 0, hash);
    t.is(await page.getByRole('link', { name: 'New execution' }).count(), 0, hash);
    await record(t, page, `viewer-${hash.replace(/\//g, '-')}`);
  }
  // What runs used, drawn: the month's node-hours by outcome, the table by profile; the execution's
  // attempts and its steps as a bar; executions ended per hour on the overview.
  await open(page, 'usage/wallaby_hires', 'Usage of wallaby_hires');
  await page.getByRole('img', { name: /^Node-hours by month \(node-hours\)/ }).waitFor();
  t.true((await page.locator('svg rect.bar.s-completed').count()) >= 1, 'a completed stack');
  t.is(await page.getByRole('row', { name: /dim-local/ }).count(), 1);
  // The costliest sources, each a link to it on the sources page.
  await page.getByRole('heading', { level: 2, name: 'Sources that cost most' }).waitFor();
  await page.getByText(/^\d+ sources ran in this range/).waitFor();
  t.true((await page.getByRole('link', { name: /^HIPASSJ/ }).count()) >= 1, 'a source of a run');
  await open(page, `executions/${ids.real}`, /^Execution /);
  await page.getByRole('heading', { level: 2, name: 'Usage' }).waitFor();
  t.true(
    (await page.getByRole('cell', { name: 'estimate' }).count()) >= 1,
    'the mock reports nothing: an estimate',
  );
  t.regex(
    (await page.getByRole('img', { name: /^Where the time went: / }).getAttribute('aria-label')) ?? '',
    /Run \d/,
  );
  await open(page, 'overview', 'Overview');
  await page.getByRole('img', { name: /^Executions ended by hour/ }).waitFor();
  await record(t, page, 'viewer-overview-charts');
  // The profile page too.
  await open(page, 'profiles', 'Deployment profiles');
  await page.getByRole('link', { name: 'dim-local' }).click();
  await page.getByRole('heading', { level: 1, name: 'Profile dim-local' }).waitFor();
  t.deepEqual(
    (await page.getByRole('button').allTextContents()).filter((b) => !allowed.has(b.trim())),
    [],
  );
});

test.serial('an ended login asks to sign in over the page, which keeps what was typed in it', async (t) => {
  t.timeout(120_000);
  const { context, page } = await newContext(t, 'operator-2');
  await page.goto(`${base}/#/executions/${ids.dry}`);
  await signIn(page, 'olga');
  await page.getByRole('heading', { level: 1, name: /^Execution / }).waitFor();
  // A reload keeps the login (the refresh cookie) and the page.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: /^Execution / }).waitFor();
  // Half an upload typed in, on a page that does not refresh by itself.
  await open(page, 'projects', 'Project configurations');
  const draft = 'apiVersion: surveyor/v1\n# half written\n';
  await page.getByLabel('Upload a configuration (YAML)').fill(draft);
  // Signing out in another tab ends this tab's login too: its next request asks to sign in again.
  const other = await context.newPage();
  watch(other, 'operator-2 second tab');
  await other.goto(`${base}/#/overview`);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await other.getByRole('button', { name: 'Sign in' }).waitFor();
  await page
    .getByRole('link', { name: /^diff with v/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog.getByText('Your session ended').waitFor({ timeout: 20_000 });
  await record(t, page, '10-session-ended');
  await dialog.getByLabel('Username').fill('olga');
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The same page, the draft still there, and what failed while signed out loaded again.
  t.regex(page.url(), /#\/projects\?project=wallaby_hires&version=2&against=1$/);
  t.is(await page.getByLabel('Upload a configuration (YAML)').inputValue(), draft);
  await page.locator('pre.diff').waitFor();
  t.is(await page.getByRole('alert').count(), 0);
});

test.serial('a login ended on the host says why over the page: the password was changed', async (t) => {
  t.timeout(120_000);
  const { page } = await newContext(t, 'operator-3');
  await page.goto(`${base}/#/overview`);
  await signIn(page, 'olga');
  const fresh = 'console-test-password-2';
  const reset = runCli(['user', 'set-password', '--username', 'olga', '--password-stdin'], env, `${fresh}\n`);
  t.is(await reset.exited(), 0, reset.output());
  await open(page, 'projects', 'Project configurations');
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog
    .getByText('This login was ended: the password was changed; log in with the new one. Sign in again')
    .waitFor({ timeout: 20_000 });
  await record(t, page, '11-password-changed');
  await dialog.getByLabel('Username').fill('olga');
  await dialog.getByLabel('Password').fill(fresh);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
});

test.serial(
  'an admin reads the accounts and their audit, one account at a time; nobody else is shown them',
  async (t) => {
    t.timeout(120_000);
    const { page } = await newContext(t, 'admin');
    await page.goto(`${base}/`);
    await signIn(page, 'ada');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByRole('row', { name: /^olga operator enabled/ }).waitFor();
    // The test before set olga's password on the host: the audit says so, and who did.
    const reset = page.getByRole('row', { name: /user\.password_set olga\s+host:\S+$/ });
    await reset.waitFor();
    await record(t, page, '12-accounts');
    await page.getByRole('link', { name: 'olga', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Audit of olga, newest first' }).waitFor();
    // The page shows every account's audit until olga's arrives: then vera's rows go, olga's stay.
    await page.getByRole('row', { name: /user\.created vera/ }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /user\.created olga/ }).waitFor();
    t.is(await page.getByRole('row', { name: /user\.created (vera|ada)/ }).count(), 0, 'only olga');
    const { page: viewer } = await newContext(t, 'viewer-2');
    await viewer.goto(`${base}/`);
    await signIn(viewer, 'vera');
    t.is(await viewer.getByRole('link', { name: 'Accounts' }).count(), 0);
    await viewer.goto(`${base}/#/accounts`);
    await viewer.getByText('Only an admin sees the accounts and their audit.').waitFor();
  },
);

test.serial(
  'a user sets their own password in the console: the current one first; their other logins end',
  async (t) => {
    t.timeout(120_000);
    await makeUser('pia', 'viewer');
    const { page: other } = await newContext(t, 'viewer-elsewhere');
    await other.goto(`${base}/#/overview`);
    await signIn(other, 'pia');
    const { page } = await newContext(t, 'viewer-password');
    await page.goto(`${base}/`);
    await signIn(page, 'pia');
    await page.getByRole('link', { name: 'pia' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your password' }).waitFor();
    const fresh = 'pia-has-a-new-password';
    const fill = async (current: string, again = fresh) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel(/^New password(?! again)/).fill(fresh);
      await page.getByLabel('New password again').fill(again);
    };
    await fill(password, 'something-else-entirely');
    await page.getByText('The two new passwords differ.').waitFor();
    t.true(await page.getByRole('button', { name: 'Set the password' }).isDisabled());
    await fill('not-the-password');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page
      .getByRole('alert')
      .getByText(/the current password is not right/i)
      .waitFor();
    await fill(password);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('status').getByText('Password set. 1 other login ended.').waitFor();
    await record(t, page, '13-password');
    // This login goes on; the other browser is asked to sign in, told why.
    await open(page, 'overview', 'Overview');
    t.is(await page.getByRole('dialog', { name: 'Sign in again' }).count(), 0);
    await open(other, 'executions', 'Executions');
    await other
      .getByRole('dialog', { name: 'Sign in again' })
      .getByText(/the password was changed/)
      .waitFor({ timeout: 20_000 });
  },
);

test.serial(
  'API tokens in the console: made with a role up to yours, shown once, working, revoked',
  async (t) => {
    t.timeout(120_000);
    await makeUser('tom', 'operator');
    const { page } = await newContext(t, 'operator-tokens');
    await page.goto(`${base}/`);
    await signIn(page, 'tom');
    await page.getByRole('link', { name: 'tokens' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your API tokens' }).waitFor();
    await page.getByText('You have no API tokens.').waitFor();
    t.deepEqual(await page.getByLabel('Role').locator('option').allTextContents(), ['viewer', 'operator']);
    await page.getByLabel('Name').fill('dashboard');
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByLabel('Days it lives').fill('30');
    await page.getByRole('button', { name: 'Make a token' }).click();
    const shown = page.getByLabel('The new token');
    await shown.waitFor();
    const token = await shown.inputValue();
    t.regex(token, /^svy_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('row', { name: /dashboard\s+viewer\s+live.*never/ }).waitFor();
    await record(t, page, '14-tokens');
    const me = () => fetch(`${base}/api/v2/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    t.like(await (await me()).json(), { username: 'tom', role: 'viewer' });
    await page.getByRole('button', { name: 'Done' }).click();
    t.is(await page.getByLabel('The new token').count(), 0, 'not shown again');
    await page.getByRole('button', { name: 'Revoke dashboard' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke dashboard' })
      .getByRole('button', { name: 'Revoke dashboard' })
      .click();
    await page.getByRole('row', { name: /dashboard\s+viewer\s+revoked/ }).waitFor();
    t.notRegex(
      (await page.getByRole('row', { name: /dashboard/ }).textContent()) ?? '',
      /never/,
      'its use is shown',
    );
    t.is((await me()).status, 401);
  },
);

/** The API as `username`, from this process (what the console shows is made through it). */
const apiAs = async (username: string) => {
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login as ${username}: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return async (method: string, path: string, body?: unknown, type = 'application/json') => {
    const r = await fetch(`${base}/api/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body === undefined ? {} : { 'content-type': type }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    if (r.status >= 400) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
};

test.serial(
  'a source automation stopped trying shows on its project and on its page, with why',
  async (t) => {
    // Accounts of its own: the tests before changed olga's password.
    await makeUser('auto-admin', 'admin');
    await makeUser('auto-operator', 'operator');
    const asAdmin = await apiAs('auto-admin');
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
    const { page } = await newContext(t, 'operator-automation');
    await page.goto(base);
    await signIn(page, 'auto-operator');
    await open(page, 'projects?project=console_auto', 'Project configurations');
    const section = page.getByRole('region', { name: 'Automation' });
    // The section reloads every 15 s; the run takes a few mock steps to fail.
    await section.getByText('1 stopped, 0 waiting.', { exact: false }).waitFor({ timeout: 90_000 });
    const row = section.getByRole('row', { name: new RegExp(source) });
    t.regex((await row.textContent()) ?? '', /stopped1 of 1/);
    await record(t, page, '15-automation');
    await row.getByRole('link', { name: source }).click();
    await page.getByRole('heading', { level: 1, name: `Source ${source}` }).waitFor();
    await page.getByText(/Automation stopped trying this source after 1 failed run /).waitFor();
    await page
      .getByText(/It tries again when discovery finds new data or a new configuration version is active/)
      .waitFor();
  },
);

test.serial('no page broke a rule of its CSP or threw', (t) => {
  writeFileSync(join(screenshotDir, 'problems.txt'), problems.join('\n'));
  t.deepEqual(problems, []);
});
