import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
