// The hosts testbed (network namespaces on a bridge with no route out): its script's commands, and
// Node.js, the CLI and servers run in a host.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cliPath } from './child.js';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
export const hostsScript = join(repo, 'scripts/testbed/hosts');

export interface HostsTestbed {
  /** Host name -> its address on the testbed's bridge. */
  readonly hosts: ReadonlyMap<string, string>;
  /** This machine's address on the bridge. */
  readonly local: string;
}

/** The running hosts testbed (scripts/testbed/hosts); without it the suite fails, saying how to start it. */
export const hostsTestbed = (): HostsTestbed => {
  const vars: Record<string, string | undefined> = { ...process.env };
  if (!vars['HOSTS_TESTBED_NAMES']) {
    const file = join(process.env['SURVEYOR_TESTBED_DIR'] ?? join(repo, '.testbed'), 'hosts', 'hosts');
    if (existsSync(file))
      for (const [k, v] of parseEnv(execFileSync(hostsScript, ['env'], { encoding: 'utf8' }))) vars[k] = v;
  }
  const names = (vars['HOSTS_TESTBED_NAMES'] ?? '').split(',').filter(Boolean);
  const addresses = (vars['HOSTS_TESTBED_ADDRESSES'] ?? '').split(',');
  if (names.length === 0)
    throw new Error(
      'the hosts testbed is not running: start it with scripts/testbed/hosts start (scripts/test starts it itself)',
    );
  return { hosts: new Map(names.map((n, i) => [n, addresses[i]!])), local: vars['HOSTS_TESTBED_LOCAL']! };
};

const parseEnv = (text: string): [string, string][] =>
  text
    .split('\n')
    .map((l) => /^(HOSTS_TESTBED_\w+)=(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!, m[2]!]);

const runHosts = (env: NodeJS.ProcessEnv, args: string[]) => {
  try {
    return {
      code: 0,
      out: execFileSync(hostsScript, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  } catch (err) {
    const e = err as { status: number | null; stdout?: string; stderr?: string };
    return { code: e.status ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
};

/** Runs the testbed script (cut, heal, kill, delay …); its exit code and what it printed. */
export const hostsCommand = Object.assign((...args: string[]) => runHosts(process.env, args), {
  /** The same, with another environment (a separate instance: HOSTS_TESTBED_PREFIX, _NET). */
  withEnv: (env: NodeJS.ProcessEnv, ...args: string[]) => runHosts(env, args),
});

/** Runs Node.js code in a host (this process's Node.js binary); resolves with what it printed. */
export const nodeIn = (host: string, code: string, ms = 10_000) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(hostsScript, ['exec', host, process.execPath, '-e', code], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve({ code: c, out: out.trim() });
    });
  });

/** A TCP server in a host answering "hi" to every connection, until `stop`. */
export const serveIn = async (host: string, address: string, port: number) => {
  const child = spawn(
    hostsScript,
    [
      'exec',
      host,
      process.execPath,
      '-e',
      `require('net').createServer((s) => s.end('hi')).listen(${port}, '${address}', () => console.log('listening'))`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => b.toString().includes('listening') && resolve());
    child.on('exit', (c) => reject(new Error(`the server in ${host} exited ${c}`)));
  });
  return { stop: () => child.kill('SIGKILL') };
};

/** Node.js code that connects to address:port and prints what happened: "hi", or the error's code. */
export const connectCode = (address: string, port: number, ms = 1500) =>
  `const s = require('net').connect(${port}, '${address}'); let got = ''; s.setTimeout(${ms}, () => { console.log('TIMEOUT'); process.exit(0); }); s.on('data', (d) => (got += d)); s.on('end', () => { console.log(got); process.exit(0); }); s.on('error', (e) => { console.log(e.code); process.exit(0); });`;

/** Whether a host's network namespace exists (ip netns list). */
export const namespaces = (): string[] =>
  execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.split(' ')[0]!)
    .filter(Boolean);

export const bridgeExists = (name = 'svhbr0') => {
  try {
    execFileSync('ip', ['link', 'show', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** A surveyor command (`worker`, say) in a host: its output, and a wait for a line from an offset on. */
export const cliIn = (host: string, args: readonly string[], env: NodeJS.ProcessEnv) =>
  scriptIn(host, cliPath, args, env);

/** A Node.js script in a host, as `cliIn`. */
export const scriptIn = (
  host: string,
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
) => {
  const child = spawn(hostsScript, ['exec', host, process.execPath, script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const waitFor = async (re: RegExp, ms: number, from = 0) => {
    const end = Date.now() + ms;
    while (!re.test(out.slice(from))) {
      if (Date.now() > end)
        throw new Error(`${host}: no ${re} within ${ms} ms; output:\n${out.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { host, child, output: () => out, waitFor };
};
