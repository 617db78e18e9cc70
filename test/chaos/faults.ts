// The faults the chaos suite injects, each on the real thing: processes SIGKILLed, PostgreSQL
// stopped and started, the login node's sshd and the island manager restarted (by the testbeds'
// own scripts), an SSH connection cut in the middle of an upload, and the network between hosts:
// a worker's or the scheduler leader's host cut off from PostgreSQL (nftables on the host), the
// database link slow and lossy (latency in the link proxy, loss by nftables), the login node's
// link flapping while runs are submitted; and the facility's site limit lowered while the other
// user's jobs fill its nodes.
import { execFile } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { hostsCommand } from '../support/hosts.js';
import { type SlurmTestbed, setFacilitySubmitLimit } from '../support/slurm.js';
import type { LinkRouter } from '../support/linkRouter.js';
import type { TcpProxy } from '../support/tcpProxy.js';
import type { Cluster } from './cluster.js';
import { chaosModule } from './project.js';

export const faultKinds = [
  'worker',
  'scheduler',
  'discovery',
  'database',
  'database-crash',
  'sshd',
  'dim',
  'ssh-cut',
  'worker-partition',
  'leader-partition',
  'database-link',
  'login-flap',
  'maintenance',
  'site-limit',
] as const;
export type FaultKind = (typeof faultKinds)[number];

const testbed = (name: string) => fileURLToPath(new URL(`../../../scripts/testbed/${name}`, import.meta.url));
const run = promisify(execFile);

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

const did = (what: string): Injected => ({ what, happened: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the hosts testbed's script; a fault that cannot be set up is an error, not a silent no-op. */
const hosts = (...args: string[]) => {
  const r = hostsCommand(...args);
  if (r.code !== 0) throw new Error(`scripts/testbed/hosts ${args.join(' ')}: ${r.out}`);
};

/** The host's traffic to PostgreSQL (through the database link) dropped, for `ms`. */
const cutFromDatabase = async (x: FaultContext, host: string, ms: number) => {
  hosts('block', host, x.links.database.address, String(x.links.database.port));
  try {
    await sleep(ms);
  } finally {
    hosts('unblock', host);
  }
};

/**
 * How many runs on a backend are running remotely now; when none is, starts one and waits until it
 * runs, so that a restart of that backend lands in the middle of a run, not between runs.
 */
const inFlight = async (x: FaultContext, backend: 'daliuge' | 'slurm'): Promise<number> => {
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

/** Injects one fault and says what it did. */
export const inject = async (kind: FaultKind, x: FaultContext): Promise<Injected> => {
  switch (kind) {
    case 'worker': {
      const others = x.cluster.workers.filter((w) => w !== x.cluster.leader());
      const w = others[x.rand.between(0, others.length - 1)] ?? x.cluster.workers[0]!;
      const pause = x.rand.between(200, 2500);
      await x.cluster.killWorker(w, pause);
      return did(`SIGKILL ${w.name}, started again after ${pause} ms`);
    }
    case 'scheduler': {
      const leader = x.cluster.leader();
      const w = leader ?? x.cluster.workers[0]!;
      const pause = x.rand.between(200, 2500);
      await x.cluster.killWorker(w, pause);
      return did(
        `SIGKILL ${w.name}${leader ? ' (the scheduler leader)' : ' (no leader yet)'}, started again after ${pause} ms`,
      );
    }
    case 'discovery': {
      // The worker that runs a discovery batch is killed in the middle of it: found by its lease.
      await x.discover();
      const end = Date.now() + 5000;
      while (Date.now() < end) {
        const job = await x.cluster.db.oneOrNone<{ lease_owner: string }>(
          "SELECT lease_owner FROM jobs WHERE kind = 'discovery.batch' AND state = 'running' LIMIT 1",
        );
        const w = job && x.cluster.workers.find((w) => x.cluster.workerId(w) === job.lease_owner);
        if (w) {
          const pause = x.rand.between(200, 2500);
          await x.cluster.killWorker(w, pause);
          return did(`SIGKILL ${w.name} while it ran a discovery batch, started again after ${pause} ms`);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      return { what: 'no discovery batch was seen running within 5 s: nothing killed', happened: false };
    }
    case 'database': {
      const down = x.rand.between(3000, 8000);
      await x.cluster.stopDb();
      // A user creates an execution meanwhile: the API answers 503 until the database is back.
      const during = x.startRun(x.rand.next() < 0.5 ? 'daliuge' : 'slurm');
      await new Promise((r) => setTimeout(r, down));
      await x.cluster.startDb();
      await during;
      return did(`PostgreSQL stopped for ${down} ms (an execution created meanwhile), then started`);
    }
    case 'database-crash': {
      // An execution the API has just acknowledged (created, asked to run), then PostgreSQL
      // SIGKILLed: what a client was told succeeded must be there after crash recovery (the count
      // looks every acknowledged execution up, and it must end).
      await x.startRun(x.rand.next() < 0.5 ? 'daliuge' : 'slurm');
      await x.cluster.crashDb();
      const down = x.rand.between(1000, 4000);
      await new Promise((r) => setTimeout(r, down));
      await x.cluster.startDb();
      return did(
        `PostgreSQL SIGKILLed right after an execution was acknowledged, started again (crash recovery) after ${down} ms`,
      );
    }
    case 'sshd': {
      const down = x.rand.between(1, 4);
      const running = await inFlight(x, 'slurm');
      await run(testbed('slurm'), ['restart-sshd', String(down)], { timeout: 60_000 });
      return did(
        `sshd killed with its connections while ${running} Slurm run(s) ran, started again after ${down} s`,
      );
    }
    case 'dim': {
      const down = x.rand.between(1, 4);
      const running = await inFlight(x, 'daliuge');
      await run(testbed('daliuge'), ['restart-dim', String(down)], { timeout: 150_000 });
      return did(`island manager SIGKILLed while ${running} session(s) ran, started again after ${down} s`);
    }
    case 'worker-partition': {
      // A run in flight, then a worker cut off from PostgreSQL at a random point of it, for longer
      // than its lease: another worker takes its jobs over; once healed, it must write nothing.
      const others = x.cluster.workers.filter((w) => w !== x.cluster.leader());
      const w = others[x.rand.between(0, others.length - 1)] ?? x.cluster.workers[0]!;
      await x.startRun(x.rand.next() < 0.5 ? 'daliuge' : 'slurm');
      await sleep(x.rand.between(0, 3000));
      const hold = 3 * x.leaseSeconds * 1000 + x.rand.between(0, 3000);
      await cutFromDatabase(x, w.host, hold);
      return did(`${w.name} (${w.host}) cut off from PostgreSQL for ${hold} ms, then healed`);
    }
    case 'leader-partition': {
      // Right after a fault that ended the leader (a SIGKILL, PostgreSQL stopped), another process
      // leads only at its next check: wait for one.
      let leader = x.cluster.leader();
      for (const end = Date.now() + 30_000; !leader && Date.now() < end; leader = x.cluster.leader())
        await sleep(200);
      if (!leader) return { what: 'no scheduler leader within 30 s to cut off', happened: false };
      const from = new Map(x.cluster.workers.map((w) => [w, w.proc.output().length]));
      const at = Date.now();
      hosts('block', leader.host, x.links.database.address, String(x.links.database.port));
      let next: string | null = null;
      try {
        // Another process leads once PostgreSQL frees the lock (its keepalives: about 11 s).
        while (!next && Date.now() - at < 60_000) {
          next =
            x.cluster.workers.find(
              (w) =>
                w !== leader &&
                w.proc
                  .output()
                  .slice(from.get(w) ?? 0)
                  .includes('became the scheduler leader'),
            )?.name ?? null;
          await sleep(100);
        }
        await sleep(2000);
      } finally {
        hosts('unblock', leader.host);
      }
      const took = ((Date.now() - at) / 1000).toFixed(1);
      return next
        ? did(
            `scheduler leader ${leader.name} (${leader.host}) cut off from PostgreSQL: ${next} led within ${took} s; healed`,
          )
        : {
            what: `scheduler leader ${leader.name} cut off for 60 s and nobody else led; since the cut: ${x.cluster.workers
              .filter((w) => w !== leader)
              .map((w) => `${w.name}: ${leaderLines(w.proc.output().slice(from.get(w) ?? 0))}`)
              .join('; ')}`,
            happened: false,
          };
    }
    case 'database-link': {
      // Every worker's database link: 200 ms round trip and 5% of packets lost, for a minute.
      await x.links.database.latency(200);
      for (const w of x.cluster.workers) hosts('loss', w.host, '5');
      try {
        await x.startRun('daliuge');
        await x.startRun('slurm');
        await sleep(60_000);
      } finally {
        await x.links.database.latency(0);
        for (const w of x.cluster.workers) hosts('loss', w.host, '0');
      }
      return did("200 ms round trip and 5% loss on every worker's database link for 60 s");
    }
    case 'maintenance': {
      // A maintenance window on both backends that ends by itself: runs asked for meanwhile wait,
      // pending, with nothing sent; it is extended once while it holds (a replace, as a window
      // that runs over), and at its end they go on with nobody resuming it. The verdict then
      // counts them like every other run: ended, once.
      const since = new Date();
      const ms = x.rand.between(3000, 6000);
      await x.pauseAll(`chaos maintenance window (${ms} ms)`, ms);
      await x.startRun('daliuge');
      await x.startRun('slurm');
      await sleep(1500); // several execution ticks
      const held = Number(
        (
          await x.cluster.db.one<{ n: string }>(
            `SELECT count(*) AS n FROM executions
             WHERE created_at >= $1 AND state = 'pending' AND execute_requested_at IS NOT NULL
               AND project_module = $2`,
            [since, chaosModule],
          )
        ).n,
      );
      const extra = x.rand.between(1000, 3000);
      const end = since.getTime() + ms + extra;
      await x.pauseAll(`chaos maintenance window, extended by ${extra} ms`, end - Date.now());
      await sleep(end - Date.now() + 1500);
      return {
        what: `every profile paused for ${ms} ms, extended by ${extra} ms; ${held} of the 2 runs asked for meanwhile held pending`,
        happened: held === 2,
      };
    }
    case 'login-flap': {
      // The login node's link goes down and up while sbatch holds the answer for a job it has
      // submitted (the testbed's sbatch hook), then while runs are uploaded and polled.
      const hook = join(x.slurmHome, 'sbatch-hook');
      const reached = `${hook}.reached`;
      const flap = async (times: number) => {
        for (let i = 0; i < times; i++) {
          for (const w of x.cluster.workers) hosts('block', w.host, x.links.local, String(x.links.sshPort));
          await sleep(x.rand.between(300, 2000));
          for (const w of x.cluster.workers) hosts('unblock', w.host);
          await sleep(x.rand.between(300, 2000));
        }
      };
      rmSync(reached, { force: true });
      writeFileSync(hook, 'after', { mode: 0o644 });
      try {
        await x.startRun('slurm');
        const end = Date.now() + 60_000;
        while (!existsSync(reached) && Date.now() < end) await sleep(100);
        if (!existsSync(reached))
          return { what: 'no sbatch came within 60 s: no flap during one', happened: false };
        await flap(3);
      } finally {
        rmSync(hook, { force: true });
      }
      await x.startRun('slurm');
      await flap(3);
      rmSync(reached, { force: true });
      return did(
        "the login node's link went down and up 6 times, 3 of them while sbatch held the answer for a job it had submitted",
      );
    }
    case 'site-limit': {
      // The other user's jobs fill the facility's nodes, and the site lowers its QOS to one job
      // submitted per user while groups of the survey arrive: sbatch refuses what is past the
      // limit (QOSMaxSubmitJobPerUserLimit), those runs wait with no attempt spent, and they are
      // submitted once the limit is back and a poll round counts room. The verdict counts them
      // like every other run: ended, once, every source of the survey in one run.
      const since = new Date();
      const f = x.slurm.facility;
      const busy = x.rand.between(10, 30);
      await run(testbed('slurm'), ['compete', String(f.nodes.length), String(busy)], { timeout: 60_000 });
      setFacilitySubmitLimit(x.slurm, 1);
      let waited = 0;
      try {
        await x.addGroup();
        await x.addGroup();
        // Another group every 20 s until one waits: two runs of ours may have ended before the
        // second was submitted, leaving room under the lowered limit.
        let more = Date.now() + 20_000;
        for (const end = Date.now() + 120_000; waited === 0 && Date.now() < end; await sleep(500)) {
          if (Date.now() > more) {
            await x.addGroup();
            more = Date.now() + 20_000;
          }
          waited = Number(
            (
              await x.cluster.db.one<{ n: string }>(
                `SELECT count(DISTINCT subject_id) AS n FROM provenance_events
                  WHERE kind = 'execution.waiting_on_site_limit' AND created_at >= $1`,
                [since],
              )
            ).n,
          );
        }
        await sleep(x.rand.between(1000, 5000));
      } finally {
        setFacilitySubmitLimit(x.slurm, f.maxSubmit);
      }
      return waited > 0
        ? did(
            `the other user's jobs held the facility's ${f.nodes.length} nodes for ${busy} s; its QOS took one job of ours until ${waited} run(s) waited on it, then ${f.maxSubmit} again`,
          )
        : { what: 'no run waited on the lowered site limit within 120 s', happened: false };
    }
    case 'ssh-cut': {
      // The job's files are one script of kilobytes from the worker; commands and polls are a few hundred bytes.
      // A worker with a backlog (after a slow database link, say) may take a while to upload.
      const cut = x.sshProxy.cutNextUpload(4000, 150_000);
      await x.startRun('slurm');
      const r = await cut;
      return r.cut
        ? did(`SSH connection cut after ${r.bytes} bytes of an upload`)
        : { what: 'no upload came within 150 s: nothing was cut', happened: false };
    }
  }
};

/** What a worker's log says about leading (its last few such lines), to explain a failed handover. */
const leaderLines = (log: string): string => {
  const lines = log.split('\n').filter((l) => /leader/.test(l));
  return lines.length === 0 ? 'nothing about leading' : lines.slice(-3).join(' | ');
};
