// A TCP proxy that can slow a link down: every chunk waits half the round trip set with `latency`
// in each direction, in order. This project's kernels have no netem, so latency is added here, in
// user space; loss is the kernel's (scripts/testbed/hosts loss), partitions too (block, cut).
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { delayedPipe } from './shapedLink.js';

export interface LinkProxy {
  readonly host: string;
  readonly port: number;
  /** Sets the added round trip in milliseconds (0: none) for every connection, open ones too. */
  latency(roundTripMs: number): void;
  close(): Promise<void>;
}

/**
 * `keepAliveMs`: TCP keepalive on the client side after that much idle time, so that a client that
 * is gone (its host cut off) is noticed and its upstream connection closed, as the server itself
 * would notice it without a proxy in between (probe interval and count: the namespace's sysctls).
 */
export const linkProxy = async (
  target: { host: string; port: number },
  listenHost = '127.0.0.1',
  keepAliveMs = 0,
): Promise<LinkProxy> => {
  let oneWayMs = 0;
  const open = new Set<Socket>();
  // In order, after the one-way delay of the moment each chunk arrives (shapedLink.ts).
  const pipe = (from: Socket, to: Socket) => delayedPipe(from, to, () => oneWayMs);
  const server = createServer((client) => {
    if (keepAliveMs > 0) client.setKeepAlive(true, keepAliveMs);
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    pipe(client, upstream);
    pipe(upstream, client);
    for (const s of [client, upstream]) {
      s.on('error', end);
      s.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  return {
    host: listenHost,
    port: (server.address() as AddressInfo).port,
    latency: (ms) => {
      oneWayMs = Math.max(0, Math.round(ms / 2));
    },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
};
