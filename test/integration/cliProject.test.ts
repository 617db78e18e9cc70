// A project's configuration from the CLI: upload (unchanged, changed, refused with the line and
// column of a problem), versions, show, diff, the project list and its event stream.
import test from 'ava';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliSession } from '../support/cliSession.js';
import { manualWallabyYaml } from '../support/project.js';

const s = cliSession(test, { loggedIn: true });
const { cli, json, file } = s;

test.serial('project upload, versions, show and diff', async (t) => {
  const yaml = manualWallabyYaml;
  const up = await cli(['project', 'upload', file('p1.yaml', yaml)]);
  t.is(up.code, 0, up.out);
  t.regex(up.out, /wallaby_hires: version 1 stored and active/);
  t.regex((await cli(['project', 'upload', file('p1.yaml', yaml)])).out, /unchanged \(version 1/);
  const changed = yaml.replace('max_sources_per_execution:', '# a comment\n    max_sources_per_execution:');
  t.not(changed, yaml);
  t.is((await cli(['project', 'upload', file('p2.yaml', changed)])).code, 0);
  const versions = await json<{ version: number; active: boolean }[]>([
    'project',
    'versions',
    'wallaby_hires',
  ]);
  t.deepEqual(
    versions.map((v) => [v.version, v.active]),
    [
      [2, true],
      [1, false],
    ],
  );
  const diff = await cli(['project', 'diff', 'wallaby_hires']);
  t.is(diff.code, 1, 'versions that differ exit 1, as diff does');
  t.regex(diff.out, /\+\s*# a comment/);
  t.is((await cli(['project', 'diff', 'wallaby_hires', '2', '2'])).code, 0);
  const show = await cli(['project', 'show', 'wallaby_hires', '--version', '1']);
  t.true(show.out.includes(yaml.split('\n')[3]!));
  const bad = await cli(['project', 'upload', file('bad.yaml', 'project_module: [')]);
  t.is(bad.code, 1);
  t.regex(bad.out, /surveyor: .*HTTP 4\d\d/);
  // A key without its colon on line 16: said once, where it is, as project validate says it.
  const lines = yaml.split('\n');
  const at = lines.findIndex((l) => /^ {2}\w+:$/.test(l));
  lines[at] = lines[at]!.replace(':', '');
  const typo = file('typo.yaml', lines.join('\n'));
  const up2 = await cli(['project', 'upload', typo]);
  t.is(up2.code, 1);
  t.regex(
    up2.out,
    new RegExp(
      `^  ${typo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${at + 1}:3: Implicit keys need to be on a single line \\(and \\d+ more after it, which may follow from it\\)$`,
      'm',
    ),
  );
  t.false(up2.out.includes('(document)'));
});

test.serial('the project list and its event stream, the newest N of it', async (t) => {
  t.regex((await cli(['project', 'list'])).out, /^wallaby_hires\s+2\s+\S+\s+cli-admin\s+[0-9a-f]{12}$/m);
  const projectEvents = await cli(['project', 'events', 'wallaby_hires']);
  t.regex(projectEvents.out, /^TIME\s+SUBJECT\s+EVENT\s+BY\s+DETAIL$/m);
  t.regex(projectEvents.out, /\sproject\.config_uploaded\s+cli-admin\s/);
  const newestTwo = await json<{ id: number }[]>(['project', 'events', 'wallaby_hires', '--last', '2']);
  const every = await json<{ id: number }[]>(['project', 'events', 'wallaby_hires']);
  t.deepEqual(newestTwo, every.slice(-2), '--last N: the newest N, oldest first');
  t.is((await cli(['project', 'events', 'wallaby_hires', '--last', '0'])).code, 2);
});

cliCoverage(test, s, 'cliProject');
