// The Python client's walkthrough (clients/python/README.md), run as it is written in the client's
// venv (scripts/lib/pytools.sh) against the API and a worker on the mock backends: login, a
// configuration, a profile, sources discovered and listed as an astropy Table, a run waited for to
// completed, its manifest and its provenance. And the client is versioned with the API.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { runBash } from '../support/child.js';
import { graphDir } from '../support/project.js';
import { walkthroughBlocks } from '../support/walkthrough.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const password = 'a-long-walkthrough-password';
const python = process.env['SURVEYOR_CLIENT_PYTHON'];
let api: TestApi;
let worker: WorkerHandle;

const walkthrough = (): string => walkthroughBlocks('clients/python/README.md', 'python-walkthrough');

/** Python (the client's venv) in the checkout, with the service's address and the admin's password. */
const runPython = (args: string, url: string, input = '') =>
  runBash(`"${python}" ${args}${input ? ` <<'PYTHON'\n${input}\nPYTHON` : ''}`, {
    cwd: root,
    env: { ...process.env, SURVEYOR_URL: url, SURVEYOR_PASSWORD: password },
  });

test.before(async () => {
  api = await startTestApi({
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    // The shortest there is: a notebook's login outlives its access token.
    SERVICE_ACCESS_TOKEN_TTL_SECONDS: '30',
  });
  worker = await startWorker(api.container);
  await api.addUser('admin', 'admin', password);
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
});

test.serial(
  'the Python walkthrough runs as written, to completed, with its manifest and provenance',
  async (t) => {
    t.timeout(300_000);
    if (!python)
      return t.fail('SURVEYOR_CLIENT_PYTHON is not set: scripts/test sets it up (scripts/lib/pytools.sh)');
    const script = walkthrough();
    const r = await runPython('-', api.base.replace(/\/api\/v2$/, ''), script);
    t.is(r.code, 0, `${r.out}\n${r.err}`);
    const lines = r.out.trim().split('\n');
    t.is(lines[0], 'admin');
    t.regex(lines[1]!, /^\d+$/);
    // The astropy Table of the two sources, discovery done.
    t.regex(r.out, /source_identifier\s+discovery_state/);
    t.is((r.out.match(/HIPASSJ000[12]-(23|34)\s+done/g) ?? []).length, 2, r.out);
    t.true(lines.includes('completed'), r.out);
    t.regex(r.out, /\['[a-z_]+'(, '[a-z_]+')*\]/, 'the manifest is read as JSON');
    t.regex(r.out, /^\d+ activities in the provenance$/m);
  },
);

test.serial(
  'the generated client reads every answer of a run, its project, sources and profile into its models',
  async (t) => {
    t.timeout(120_000);
    if (!python)
      return t.fail('SURVEYOR_CLIENT_PYTHON is not set: scripts/test sets it up (scripts/lib/pytools.sh)');
    const r = await runPython('test/support/python/client_answers.py', api.base);
    t.is(r.code, 0, `${r.out}\n${r.err}`);
    t.is(r.out.trim().split('\n').length, 30, r.out);
    t.regex(r.out, /^executionArtifact translated\.json: list$/m);
  },
);

test("a refusal says the service's code; a login outlives its access token", async (t) => {
  t.timeout(120_000);
  if (!python)
    return t.fail('SURVEYOR_CLIENT_PYTHON is not set: scripts/test sets it up (scripts/lib/pytools.sh)');
  const script = [
    'import os, time',
    'from surveyor_client import Surveyor, SurveyorError',
    'url = os.environ["SURVEYOR_URL"]',
    'try:',
    '    Surveyor.login(url, "admin", "not-the-password")',
    'except SurveyorError as e:',
    '    print(e.code, e.status)',
    's = Surveyor.login(url, "admin", os.environ["SURVEYOR_PASSWORD"])',
    'time.sleep(32)',
    'print(s.whoami()["username"])',
  ].join('\n');
  const r = await runPython('-', api.base, script);
  t.is(r.code, 0, `${r.out}\n${r.err}`);
  t.deepEqual(r.out.trim().split('\n'), ['invalid_credentials 401', 'admin']);
  t.true(
    api.logs.some((l) => l.includes('"route":"/auth/refresh"') && l.includes('"status":200')),
    'the ended access token was refreshed',
  );
});

test('the client is versioned with the API', (t) => {
  const api = JSON.parse(readFileSync(`${root}schema/openapi.json`, 'utf8')) as { info: { version: string } };
  const pyproject = readFileSync(`${root}clients/python/pyproject.toml`, 'utf8');
  t.is(/^version = "([^"]+)"$/m.exec(pyproject)?.[1], api.info.version);
});
