import type { RemoteOutcome } from '../../core/domain/backendStates.js';
import type { RemoteUsage } from '../../core/domain/usage.js';
import type { JobState, JobUsage, PollAnswer } from './slurmPoll.js';
import { terminalJobStates } from './jobStates.js';

/** sacct's answer on a site that keeps no accounting: there squeue is all the truth there is. */
export const accountingDisabled = /accounting storage is disabled/i;

/**
 * How long after its end (by the login node's clock) an ended job waits for sacct's final record
 * before it ends without it (the use case then estimates). Under slurm.conf's default MinJobAge
 * (300 s) squeue still shows the job that long.
 */
export const accountingWaitSeconds = 120;

/** Why sacct's record of an ended job is not final yet, or null when none will come. */
const accountingPending = (u: JobUsage | undefined, answer: PollAnswer): string | null => {
  if (u) return `sacct still says ${u.state}`;
  if (!answer.sacctRan) return 'the answer ended before sacct';
  if (answer.sacctError === null) return 'sacct does not list it yet';
  return accountingDisabled.test(answer.sacctError)
    ? null
    : `sacct failed: ${answer.sacctError.slice(0, 200)}`;
};

/**
 * An ended job's outcome with sacct's accounting of it. slurmctld hands a job's end to slurmdbd a
 * moment later, so for a while sacct lists the job as it was (PENDING, RUNNING with the time so
 * far) or not at all; a sacct that failed this round is no answer either ("lookup failed" is never
 * "absent"). Either way the job is reported in progress, awaiting its accounting, so the recorded
 * figures are sacct's final ones, for at most accountingWaitSeconds after its end; a site without
 * accounting ends it without them at once.
 */
export const withSacctUsage = (job: JobState, o: RemoteOutcome, answer: PollAnswer): RemoteOutcome => {
  if (o.kind !== 'finished' && o.kind !== 'failed' && o.kind !== 'cancelled') return o;
  const u = answer.usage.get(job.jobId);
  if (!u || !terminalJobStates.has(u.state)) {
    // A job squeue forgot has only sacct's record, which is all there will be.
    const pending = job.from === 'squeue' ? accountingPending(u, answer) : null;
    // Without both clocks' figures it waits until squeue forgets the job (MinJobAge).
    const waited = answer.now !== null && job.endedAt !== undefined ? answer.now - job.endedAt : 0;
    return pending !== null && waited <= accountingWaitSeconds
      ? {
          kind: 'in_progress',
          remoteState: `${o.remoteState} (awaiting accounting: ${pending})`,
          ended: true,
        }
      : o;
  }
  const at = (s: number | null) => (s === null ? null : new Date(s * 1000));
  const usage: RemoteUsage = {
    source: 'sacct',
    jobId: job.jobId,
    submittedAt: at(u.submit),
    startedAt: at(u.start),
    endedAt: at(u.end),
    elapsedSeconds: u.elapsedSeconds,
    nodes: u.nodes,
    cpus: u.cpus,
    cpuSeconds: u.cpuSeconds,
    maxRssBytes: u.maxRssBytes,
    state: u.state,
    exitCode: u.exitCode,
  };
  return { ...o, usage };
};
