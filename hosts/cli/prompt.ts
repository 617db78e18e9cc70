import { createInterface } from 'node:readline';
import { closeSync, openSync, readSync } from 'node:fs';
import { maxPasswordLength, minPasswordLength, roleAndPasswordIssues } from '../../core/domain/user.js';

/** Reads a secret from a TTY without echoing it. */
export const promptHidden = (question: string): Promise<string> =>
  new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WritableStream };
    let asked = false;
    out._writeToOutput = (s: string) => {
      if (!asked) {
        out.output.write(s);
        asked = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });

/**
 * The most read of a password's source: a password is at most maxPasswordLength characters (up to
 * 4 bytes each in UTF-8), then its line's end. A file or a pipe that goes on is not read whole.
 */
const maxPasswordBytes = maxPasswordLength * 4 + 2;
const tooLong = (where: string) =>
  new Error(`the password ${where} is longer than ${maxPasswordLength} characters (or has no line end)`);

/**
 * Passwords given on standard input, one a line, without their line endings: `count` lines, and
 * nothing after them is read (at most a password's length and its line end each).
 */
export const passwordsFromStdin = async (count: number): Promise<string[]> => {
  const chunks: Buffer[] = [];
  let n = 0;
  let ends = 0;
  for await (const c of process.stdin) {
    const b = c as Buffer;
    chunks.push(b);
    n += b.length;
    for (const byte of b) if (byte === 0x0a) ends++;
    if (ends >= count) break;
    if (n > maxPasswordBytes * count) throw tooLong('on standard input');
  }
  const lines = Buffer.concat(chunks).toString('utf8').split(/\r?\n/).slice(0, count);
  if (lines.some((l) => Buffer.byteLength(l) > maxPasswordBytes)) throw tooLong('on standard input');
  while (lines.length < count) lines.push('');
  return lines;
};

/** A password given on standard input: its first line, without its line ending; nothing after it is read. */
export const passwordFromStdin = async (): Promise<string> => (await passwordsFromStdin(1))[0]!;

/** A password given in a file or on stdin: the first line, without its line ending. */
export const firstLine = (text: string): string => text.split(/\r?\n/)[0] ?? '';

/** A password given in a file: its first line; no more of the file than a password's length is read. */
export const readPasswordFile = (path: string): string => {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(maxPasswordBytes + 1);
    const got = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, got);
    if (got > maxPasswordBytes && !text.includes(0x0a)) throw tooLong(`in ${path}`);
    return firstLine(text.toString('utf8'));
  } finally {
    closeSync(fd);
  }
};

/**
 * A new password: from --password-file, from standard input with --password-stdin, or asked for
 * twice at the terminal (never from the command line). Undefined, said on `stderr`, when there is
 * no terminal to ask at or the two answers differ.
 */
export const newPassword = async (
  from: { readonly file: string | undefined; readonly stdin: boolean },
  stderr: NodeJS.WritableStream,
): Promise<string | undefined> => {
  if (from.file !== undefined) return readPasswordFile(from.file);
  if (from.stdin) return passwordFromStdin();
  if (!process.stdin.isTTY) {
    stderr.write('surveyor: no terminal to ask for a password; use --password-file or --password-stdin\n');
    return undefined;
  }
  return askNewPassword('Password', promptHidden, (line) => stderr.write(`${line}\n`));
};

/** What is wrong with a new password, said before it is typed a second time; null when nothing. */
export const newPasswordProblem = (p: string): string | null =>
  roleAndPasswordIssues({ password: p })[0]?.message ?? null;

/** How many times a new password that breaks the rule is asked for before giving up. */
const tries = 3;

/**
 * A new password asked for at the terminal: the rule said first, the first answer held to it (asked
 * again, up to three times, saying why), then asked a second time to confirm; undefined when the
 * rule was not met or the two answers differ (said on `say`).
 */
export const askNewPassword = async (
  label: string,
  ask: (question: string) => Promise<string>,
  say: (line: string) => void,
): Promise<string | undefined> => {
  say(`A new password: at least ${minPasswordLength} characters (at most ${maxPasswordLength}).`);
  for (let i = 1; i <= tries; i++) {
    const first = await ask(`${label}: `);
    const problem = newPasswordProblem(first);
    if (problem !== null) {
      say(`surveyor: the password must have ${problem}${i < tries ? '; try again' : ''}`);
      continue;
    }
    if ((await ask(`${label} again: `)) === first) return first;
    say('surveyor: the two passwords differ');
    return undefined;
  }
  return undefined;
};

/** A new password asked for at the terminal (`askNewPassword`), the prompts and notes on stderr. */
export const askedTwice = (label: string): Promise<string | undefined> =>
  askNewPassword(label, promptHidden, (line) => process.stderr.write(`${line}\n`));
