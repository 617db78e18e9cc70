// What the CLI prints for people: a mistyped command offers the nearest ones (not the list of
// every command) and exits 2; exec list's cells.
import test from 'ava';
import { sourceNames } from '../../hosts/cli/commands/client/execList.js';
import { cleanEnv, runCli } from '../support/child.js';

test('a mistyped group or command offers the nearest ones in two lines, exit 2', async (t) => {
  for (const [args, near] of [
    [
      ['exce', 'list'],
      /^surveyor: no command exce; did you mean exec \(surveyor exec --help lists its commands\)\?$/m,
    ],
    [['sorces'], /^surveyor: no command sorces; did you mean sources /m],
    [['overveiw'], /^surveyor: no command overveiw; did you mean overview\?$/m],
    [['zzzzzz'], /^surveyor: no command zzzzzz$/m],
  ] as const) {
    const c = runCli([...args], cleanEnv({}));
    t.is(await c.exited(), 2, c.output());
    t.regex(c.output(), near);
    t.regex(c.output(), /^surveyor --help lists every command\.$/m);
    t.true(c.output().trim().split('\n').length <= 2, c.output());
  }
  // A known group with a mistyped command lists that group's commands.
  const group = runCli(['exec', 'lst'], cleanEnv({}));
  t.is(await group.exited(), 2);
  t.regex(group.output(), /^surveyor exec has no command lst:/m);
});

test("exec list's sources cell: up to two names, then how many more", (t) => {
  t.is(sourceNames(['A']), 'A');
  t.is(sourceNames(['A', 'B']), 'A, B');
  t.is(sourceNames(['A', 'B', 'C', 'D']), 'A, B +2 more');
});
