// A TCP proxy that behaves like a long link, in user space (this project's kernels have no netem
// or tbf): every chunk arrives half the round trip later, in order, and at most `windowBytes` are
// in flight each way, as a TCP window bounds a real long link (throughput at most window / round
// trip). `cut()` drops every open connection, as a link that fails mid-transfer does.
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * Writes to `to` what `from` sends, each chunk `oneWay()` ms later and in order (one queue and one
 * timer: timers of different delays due at the same millisecond may fire in either order), with at
 * most `windowBytes` in flight, and ends `to` after the last chunk arrived.
 */
export const delayedPipe = (
  from: Socket,
  to: Socket,
  oneWay: () => number,
  windowBytes = Number.POSITIVE_INFINITY,
) => {
  let inFlight = 0;
  let draining = false;
  let ended = false;
  // One queue and one timer per direction: timers of different delays due at the same
  // millisecond may fire in either order, and bytes must arrive in the order they were sent.
  const queue: { at: number; b: Buffer }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const maybeResume = () => {
    if (!draining && inFlight <= windowBytes && from.isPaused()) from.resume();
  };
  const flush = () => {
    timer = null;
    const now = Date.now();
    while (queue.length > 0 && queue[0]!.at <= now) {
      const { b } = queue.shift()!;
      inFlight -= b.length;
      if (!to.destroyed && !to.write(b)) {
        draining = true;
        from.pause();
      }
    }
    if (queue.length > 0) timer = setTimeout(flush, queue[0]!.at - now);
    else if (ended) to.end();
    maybeResume();
  };
  to.on('drain', () => {
    draining = false;
    maybeResume();
  });
  // Nothing more can arrive: a held chunk's timer must not keep the process alive.
  to.on('close', () => {
    if (timer) clearTimeout(timer);
    timer = null;
    queue.length = 0;
  });
  from.on('data', (b: Buffer) => {
    inFlight += b.length;
    if (inFlight > windowBytes) from.pause();
    const delay = oneWay();
    if (delay === 0 && queue.length === 0) {
      inFlight -= b.length;
      if (!to.destroyed && !to.write(b)) {
        draining = true;
        from.pause();
      }
      return;
    }
    queue.push({ at: Date.now() + delay, b });
    if (timer === null) timer = setTimeout(flush, delay);
  });
  // Ends after the last chunk it carried has arrived.
  from.on('end', () => {
    ended = true;
    if (timer === null && queue.length === 0) to.end();
  });
};

export interface ShapedLink {
  readonly port: number;
  cut(): void;
  close(): Promise<void>;
}

export const shapedLink = async (
  target: { host: string; port: number },
  roundTripMs: number,
  windowBytes: number,
): Promise<ShapedLink> => {
  const oneWay = Math.round(roundTripMs / 2);
  const open = new Set<Socket>();
  const pipe = (from: Socket, to: Socket) => delayedPipe(from, to, () => oneWay, windowBytes);
  const server = createServer((client) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      for (const s of open) s.destroy();
    },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
};
