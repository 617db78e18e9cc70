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
