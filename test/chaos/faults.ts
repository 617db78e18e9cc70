// The faults the chaos suite injects, each on the real thing: processes SIGKILLed, the login
// node's sshd and the island manager restarted (by the testbeds' own scripts), a maintenance window
// on every profile, and the facility's site limit lowered while the other user's jobs fill its
// nodes; PostgreSQL's (stopped, crashed, failed over, restored) are databaseFaults.ts's, the
// network faults between hosts networkFaults.ts's.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setFacilitySubmitLimit } from '../support/slurm.js';
import { databaseFaults } from './databaseFaults.js';
import { did, type FaultContext, type Injected, inFlight, sleep } from './faultContext.js';
import { networkFaults } from './networkFaults.js';
import { chaosModule } from './project.js';

export { type FaultContext, type Injected, seeded } from './faultContext.js';

export const faultKinds = [
  'worker',
  'scheduler',
  'discovery',
  'database',
  'database-crash',
  'promotion',
  'restore',
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

const isNetwork = (k: FaultKind): k is keyof typeof networkFaults => k in networkFaults;
const isDatabase = (k: FaultKind): k is keyof typeof databaseFaults => k in databaseFaults;

/** Injects one fault and says what it did. */
export const inject = async (kind: FaultKind, x: FaultContext): Promise<Injected> => {
  if (isNetwork(kind)) return networkFaults[kind](x);
  if (isDatabase(kind)) return databaseFaults[kind](x);
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
  }
};
