// A TCP proxy that can cut the next upload mid-stream, or be pointed elsewhere (as an operator's
// proxy in front of PostgreSQL is after a failover).
import { createServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface CutResult {
  /** Whether an upload was seen and its connection cut; false when none came within the wait. */
  readonly cut: boolean;
  /** Bytes the client sent in the burst that was cut. */
  readonly bytes: number;
}

export interface TcpProxy {
  readonly port: number;
  /**
   * Cuts (destroys both sides of) the next connection that carries an upload: a burst of at least
   * `minBytes` from the client within a quarter of a second. SSH commands and poll answers are a
   * few hundred bytes; the job's files (one script, stageScript) are one burst of kilobytes.
   */
  cutNextUpload(minBytes: number, waitMs: number): Promise<CutResult>;
  /** Sends new connections to `target` and ends every open one. */
  retarget(target: { host: string; port: number }): void;
  close(): Promise<void>;
}

const burstWindowMs = 250;

/** A TCP proxy in front of `target` that can cut a connection in the middle of an upload. */
export const tcpProxy = async (
  first: { host: string; port: number },
  listenHost = '127.0.0.1',
  listenPort = 0,
): Promise<TcpProxy> => {
  let target = first;
  const open = new Set<Socket>();
  let armed: { minBytes: number; done: (r: CutResult) => void } | null = null;
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    let burst = 0;
    let burstStart = 0;
    client.on('data', (b: Buffer) => {
      const now = Date.now();
      if (now - burstStart > burstWindowMs) {
        burst = 0;
        burstStart = now;
      }
      burst += b.length;
      if (armed && burst >= armed.minBytes) {
        const a = armed;
        armed = null;
        end();
        a.done({ cut: true, bytes: burst });
        return;
      }
      upstream.write(b);
    });
    upstream.on('data', (b: Buffer) => client.write(b));
    for (const s of [client, upstream]) {
      s.on('error', end);
      s.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(listenPort, listenHost, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cutNextUpload: (minBytes, waitMs) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          armed = null;
          resolve({ cut: false, bytes: 0 });
        }, waitMs);
        armed = {
          minBytes,
          done: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        };
      }),
    retarget: (next) => {
      target = next;
      for (const s of open) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
};
