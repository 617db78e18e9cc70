import type { RemoteOutcome } from '../../core/domain/remote.js';
import type { RemoteUsage } from '../../core/domain/usage.js';
import type { PollAnswer } from './slurmText.js';

/**
 * An ended job's outcome with sacct's accounting of it. A job that squeue shows ended but sacct
 * does not list yet (the controller hands a job's end to slurmdbd a moment later) is reported in
 * progress for one more round, so its figures are read, not guessed; where accounting is off or
 * sacct fails, the end goes without them (the use case estimates).
 */
export const withSacctUsage = (jobId: string, o: RemoteOutcome, answer: PollAnswer): RemoteOutcome => {
  if (o.kind !== 'finished' && o.kind !== 'failed' && o.kind !== 'cancelled') return o;
  const u = answer.usage.get(jobId);
  if (!u) {
    const accountingAnswered = answer.sacctRan && answer.sacctError === null;
    return accountingAnswered
      ? { kind: 'in_progress', remoteState: `${o.remoteState} (awaiting accounting)` }
      : o;
  }
  const at = (s: number | null) => (s === null ? null : new Date(s * 1000));
  const usage: RemoteUsage = {
    source: 'sacct',
    jobId,
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
