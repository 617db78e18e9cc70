import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';

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

export const readAllStdin = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A password given in a file or on stdin: the first line, without its line ending. */
export const firstLine = (text: string): string => text.split(/\r?\n/)[0] ?? '';

export const readPasswordFile = (path: string): string => firstLine(readFileSync(path, 'utf8'));

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
  if (from.stdin) return firstLine(await readAllStdin());
  if (!process.stdin.isTTY) {
    stderr.write('surveyor: no terminal to ask for a password; use --password-file or --password-stdin\n');
    return undefined;
  }
  const first = await promptHidden('Password: ');
  const again = await promptHidden('Password again: ');
  if (first !== again) {
    stderr.write('surveyor: the two passwords differ\n');
    return undefined;
  }
  return first;
};
