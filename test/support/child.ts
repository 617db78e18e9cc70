// The CLI and workers as child processes: output recorded, process groups for Ctrl-C, clean and fast
// worker environments.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cliPath = fileURLToPath(new URL('../../hosts/cli/main.js', import.meta.url));
const hostsScript = fileURLToPath(new URL('../../../scripts/testbed/hosts', import.meta.url));

export interface Running {
  readonly child: ChildProcess;
  readonly output: () => string;
  /** Standard output alone: a command's answer. */
  readonly stdout: () => string;
  /** Resolves with the first match of `re` in stdout+stderr, or rejects after `ms`. */
  waitFor(re: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** The exit code; a process still running after `ms` is killed and the wait fails with its output. */
  exited(ms?: number): Promise<number | null>;
}

/**
 * Runs the surveyor CLI as a child process and records what it prints. `group`: the child leads a
 * process group of its own, so a test can signal the group as a terminal's Ctrl-C does
 * (`process.kill(-pid, 'SIGINT')`: the child and what it spawned). `host`: it runs in that host of
 * the hosts testbed (the testbed's script execs into it, so the child's pid is the CLI's own).
 */
export const runCli = (
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  opts: { group?: boolean; host?: string; script?: string } = {},
): Running => {
  const [command, argv] = opts.script
    ? [opts.script, args]
    : opts.host
      ? [hostsScript, ['exec', opts.host, process.execPath, cliPath, ...args]]
      : [process.execPath, [cliPath, ...args]];
  const child = spawn(command, argv, {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: opts.group === true,
  });
  let out = '';
  let stdout = '';
  const listeners = new Set<() => void>();
  const onData = (b: Buffer) => {
    out += b.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', (b: Buffer) => {
    stdout += b.toString();
    onData(b);
  });
  child.stderr!.on('data', onData);
  if (input !== undefined) child.stdin!.end(input);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    stdout: () => stdout,
    exited: (ms = 60_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(
            new Error(
              `surveyor ${args.join(' ')}: still running after ${ms} ms; output:\n${out.slice(-4000)}`,
            ),
          );
        }, ms);
        exit.then((code) => {
          clearTimeout(timer);
          resolve(code);
        });
      }),
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
          reject(
            new Error(
              `surveyor ${args.join(' ')}: timed out waiting for ${re}; output so far:\n${out.slice(-4000)}`,
            ),
          );
        }, ms);
        listeners.add(check);
        exit.then(() => {
          check();
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(
              new Error(`surveyor ${args.join(' ')}: exited before ${re}; output:\n${out.slice(-4000)}`),
            );
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

/**
 * The environment of a `surveyor worker` child for crash tests: the test's database, short leases
 * and retries, and ticks and polls every second, so a killed worker's job is taken over quickly.
 */
export const fastWorkerEnv = (databaseUrl: string, dataDir: string, extra: Record<string, string>) =>
  cleanEnv({
    DATABASE_URL: databaseUrl,
    SERVICE_DATA_DIR: dataDir,
    SERVICE_JWT_SECRET: 'crash-test-secret-0123456789abcdef-xyz',
    SERVICE_METRICS_PORT: '-1',
    SERVICE_JOB_LEASE_SECONDS: '5',
    SERVICE_JOB_RETRY_BASE_SECONDS: '1',
    SERVICE_WORKER_IDLE_POLL_SECONDS: '1',
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_LOG_LEVEL: 'info',
    // The testbeds listen on loopback.
    SERVICE_OUTBOUND_ALLOW_PRIVATE: 'true',
    ...extra,
  });

/**
 * Runs a `surveyor worker` child until `ended()` holds (the execution a crash test watches reached
 * its end), then stops it with SIGTERM: the worker that takes a killed one's job over.
 */
export const workerUntil = async (
  env: NodeJS.ProcessEnv,
  ended: () => Promise<boolean>,
  teardown: (f: () => void) => void,
  ms: number,
) => {
  const w = runCli(['worker'], env);
  teardown(() => {
    if (w.child.exitCode === null) w.child.kill('SIGKILL');
  });
  const end = Date.now() + ms;
  while (!(await ended())) {
    if (Date.now() > end)
      throw new Error(
        `the execution did not end within ${ms} ms; worker output:\n${w.output().slice(-3000)}`,
      );
    await new Promise((r) => setTimeout(r, 150));
  }
  w.child.kill('SIGTERM');
  await w.exited();
};

/** Runs a bash script (a README's walkthrough) in `cwd`; its output, killed after `ms`. */
export const runBash = (
  script: string,
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: string; ms?: number },
): Promise<{ code: number | null; out: string; err: string }> =>
  new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.ms ?? 150_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
    child.stdin!.end(opts.input ?? '');
  });
