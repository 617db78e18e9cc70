// What the cli*.test.ts files share: a real API (and a worker, where asked) in this process, and the CLI as child
// processes that know only the server's URL (no DATABASE_URL: they cannot write the database
// themselves), with a home of their own. Each file ends by checking that its commands reached the
// API operations it covers (`cliCoverage`), and unit/cliCoverage that every operation is covered by
// some file or left to others with a reason.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestFn } from 'ava';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { defaultPassword, startTestApi, type TestApi } from './api.js';
import { runCli } from './child.js';
import { graphDir, manualWallabyYaml } from './project.js';

export interface CliResult {
  readonly code: number | null;
  readonly out: string;
}

export interface CliSession {
  readonly api: TestApi;
  /** The CLI's home: its stored login is in `config/`. */
  readonly dir: string;
  env(): NodeJS.ProcessEnv;
  cli(args: string[], input?: string): Promise<CliResult>;
  /** A command's `--json` answer; a non-zero exit throws with what it printed. */
  json<T>(args: string[]): Promise<T>;
  /** Writes a file in the CLI's home and returns its path. */
  file(name: string, text: string): string;
}

/**
 * Registers the session's hooks on `test` and returns it (its fields are set before the first
 * test runs). `loggedIn`: the admin `cli-admin` logs in with the CLI before the tests. `worker`:
 * a worker runs beside the API (for files whose commands discover or run; the rest spare it).
 * `env`: settings of the API and worker beside the defaults.
 */
export const cliSession = (
  test: TestFn,
  opts: { loggedIn?: boolean; worker?: boolean; env?: Readonly<Record<string, string>> } = {},
): CliSession => {
  let worker: WorkerHandle | undefined;
  const s = {} as { -readonly [K in keyof CliSession]: CliSession[K] };
  s.env = () => ({
    PATH: process.env['PATH'] ?? '',
    HOME: s.dir,
    SURVEYOR_CONFIG_DIR: join(s.dir, 'config'),
  });
  s.cli = async (args, input) => {
    const r = runCli(args, s.env(), input);
    const code = await r.exited(90_000);
    return { code, out: r.output() };
  };
  s.json = async <T>(args: string[]) => {
    const r = runCli([...args, '--json'], s.env());
    const code = await r.exited(60_000);
    if (code !== 0) throw new Error(`surveyor ${args.join(' ')} exited ${code}: ${r.output()}`);
    return JSON.parse(r.output()) as T;
  };
  s.file = (name, text) => {
    const p = join(s.dir, name);
    writeFileSync(p, text);
    return p;
  };
  test.serial.before(async () => {
    s.api = await startTestApi({
      SERVICE_GRAPH_DIR: graphDir,
      SERVICE_EXECUTION_TICK_SECONDS: '1',
      SERVICE_REST_POLL_MIN_SECONDS: '1',
      SERVICE_SCHEDULER_CHECK_SECONDS: '1',
      SERVICE_MOCK_STEP_MS: '200',
      ...opts.env,
    });
    if (opts.worker) worker = await startWorker(s.api.container);
    await s.api.addUser('cli-admin', 'admin');
    s.dir = mkdtempSync(join(tmpdir(), 'surveyor-cli-'));
    if (opts.loggedIn) {
      const r = await s.cli(
        ['login', '--server', new URL(s.api.base).origin, '--username', 'cli-admin', '--password-stdin'],
        `${defaultPassword}\n`,
      );
      if (r.code !== 0) throw new Error(`login: ${r.out}`);
    }
  });
  test.after.always(async () => {
    await worker?.stop(2000);
    await s.api?.close();
    if (s.dir) rmSync(s.dir, { recursive: true, force: true });
  });
  return s;
};

/** The WALLABY project uploaded, a mock island manager its default profile, from the CLI. */
export const cliProject = async (s: CliSession, profile = 'mock-dim'): Promise<void> => {
  const up = await s.cli(['project', 'upload', s.file('project.yaml', manualWallabyYaml)]);
  if (up.code !== 0) throw new Error(`project upload: ${up.out}`);
  const added = await s.cli([
    'profile',
    'add',
    s.file(
      `${profile}.json`,
      JSON.stringify({
        name: profile,
        project_module: 'wallaby_hires',
        is_default: true,
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      }),
    ),
  ]);
  if (added.code !== 0) throw new Error(`profile add: ${added.out}`);
};

/** Sources registered and discovered from the CLI, waited for until each is ready; their UUIDs. */
export const cliReadySources = async (s: CliSession, identifiers: readonly string[]) => {
  const added = await s.cli(['sources', 'add', 'wallaby_hires', ...identifiers]);
  if (added.code !== 0) throw new Error(`sources add: ${added.out}`);
  const discovering = await s.cli(['sources', 'discover', 'wallaby_hires', ...identifiers]);
  if (discovering.code !== 0) throw new Error(`sources discover: ${discovering.out}`);
  const listed = await s.json<{ uuid: string; source_identifier: string }[]>([
    'sources',
    'list',
    'wallaby_hires',
  ]);
  for (const src of listed)
    for (let i = 0; ; i++) {
      if ((await s.json<{ ready: boolean }>(['sources', 'status', src.uuid])).ready) break;
      if (i > 60) throw new Error(`${src.source_identifier} not ready`);
      await new Promise((r) => setTimeout(r, 500));
    }
  return Object.fromEntries(listed.map((x) => [x.source_identifier, x.uuid]));
};

const openapi = () =>
  JSON.parse(readFileSync(new URL('../../../schema/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };

/** Every operation of schema/openapi.json: its id and its method and route. */
export const apiOperations = (): { id: string; key: string }[] =>
  Object.entries(openapi().paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      id: op.operationId,
      key: `${method.toUpperCase()} ${path}`,
    })),
  );

/** The operations the API's log says were called, by id. */
export const calledOperations = (api: TestApi): Set<string> => {
  const called = new Set(
    api.logs
      .map((l) => JSON.parse(l) as { msg?: string; method?: string; route?: string })
      .filter((l) => l.msg === 'request')
      .map((l) => `${l.method} ${l.route}`),
  );
  return new Set(
    apiOperations()
      .filter((o) => called.has(o.key))
      .map((o) => o.id),
  );
};
