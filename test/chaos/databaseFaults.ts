// The chaos suite's faults of PostgreSQL itself: stopped and started, SIGKILLed (crash recovery),
// its machine lost with a streaming standby promoted in its place, and restored from a backup
// taken before runs were submitted. Each happens while runs are in flight.
import { unsubmittedStates } from '../../core/domain/execution.js';
import { schedulerLockHeld } from '../support/schedulerLock.js';
import { holdsWithin } from '../support/until.js';
import { did, type FaultContext, type Injected, inFlight, sleep } from './faultContext.js';

const ids = (x: FaultContext) =>
  x.cluster.db.map('SELECT id FROM executions', [], (r: { id: string }) => r.id);

const database = async (x: FaultContext): Promise<Injected> => {
  const down = x.rand.between(3000, 8000);
  await x.cluster.stopDb();
  // A user creates an execution meanwhile: the API answers 503 until the database is back.
  const during = x.startRun(x.rand.next() < 0.5 ? 'daliuge' : 'slurm');
  await sleep(down);
  await x.cluster.startDb();
  await during;
  return did(`PostgreSQL stopped for ${down} ms (an execution created meanwhile), then started`);
};

const databaseCrash = async (x: FaultContext): Promise<Injected> => {
  // An execution the API has just acknowledged (created, asked to run), then PostgreSQL
  // SIGKILLed: what a client was told succeeded must be there after crash recovery (the count
  // looks every acknowledged execution up, and it must end).
  await x.startRun(x.rand.next() < 0.5 ? 'daliuge' : 'slurm');
  await x.cluster.crashDb();
  const down = x.rand.between(1000, 4000);
  await sleep(down);
  await x.cluster.startDb();
  return did(
    `PostgreSQL SIGKILLed right after an execution was acknowledged, started again (crash recovery) after ${down} ms`,
  );
};

const promotion = async (x: FaultContext): Promise<Injected> => {
  // A streaming standby that commits wait for, runs in flight on both backends, an execution
  // acknowledged a moment before, and then the primary's machine lost: the standby is promoted and
  // the database's address moved to it. The workers see a new copy (its timeline) and settle it;
  // the count finds the acknowledged execution and every run once; the lead is taken there.
  await x.cluster.addStandby();
  const slurm = await inFlight(x, 'slurm');
  const dim = await inFlight(x, 'daliuge');
  await x.startRun(x.rand.next() < 0.5 ? 'daliuge' : 'slurm');
  await sleep(x.rand.between(0, 1500));
  const lost = Date.now();
  await x.cluster.failOver();
  const promotedMs = Date.now() - lost;
  const led = await holdsWithin(60_000, () => schedulerLockHeld(x.cluster.db));
  const ledAfter = ((Date.now() - lost) / 1000).toFixed(1);
  return {
    what: `primary SIGKILLed with ${slurm} Slurm and ${dim} DALiuGE run(s) running; its synchronous standby promoted in ${promotedMs} ms and the address moved to it; the scheduler lead ${led ? `held there ${ledAfter} s after the loss` : 'not taken there within 60 s'}`,
    happened: led,
  };
};

const preSubmission = unsubmittedStates;
let restores = 0;

const restore = async (x: FaultContext): Promise<Injected> => {
  // A base backup (last night's), then runs asked for and a named restore point: the point's copy
  // holds them before their submission. Once one is submitted, the database is lost and recovered
  // from the backup to that point. The workers see a new copy, look every run it holds before
  // submission up on its backend by its names and adopt what they find: the count sees every
  // attempt once. Executions created after the point are lost with it, as with any restore.
  const backup = await x.cluster.backUp();
  await x.startRun('slurm');
  await x.startRun('daliuge');
  const held = await x.cluster.db.map(
    'SELECT id FROM executions WHERE state = ANY($1) AND execute_requested_at IS NOT NULL',
    [preSubmission],
    (r: { id: string }) => r.id,
  );
  const point = `chaos_restore_${++restores}`;
  await x.cluster.restorePoint(point);
  const submittedSince = () =>
    x.cluster.db.map(
      'SELECT id FROM executions WHERE id = ANY($1::uuid[]) AND NOT (state = ANY($2))',
      [held, preSubmission],
      (r: { id: string }) => r.id,
    );
  await holdsWithin(90_000, async () => (await submittedSince()).length > 0);
  await sleep(x.rand.between(0, 2000));
  const submitted = await submittedSince();
  const before = await ids(x);
  const restoring = new Date();
  await x.cluster.restore(backup, point);
  const after = new Set(await ids(x));
  const lost = before.filter((id) => !after.has(id));
  // Adopted after the restore: each execution submitted after the point, found on its backend by
  // the copy's settling (after_restore), or by the submit step's own lookup when a worker claimed
  // its job before its next heartbeat saw the new copy. Only events written since the restore count.
  const adopted = () =>
    x.cluster.db.one<{ settling: string; step: string }>(
      `SELECT count(DISTINCT subject_id) FILTER (WHERE payload->>'after_restore' = 'true') AS settling,
              count(DISTINCT subject_id) FILTER (WHERE payload->>'after_restore' IS NULL) AS step
         FROM provenance_events
        WHERE kind = 'execution.submitted' AND payload->>'adopted' = 'true' AND subject_id = ANY($1)
          AND created_at >= $2`,
      [submitted, restoring],
    );
  const count = async () => {
    const a = await adopted();
    return { settling: Number(a.settling), step: Number(a.step) };
  };
  const all = await holdsWithin(90_000, async () => {
    const c = await count();
    return c.settling + c.step === submitted.length;
  });
  const n = await count();
  return {
    what: `a base backup, ${held.length} run(s) asked for before a restore point; ${submitted.length} submitted after it, then the database recovered to the point: ${n.settling} of them adopted by the copy's settling, ${n.step} by the submit step's lookup${all ? '' : ' (not all within 90 s)'}; ${lost.length} execution(s) created after the point lost with it`,
    happened: submitted.length > 0 && all,
  };
};

export const databaseFaults = {
  database,
  'database-crash': databaseCrash,
  promotion,
  restore,
} as const;
