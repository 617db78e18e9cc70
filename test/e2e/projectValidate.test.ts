// `surveyor project validate` as a child process: its exit codes (0 valid, 1 with FILE:LINE:COLUMN
// lines, 2 without a file) and its check of the graph, as the upload's, at the patch's line and column.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { cleanEnv, runCli } from '../support/child.js';

const example = fileURLToPath(
  new URL('../../../schema/examples/wallaby_hires.project.yaml', import.meta.url),
);

test('project validate: 0 for a valid file, 1 with FILE:LINE:COLUMN lines for problems, 2 for no file', async (t) => {
  const ok = runCli(['project', 'validate', example], cleanEnv({}));
  t.is(await ok.exited(), 0, ok.output());
  t.regex(ok.output(), /valid project configuration for module wallaby_hires/);

  const dir = mkdtempSync(join(tmpdir(), 'validate-'));
  const bad = join(dir, 'bad.yaml');
  writeFileSync(
    bad,
    readFileSync(example, 'utf8').replace('steps: [askap_sbid, trim]', 'steps: [askap_sbid, tirm]'),
  );
  const r = runCli(['project', 'validate', bad], cleanEnv({}));
  t.is(await r.exited(), 1);
  t.regex(
    r.output(),
    new RegExp(
      `${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: reference: transforms\\.normalized_sbid\\.steps\\.1: no transform named tirm`,
    ),
  );

  const missing = runCli(['project', 'validate', join(dir, 'nope.yaml')], cleanEnv({}));
  t.is(await missing.exited(), 2);
});

test('project validate checks the graph as the upload does, at the line and column of the problem', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'validate-graph-'));
  const file = join(dir, 'patched.yaml');
  const text = readFileSync(example, 'utf8').replace(
    'equals: Scatter/GenericScatterApp',
    'equals: Scatter/NoSuchApp',
  );
  writeFileSync(file, text);
  const graphs = join(dirname(example), 'graphs');
  const r = runCli(['project', 'validate', file, '--graph-dir', graphs], cleanEnv({}));
  t.is(await r.exited(), 1, r.output());
  const line = text.split('\n').findIndex((l) => l.includes('Scatter/NoSuchApp')) + 1;
  t.true(
    r
      .output()
      .includes(`${file}:${line}:5: graph: graph_patches.0: no node with node_name Scatter/NoSuchApp`),
    r.output(),
  );
  // Without --graph-dir the graph is looked for beside the file: not there, said so.
  const away = runCli(['project', 'validate', file], cleanEnv({}));
  t.is(await away.exited(), 1);
  t.regex(away.output(), /graph\.path: the graph cannot be loaded: graph \S+ is not in the graph directory/);
});
