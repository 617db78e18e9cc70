// A router host between other hosts and a server on this machine: a link proxy (linkProxy.ts) in a
// host of the hosts testbed, whose kernel notices a client that is gone within seconds and then
// closes the connection to the server, so the server learns of a partition as it would with no
// proxy in between (the host's own sysctls):
// - a client gone idle: keepalive after 1 s, probes 1 s apart, 3 of them;
// - a client that stops acknowledging what was sent to it: 5 retransmissions, at most 1 s apart
//   where the kernel lets the wait be capped (6.15 on), about 6 s. TCP's defaults take 15 minutes or
//   more (this project's machines start a connection's retransmission wait at about 30 s); the
//   leader's database session bounds the same case by `tcp_user_timeout`.
// The latency it adds is set while it runs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hostsCommand, hostsScript } from './hosts.js';

export interface LinkRouter {
  readonly host: string;
  readonly address: string;
  readonly port: number;
  latency(roundTripMs: number): Promise<void>;
  close(): Promise<void>;
}

const main = fileURLToPath(new URL('./linkRouterMain.js', import.meta.url));

export const startLinkRouter = async (
  host: string,
  address: string,
  target: { host: string; port: number },
): Promise<LinkRouter> => {
  for (const [k, v] of [
    ['net.ipv4.tcp_keepalive_intvl', '1'],
    ['net.ipv4.tcp_keepalive_probes', '3'],
    ['net.ipv4.tcp_retries2', '5'],
    ...(existsSync('/proc/sys/net/ipv4/tcp_rto_max_ms') ? [['net.ipv4.tcp_rto_max_ms', '1000']] : []),
  ]) {
    const r = hostsCommand('exec', host, 'sysctl', '-q', '-w', `${k}=${v}`);
    if (r.code !== 0) throw new Error(`sysctl ${k} in ${host}: ${r.out}`);
  }
  const child = spawn(
    hostsScript,
    ['exec', host, process.execPath, main, address, target.host, String(target.port)],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const line = (re: RegExp, ms = 10_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const end = Date.now() + ms;
      const check = () => {
        const m = re.exec(out);
        if (m) return resolve(m);
        if (child.exitCode !== null || Date.now() > end)
          return reject(new Error(`the link router in ${host}: no ${re}; output:\n${out.slice(-2000)}`));
        setTimeout(check, 50);
      };
      check();
    });
  const port = Number((await line(/listening (\d+)/))[1]);
  return {
    host,
    address,
    port,
    latency: async (ms) => {
      const seen = out.length;
      child.stdin.write(`latency ${Math.round(ms)}\n`);
      await new Promise<void>((resolve, reject) => {
        const end = Date.now() + 5000;
        const check = () =>
          out.slice(seen).includes(`latency ${Math.round(ms)}`)
            ? resolve()
            : Date.now() > end
              ? reject(new Error(`the link router in ${host} did not take latency ${ms}`))
              : setTimeout(check, 20);
        check();
      });
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
};
