// A new password at the terminal: the rule is said before anything is typed, a password that
// breaks it is refused at once (not after typing it twice), and the confirmation must match.
import test from 'ava';
import { askNewPassword } from '../../hosts/cli/prompt.js';

/** The prompts and notes in order, and answers given one per prompt. */
const session = (answers: string[]) => {
  const seen: string[] = [];
  const ask = async (q: string) => {
    seen.push(`? ${q}`);
    return answers.shift() ?? '';
  };
  const say = (line: string) => seen.push(line);
  return { seen, ask, say };
};

test('the rule comes first; a short password is refused before it is asked again', async (t) => {
  const s = session(['short', 'a-long-enough-password', 'a-long-enough-password']);
  t.is(await askNewPassword('Password', s.ask, s.say), 'a-long-enough-password');
  t.deepEqual(s.seen, [
    'A new password: at least 12 characters (at most 1024).',
    '? Password: ',
    'surveyor: the password must have at least 12 characters; try again',
    '? Password: ',
    '? Password again: ',
  ]);
});

test('three short ones give up; a confirmation that differs sets nothing', async (t) => {
  const short = session(['a', 'b', 'c']);
  t.is(await askNewPassword('Password', short.ask, short.say), undefined);
  t.is(short.seen.filter((l) => l === '? Password: ').length, 3);
  t.is(short.seen.at(-1), 'surveyor: the password must have at least 12 characters');
  const differ = session(['a-long-enough-password', 'another-long-password']);
  t.is(await askNewPassword('New password', differ.ask, differ.say), undefined);
  t.is(differ.seen.at(-1), 'surveyor: the two passwords differ');
});
