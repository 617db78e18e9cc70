// The network faults of the chaos suite, between the hosts our scripts make: a worker's or the
// scheduler leader's host cut off from PostgreSQL (nftables on the host), the database link slow
// and lossy (latency in the link proxy, loss by nftables), the login node's link flapping while
// runs are submitted, and an SSH connection cut in the middle of an upload.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostsCommand } from '../support/hosts.js';
import { did, type FaultContext, type Injected, sleep } from './faultContext.js';

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

const workerPartition = async (x: FaultContext): Promise<Injected> => {
  // A run in flight, then a worker cut off from PostgreSQL at a random point of it, for longer
  // than its lease: another worker takes its jobs over; once healed, it must write nothing.
  const others = x.cluster.workers.filter((w) => w !== x.cluster.leader());
  const w = others[x.rand.between(0, others.length - 1)] ?? x.cluster.workers[0]!;
  await x.startRun(x.rand.next() < 0.5 ? 'daliuge' : 'slurm');
  await sleep(x.rand.between(0, 3000));
  const hold = 3 * x.leaseSeconds * 1000 + x.rand.between(0, 3000);
  await cutFromDatabase(x, w.host, hold);
  return did(`${w.name} (${w.host}) cut off from PostgreSQL for ${hold} ms, then healed`);
};

const leaderPartition = async (x: FaultContext): Promise<Injected> => {
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
};

const databaseLink = async (x: FaultContext): Promise<Injected> => {
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
};

const loginFlap = async (x: FaultContext): Promise<Injected> => {
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
};

const sshCut = async (x: FaultContext): Promise<Injected> => {
  // The job's files are one script of kilobytes from the worker; commands and polls are a few hundred bytes.
  // A worker with a backlog (after a slow database link, say) may take a while to upload.
  const cut = x.sshProxy.cutNextUpload(4000, 150_000);
  await x.startRun('slurm');
  const r = await cut;
  return r.cut
    ? did(`SSH connection cut after ${r.bytes} bytes of an upload`)
    : { what: 'no upload came within 150 s: nothing was cut', happened: false };
};

/** The network faults by kind. */
export const networkFaults = {
  'worker-partition': workerPartition,
  'leader-partition': leaderPartition,
  'database-link': databaseLink,
  'login-flap': loginFlap,
  'ssh-cut': sshCut,
} as const;

/** What a worker's log says about leading (its last few such lines), to explain a failed handover. */
const leaderLines = (log: string): string => {
  const lines = log.split('\n').filter((l) => /leader/.test(l));
  return lines.length === 0 ? 'nothing about leading' : lines.slice(-3).join(' | ');
};
