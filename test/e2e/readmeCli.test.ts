// The README's CLI walkthrough ("Your first run, with the CLI"), run as it is written, in bash from
// the checkout, against `surveyor start` in a child process (embedded PostgreSQL, mock backends)
// as scripts/start runs it. Two things differ from a person at a terminal, and only these: the
// server's address is this one's, and the two commands that ask for a password read it from
// standard input (--password-stdin), since no terminal is there to ask on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { cleanEnv, runBash, runCli } from '../support/child.js';
import { freePort } from '../support/ports.js';
import { graphDir } from '../support/project.js';
import { walkthroughBlocks } from '../support/walkthrough.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const password = 'a-long-walkthrough-password';

const walkthrough = (): string => walkthroughBlocks('README.md', 'cli-walkthrough');

test('the CLI walkthrough runs as written against scripts/start, to a completed run', async (t) => {
  t.timeout(540_000);
  const home = mkdtempSync(join(tmpdir(), 'surveyor-readme-cli-'));
  // Its own directory: as root the database runs as `postgres`, which cannot pass through `home`.
  const data = mkdtempSync(join(tmpdir(), 'surveyor-readme-cli-data-'));
  t.teardown(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  });
  const env = cleanEnv({
    HOME: home,
    SURVEYOR_CONFIG_DIR: join(home, 'config'),
    SERVICE_DATA_DIR: data,
    SERVICE_PORT: '0',
    SERVICE_METRICS_PORT: '-1',
    SERVICE_EMBEDDED_PG_PORT: String(await freePort()),
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_MOCK_STEP_MS: '200',
  });
  const server = runCli([], env, undefined, { script: join(root, 'scripts', 'start') });
  t.teardown(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  // scripts/start runs setup first: quick when dist/ is current, a compile when it is not.
  const [, base] = await server.waitFor(/listening on (http:\/\/\S+)\/api\/v2/, 240_000);
  const blocks = walkthrough();
  t.regex(blocks, /exec watch "\$UUID"/);
  const script = blocks
    .replaceAll('http://127.0.0.1:8080', base!)
    .replace(
      /^(scripts\/surveyor (?:user create|login) [^#\n]*?)\s*(#.*)?$/gm,
      `$1 --password-stdin <<< '${password}'`,
    );
  t.is((script.match(/--password-stdin/g) ?? []).length, 2, script);
  const ran = await runBash(script, { cwd: root, env, ms: 240_000 });
  const r = { code: ran.code, out: `${ran.out}${ran.err}` };
  t.is(r.code, 0, r.out);
  t.regex(r.out, /created admin admin/);
  // A command's own lines say what it did: no log lines about the embedded database it opened.
  t.notRegex(r.out, /embedded PostgreSQL|"level"/);
  t.regex(r.out, /wallaby_hires: version 1 stored and active/);
  t.regex(r.out, /^\S+Z completed$/m, 'exec watch followed it to completed');
  t.regex(r.out, /^\S+Z failed\b/m, 'the MOCKFAIL run failed');
  t.regex(r.out, /^exec watch exited 10$/m);
  server.child.kill('SIGTERM');
  t.is(await server.exited(), 0);
  // What scripts/start printed is for people: readable lines, no JSON, no line per health check.
  const lines = server.output().split('\n');
  t.true(
    lines.some((l) => /^starting surveyor /.test(l)),
    'it says what it starts',
  );
  t.deepEqual(
    lines.filter((l) => l.startsWith('{')),
    [],
    'no JSON lines',
  );
});
