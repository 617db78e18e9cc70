import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cliPath = fileURLToPath(new URL('../../hosts/cli/main.js', import.meta.url));

export interface Running {
  readonly child: ChildProcess;
  readonly output: () => string;
  /** Resolves with the first match of `re` in stdout+stderr, or rejects after `ms`. */
  waitFor(re: RegExp, ms?: number): Promise<RegExpMatchArray>;
  exited(): Promise<number | null>;
}

/** Runs the surveyor CLI as a child process and records what it prints. */
export const runCli = (args: string[], env: NodeJS.ProcessEnv, input?: string): Running => {
  const child = spawn(process.execPath, [cliPath, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (b: Buffer) => {
    out += b.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  if (input !== undefined) child.stdin!.end(input);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited: () => exit,
    waitFor: (re, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(re);
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${re}; output so far:\n${out.slice(-4000)}`));
        }, ms);
        listeners.add(check);
        exit.then(() => {
          check();
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`process exited before ${re}; output:\n${out.slice(-4000)}`));
          }
        });
        check();
      }),
  };
};

/** The environment of this process without any database or service settings. */
export const cleanEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      !k.startsWith('SERVICE_') &&
      !k.startsWith('BATCH_') &&
      !k.startsWith('ARCHIVE_') &&
      k !== 'DATABASE_URL'
    )
      env[k] = v;
  return { ...env, ...extra };
};
