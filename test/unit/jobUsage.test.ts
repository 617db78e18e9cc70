// An ended Slurm job's accounting: the outcome carries sacct's final record, or waits for it (a
// bounded while) when sacct lags behind squeue or failed this round; a site without accounting
// ends at once without it.
import test from 'ava';
import { accountingWaitSeconds, withSacctUsage } from '../../adapters/slurm/jobUsage.js';
import { parsePoll } from '../../adapters/slurm/slurmPoll.js';
import type { RemoteOutcome } from '../../core/domain/backendStates.js';

const cancelled: RemoteOutcome = { kind: 'cancelled', remoteState: 'cancelled' };
const ended = 1795745595;
/** A round at `now` where squeue shows job 7 cancelled at `ended`, then `sacct` as given. */
const round = (now: number, sacct: string[]) =>
  parsePoll([`@@now ${now}`, '@@squeue 0', `7|CANCELLED|None||${ended}`, ...sacct, '@@status'].join('\n'));
const outcome = (now: number, sacct: string[]) => {
  const a = round(now, sacct);
  return withSacctUsage(a.jobs.get('7')!, cancelled, a);
};
const final = '7|surveyor-x-a1|CANCELLED by 1001|0:0|None assigned|1795745500|Unknown|1795745595|0|0|0|0|';

test("squeue's end time and the login node's clock are read from the round", (t) => {
  const a = round(ended + 3, ['@@sacct 0']);
  t.is(a.now, ended + 3);
  t.like(a.jobs.get('7'), { state: 'CANCELLED', endedAt: ended, from: 'squeue' });
  // A job not ended has no end yet, whatever squeue estimates.
  const running = parsePoll('@@squeue 0\n8|RUNNING|None|nid001|1795749999\n@@status');
  t.is(running.jobs.get('8')!.endedAt, undefined);
});

test("sacct's final record of an ended job goes with its end", (t) => {
  const o = outcome(ended + 1, ['@@sacct 0', final]);
  t.is(o.kind, 'cancelled');
  t.like(o.kind === 'cancelled' ? o.usage : null, {
    source: 'sacct',
    state: 'CANCELLED',
    endedAt: new Date(ended * 1000),
  });
});

test('sacct still listing the job as it was (slurmdbd behind the controller) is not its record', (t) => {
  const o = outcome(ended + 1, [
    '@@sacct 0',
    '7|surveyor-x-a1|PENDING|0:0|None assigned|1795745500|Unknown|Unknown|0|0|0|0|',
  ]);
  t.deepEqual(o, {
    kind: 'in_progress',
    remoteState: 'cancelled (awaiting accounting: sacct still says PENDING)',
    ended: true,
  });
});

test('sacct not listing it yet, or failing this round, is no answer: the job waits', (t) => {
  t.is(outcome(ended + 1, ['@@sacct 0']).kind, 'in_progress');
  const failed = outcome(ended + 1, ['@@sacct 1', 'sacct: error: slurmdbd: Connection refused']);
  t.deepEqual(failed, {
    kind: 'in_progress',
    remoteState: 'cancelled (awaiting accounting: sacct failed: sacct: error: slurmdbd: Connection refused)',
    ended: true,
  });
  t.is(outcome(ended + 1, []).kind, 'in_progress', 'the answer ended before sacct');
});

test('the wait is bounded: past it, the job ends without figures (the use case estimates)', (t) => {
  t.is(outcome(ended + accountingWaitSeconds, ['@@sacct 1', 'sacct: error: timeout']).kind, 'in_progress');
  t.deepEqual(outcome(ended + accountingWaitSeconds + 1, ['@@sacct 1', 'sacct: error: timeout']), cancelled);
  t.deepEqual(outcome(ended + accountingWaitSeconds + 1, ['@@sacct 0']), cancelled);
});

test('a site without accounting ends the job at once, without figures', (t) => {
  t.deepEqual(outcome(ended + 1, ['@@sacct 1', 'Slurm accounting storage is disabled']), cancelled);
});

test('a job squeue no longer shows has only the record sacct gives', (t) => {
  const a = parsePoll(['@@now 1795745999', '@@squeue 0', '@@sacct 0', final, '@@status'].join('\n'));
  const o = withSacctUsage(a.jobs.get('7')!, cancelled, a);
  t.like(o.kind === 'cancelled' ? o.usage : null, { source: 'sacct', state: 'CANCELLED' });
});

test('a job still running is left as it is', (t) => {
  const running: RemoteOutcome = { kind: 'in_progress', remoteState: 'running' };
  const a = round(ended + 1, ['@@sacct 0']);
  t.is(withSacctUsage(a.jobs.get('7')!, running, a), running);
});
