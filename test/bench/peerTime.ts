// The time a run spends waiting on its peers, for the latency bench: every HTTP exchange this
// process makes (node:http's diagnostics channels: the translator, the island manager) from the
// request's creation to its response's end, and every SSH command (the pool's own calls, the job's
// files included), kept as intervals so a step's window can take the part that was the peer's.
// Nothing in the service is changed for it; it observes from the bench.
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { SshPool } from '../../adapters/slurm/sshPool.js';

export interface Interval {
  readonly peer: string;
  /** The request's method and path (HTTP); empty for SSH. */
  readonly path: string;
  readonly from: number;
  readonly to: number;
}

const intervals: Interval[] = [];
const started = new WeakMap<ClientRequest, number>();

/** The peer a request went to, when it is one of `httpPorts` (the Host header names it even when
 * its socket is closed by now). */
const peerOf = (request: ClientRequest, httpPorts: readonly number[]): string | null => {
  const host = String(request.getHeader('host') ?? '');
  return httpPorts.includes(Number(host.split(':').pop())) ? `http ${host}` : null;
};

/** Starts observing (once per process) HTTP to these ports, and SSH. */
export const observePeers = (httpPorts: readonly number[]): void => {
  subscribe('http.client.request.created', (m) => {
    started.set((m as { request: ClientRequest }).request, Date.now());
  });
  subscribe('http.client.response.finish', (m) => {
    const { request, response } = m as { request: ClientRequest; response: IncomingMessage };
    const from = started.get(request);
    const peer = peerOf(request, httpPorts);
    if (from === undefined || peer === null) return;
    // The body is read after this; its end is when the exchange is over for the caller.
    const path = `${request.method} ${request.path}`;
    response.once('end', () => intervals.push({ peer, path, from, to: Date.now() }));
  });
  // An exchange that failed (our timeout, a reset) was a wait on the peer all the same.
  subscribe('http.client.request.error', (m) => {
    const { request } = m as { request: ClientRequest };
    const from = started.get(request);
    const peer = peerOf(request, httpPorts);
    if (from === undefined || peer === null) return;
    intervals.push({
      peer: `${peer} (failed)`,
      path: `${request.method} ${request.path}`,
      from,
      to: Date.now(),
    });
  });
  // Every SSH command (the job's files go up in one, stageScript), wrapped on the pool's prototype.
  const exec = SshPool.prototype.exec;
  SshPool.prototype.exec = async function (this: SshPool, ...args: Parameters<SshPool['exec']>) {
    const from = Date.now();
    try {
      return await exec.apply(this, args);
    } finally {
      intervals.push({ peer: 'ssh exec', path: '', from, to: Date.now() });
    }
  };
};

/**
 * Milliseconds of [from, to] covered by peer intervals (overlaps counted once). `mine` keeps the
 * calls that were this run's: the island manager's polls of runs before it (which go on while it
 * runs) are not its wait.
 */
export const peerMs = (from: number, to: number, mine: (i: Interval) => boolean = () => true): number => {
  const parts = intervals
    .filter((i) => i.to > from && i.from < to && mine(i))
    .map((i) => [Math.max(i.from, from), Math.min(i.to, to)] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = from;
  for (const [a, b] of parts) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
};

/** Forgets what is older than `before` (runs are measured one after another). */
export const forgetBefore = (before: number): void => {
  const keep = intervals.filter((i) => i.to >= before);
  intervals.length = 0;
  intervals.push(...keep);
};

export const debugIntervals = (from: number, to: number) =>
  intervals.filter((i) => i.to > from && i.from < to);
