// The console's browser tests' service and browser: one surveyor (mock backends) on a fresh
// database, Chromium, the accounts olga (operator), vera (viewer) and ada (admin), and the steps a
// test takes in a page. Each test file calls consoleSession() once; it registers the hooks.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, screenshotDir, seriousA11yFindings } from './browser.js';
import { cleanEnv, runCli, type Running } from './child.js';
import { freshDatabase, type TestDatabase } from './db.js';
import { wallabyYaml } from './examples.js';

export const password = 'console-test-password-1';
const graphDir = fileURLToPath(new URL('../../../schema/examples/graphs', import.meta.url));

type Teardown = { teardown: (f: () => Promise<void>) => void; passed: boolean };
type DeepEqual = { deepEqual: (a: unknown, b: unknown, m?: string) => void };

/** `env` adds to (or replaces) the service's environment: real parts, another graph directory. */
export const consoleSession = (name: string, env: () => Record<string, string> = () => ({})) => {
  let database: TestDatabase;
  let server: Running;
  let browser: Browser;
  const s = {
    base: '',
    /** The service's environment, for the CLI's commands on its host. */
    env: {} as NodeJS.ProcessEnv,
    /** Every page the browser showed, for the CSP and error checks at the end. */
    problems: [] as string[],
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
      s.env,
      `${password}\n`,
    );
    if ((await c.exited()) !== 0) throw new Error(`user create ${username}: ${c.output()}`);
  };

  test.serial.before(async () => {
    database = await freshDatabase();
    s.env = cleanEnv({
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
      ...env(),
    });
    server = runCli(['start', '--migrate'], s.env);
    s.base = (await server.waitFor(/listening on (http:\/\/\S+)\/api\/v2/))[1]!;
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
        s.problems.push(`${who}: ${m.text()}`);
    });
    page.on('pageerror', (e) => s.problems.push(`${who}: page error ${e.message}`));
  };

  /** A browser of its own for one user; when the test fails, the page as it was is kept beside the others. */
  const newContext = async (t: Teardown, who: string): Promise<{ context: BrowserContext; page: Page }> => {
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

  const signIn = async (page: Page, username: string) => {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  };

  const open = async (page: Page, hash: string, heading: string | RegExp) => {
    await page.goto(`${s.base}/#/${hash}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page
      .getByText('Loading…')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
  };

  /** A screenshot for the reviewer and an accessibility scan that must find nothing serious. */
  const record = async (t: DeepEqual, page: Page, shot: string) => {
    await page.screenshot({ path: join(screenshotDir, `${shot}.png`), fullPage: true });
    const findings = await seriousA11yFindings(page);
    t.deepEqual(findings, [], `${shot}: serious or critical accessibility findings`);
  };

  /** The API as `username`, from this process (what the console shows is made through it). */
  const apiAs = async (username: string) => {
    const login = await fetch(`${s.base}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (login.status !== 200) throw new Error(`login as ${username}: ${login.status} ${await login.text()}`);
    const { access_token } = (await login.json()) as { access_token: string };
    return async (method: string, path: string, body?: unknown, type = 'application/json') => {
      const r = await fetch(`${s.base}/api/v2${path}`, {
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

  /** Asks `ask` until it answers something, or fails after `ms`. */
  const until = async <T>(what: string, ask: () => Promise<T | undefined>, ms = 90_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const got = await ask();
      if (got !== undefined) return got;
      if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  /**
   * What an operator's first hour leaves, made over the API as ada: the WALLABY example in two
   * versions (the second polls every 30 s and has a budget of 1000 node-hours a month), the project's default profile dim-local, `sources`
   * registered and discovered, and a run of each of `runs` (identifiers among them) to its end.
   * Answers the runs' execution ids, in order.
   */
  const seedSurvey = async (sources: readonly string[], runs: readonly string[]): Promise<string[]> => {
    const api = await apiAs('ada');
    await api('POST', '/project-configs', wallabyYaml, 'application/x-yaml');
    // The second version polls every 30 s and has a monthly budget (runs go past it: warn).
    const v2 = `${wallabyYaml.replace(/poll_interval_seconds: \d+/, 'poll_interval_seconds: 30')}
budget:
  limit: 1000
  unit: node_hours
  on_exhausted: warn
`;
    await api('POST', '/project-configs', v2, 'application/x-yaml');
    await api('POST', '/deployment-profiles', {
      name: 'dim-local',
      project_module: 'wallaby_hires',
      is_default: true,
      translation: { num_par: 1 },
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    });
    const bulk = await api('POST', '/sources/bulk', {
      project_module: 'wallaby_hires',
      sources: sources.map((source_identifier) => ({ source_identifier })),
    });
    await api('POST', '/sources/discover', { project_module: 'wallaby_hires', source_identifiers: sources });
    for (const item of bulk['items'] as { uuid: string; source_identifier: string }[])
      await until(`${item.source_identifier} discovered`, async () =>
        (await api('GET', `/sources/${item.uuid}/status`))['ready'] === true ? true : undefined,
      );
    const ids: string[] = [];
    for (const source of runs) {
      const made = await api('POST', '/executions', {
        project_module: 'wallaby_hires',
        archive_name: 'casda',
        sources: [{ source_identifier: source }],
      });
      const id = made['uuid'] as string;
      await api('POST', `/executions/${id}/execute`, {});
      await until(`execution ${id} completed`, async () => {
        const state = (await api('GET', `/executions/${id}/status`))['state'];
        if (state === 'failed' || state === 'cancelled') throw new Error(`execution ${id} ${String(state)}`);
        return state === 'completed' ? true : undefined;
      });
      ids.push(id);
    }
    return ids;
  };

  /** The last test of a file: no page it showed broke a rule of its CSP or threw. */
  const checkProblems = () =>
    test.serial('no page broke a rule of its CSP or threw', (t) => {
      writeFileSync(join(screenshotDir, `problems-${name}.txt`), s.problems.join('\n'));
      t.deepEqual(s.problems, []);
    });

  return {
    get base() {
      return s.base;
    },
    get env() {
      return s.env;
    },
    makeUser,
    watch,
    newContext,
    signIn,
    open,
    record,
    apiAs,
    seedSurvey,
    checkProblems,
  };
};

export type ConsoleSession = ReturnType<typeof consoleSession>;
