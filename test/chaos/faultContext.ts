// What a fault gets (the cluster, its links, its testbeds, the runs it may start) and says.
import type { SlurmTestbed } from '../support/slurm.js';
import type { LinkRouter } from '../support/linkRouter.js';
import type { TcpProxy } from '../support/tcpProxy.js';
import type { Cluster } from './cluster.js';

/** A seeded generator (mulberry32), so a run's faults can be replayed with its seed. */
export const seeded = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    shuffle: <T>(xs: readonly T[]): T[] => {
      const out = [...xs];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
};

export interface FaultContext {
  readonly cluster: Cluster;
  readonly sshProxy: TcpProxy;
  /** What the workers' hosts reach over the bridge: this machine's address (sshd's proxy there), the database's router. */
  readonly links: { readonly local: string; readonly database: LinkRouter; readonly sshPort: number };
  /** The Slurm login user's home: the testbed's sbatch hook lives there. */
  readonly slurmHome: string;
  /** How long a worker's lease lasts (a partition outlasts it). */
  readonly leaseSeconds: number;
  readonly rand: ReturnType<typeof seeded>;
  /** Creates and executes one run on a backend (the API asked again until it answers). */
  readonly startRun: (backend: 'daliuge' | 'slurm') => Promise<void>;
  /** Asks for a discovery of every source (several batch jobs). */
  readonly discover: () => Promise<void>;
  /** Pauses every profile from now for `ms` (replacing a pause they have), to end by itself. */
  readonly pauseAll: (reason: string, ms: number) => Promise<void>;
  /** Registers a group of new sources of the survey automation runs on the facility, and asks for their discovery. */
  readonly addGroup: () => Promise<void>;
  /** The Slurm testbed (its facility: partition, nodes, QOS and limits). */
  readonly slurm: SlurmTestbed;
}

export interface Injected {
  readonly what: string;
  /** False when the fault could not be made to happen (the run then fails: it proved less). */
  readonly happened: boolean;
}

export const did = (what: string): Injected => ({ what, happened: true });
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How many runs on a backend are running remotely now; when none is, starts one and waits until it
 * runs, so that a restart of that backend lands in the middle of a run, not between runs.
 */
export const inFlight = async (x: FaultContext, backend: 'daliuge' | 'slurm'): Promise<number> => {
  const kind = backend === 'daliuge' ? 'rest_remote' : 'batch_remote';
  const count = async () =>
    Number(
      (
        await x.cluster.db.one<{ n: string }>(
          "SELECT count(*) AS n FROM executions WHERE state = 'running' AND profile_snapshot->'deployment'->>'kind' = $1",
          [kind],
        )
      ).n,
    );
  const now = await count();
  if (now > 0) return now;
  await x.startRun(backend);
  const end = Date.now() + 60_000;
  for (;;) {
    const n = await count();
    if (n > 0 || Date.now() > end) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
};
