// The console's logins in a browser: one ended elsewhere or on the host asks to sign in over the
// page and keeps what was typed; an admin reads the accounts and their audit; a user sets their own
// password; API tokens are made, shown once and revoked.
import test from 'ava';
import { runCli } from '../support/child.js';
import { consoleSession, password } from '../support/consoleSession.js';

const c = consoleSession('logins');
/** An execution's page, where the first test starts. */
let execution: string;

test.serial.before(async () => {
  const [run] = await c.seedSurvey(['HIPASSJ0001-23'], ['HIPASSJ0001-23']);
  execution = run!;
});

test.serial('an ended login asks to sign in over the page, which keeps what was typed in it', async (t) => {
  t.timeout(120_000);
  const { context, page } = await c.newContext(t, 'operator-2');
  await page.goto(`${c.base}/#/executions/${execution}`);
  await c.signIn(page, 'olga');
  await page.getByRole('heading', { level: 1, name: /^Execution / }).waitFor();
  // A reload keeps the login (the refresh cookie) and the page.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: /^Execution / }).waitFor();
  // Half an upload typed in, on a page that does not refresh by itself.
  await c.open(page, 'projects', 'Project configurations');
  const draft = 'apiVersion: surveyor/v1\n# half written\n';
  await page.getByLabel('Upload a configuration (YAML)').fill(draft);
  // Signing out in another tab ends this tab's login too: its next request asks to sign in again.
  const other = await context.newPage();
  c.watch(other, 'operator-2 second tab');
  await other.goto(`${c.base}/#/overview`);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await other.getByRole('button', { name: 'Sign in' }).waitFor();
  await page
    .getByRole('link', { name: /^diff with v/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog.getByText('Your session ended').waitFor({ timeout: 20_000 });
  await c.record(t, page, '10-session-ended');
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
  const { page } = await c.newContext(t, 'operator-3');
  await page.goto(`${c.base}/#/overview`);
  await c.signIn(page, 'olga');
  const fresh = 'console-test-password-2';
  const reset = runCli(
    ['user', 'set-password', '--username', 'olga', '--password-stdin'],
    c.env,
    `${fresh}\n`,
  );
  t.is(await reset.exited(), 0, reset.output());
  await c.open(page, 'projects', 'Project configurations');
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog
    .getByText('This login was ended: the password was changed; log in with the new one. Sign in again')
    .waitFor({ timeout: 20_000 });
  await c.record(t, page, '11-password-changed');
  await dialog.getByLabel('Username').fill('olga');
  await dialog.getByLabel('Password').fill(fresh);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
});

test.serial(
  'an admin reads the accounts and their audit, one account at a time; nobody else is shown them',
  async (t) => {
    t.timeout(120_000);
    const { page } = await c.newContext(t, 'admin');
    await page.goto(`${c.base}/`);
    await c.signIn(page, 'ada');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByRole('row', { name: /^olga operator — enabled/ }).waitFor();
    // The test before set olga's password on the host: the audit says so, and who did.
    const reset = page.getByRole('row', { name: /user\.password_set olga\s+host:\S+$/ });
    await reset.waitFor();
    await c.record(t, page, '12-accounts');
    await page.getByRole('link', { name: 'olga', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Audit of olga, newest first' }).waitFor();
    // The page shows every account's audit until olga's arrives: then vera's rows go, olga's stay.
    await page.getByRole('row', { name: /user\.created vera/ }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /user\.created olga/ }).waitFor();
    t.is(await page.getByRole('row', { name: /user\.created (vera|ada)/ }).count(), 0, 'only olga');
    const { page: viewer } = await c.newContext(t, 'viewer-2');
    await viewer.goto(`${c.base}/`);
    await c.signIn(viewer, 'vera');
    t.is(await viewer.getByRole('link', { name: 'Accounts' }).count(), 0);
    await viewer.goto(`${c.base}/#/accounts`);
    await viewer.getByText('Only an admin sees the accounts and their audit.').waitFor();
  },
);

test.serial(
  'a user sets their own password in the console: the current one first; their other logins end',
  async (t) => {
    t.timeout(120_000);
    await c.makeUser('pia', 'viewer');
    const { page: other } = await c.newContext(t, 'viewer-elsewhere');
    await other.goto(`${c.base}/#/overview`);
    await c.signIn(other, 'pia');
    const { page } = await c.newContext(t, 'viewer-password');
    await page.goto(`${c.base}/`);
    await c.signIn(page, 'pia');
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
    await c.record(t, page, '13-password');
    // This login goes on; the other browser is asked to sign in, told why.
    await c.open(page, 'overview', 'Overview');
    t.is(await page.getByRole('dialog', { name: 'Sign in again' }).count(), 0);
    await c.open(other, 'executions', 'Executions');
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
    await c.makeUser('tom', 'operator');
    const { page } = await c.newContext(t, 'operator-tokens');
    await page.goto(`${c.base}/`);
    await c.signIn(page, 'tom');
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
    await c.record(t, page, '14-tokens');
    const me = () => fetch(`${c.base}/api/v2/auth/me`, { headers: { authorization: `Bearer ${token}` } });
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

test.serial('a viewer made operator of a project sees its controls once the grant is made', async (t) => {
  t.timeout(120_000);
  await c.makeUser('ravi', 'viewer');
  const { page } = await c.newContext(t, 'project-operator');
  await page.goto(`${c.base}/#/executions/${execution}`);
  await c.signIn(page, 'ravi');
  await page.getByRole('heading', { level: 1, name: /^Execution / }).waitFor();
  t.is(await page.getByRole('button', { name: 'Reproduce' }).count(), 0, 'a viewer: no control');
  const grant = runCli(['user', 'grant', '--username', 'ravi', '--project', 'wallaby_hires'], c.env);
  t.is(await grant.exited(), 0, grant.output());
  // The next page asks who they are again: operator of wallaby_hires, viewer elsewhere.
  await page.reload();
  await page.getByRole('button', { name: 'Reproduce' }).waitFor();
  await c.open(page, 'sources?project=wallaby_hires', 'Sources');
  await page
    .getByRole('button', { name: /^Discover/ })
    .first()
    .waitFor();
  // The project's profile is theirs to edit too.
  const profiles = (await (
    await c.apiAs('ada')
  )('GET', '/deployment-profiles')) as {
    items: { id: string; name: string }[];
  };
  const dim = profiles.items.find((p) => p.name === 'dim-local')!;
  await c.open(page, `profiles/${dim.id}`, 'Profile dim-local');
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  // Its project's alert rules are theirs to switch; a rule on every project is not.
  const ada = await c.apiAs('ada');
  const hook = await ada('POST', '/notification-channels', {
    kind: 'webhook',
    name: 'ravi-hook',
    url: 'https://hooks.example.org/surveyor',
    signing_secret: 'a-long-random-secret-shared-with-the-receiver',
  });
  for (const [name, project_module] of [
    ['ravi-project', 'wallaby_hires'],
    ['ravi-everywhere', null],
  ] as const)
    await ada('POST', '/alert-rules', {
      kind: 'execution_ended',
      name,
      project_module,
      channels: [hook['id']],
    });
  await c.open(page, 'alerts', 'Alerts');
  await page
    .getByRole('row', { name: /^ravi-project/ })
    .getByRole('button', { name: 'Disable' })
    .waitFor();
  t.regex((await page.getByRole('row', { name: /^ravi-everywhere/ }).textContent()) ?? '', /an operator's$/);
  await c.record(t, page, '15-project-operator');
});

c.checkProblems();
