// What a Slurm job's state, its status file and its progress file say about a run, in the
// backend port's terms (pure: the poll round has read them).
import type { RemoteOutcome, SessionProgress } from '../../core/domain/backendStates.js';
import { queueReasonWord } from '../../core/domain/queueReason.js';
import { type JobStatusFile, outputsOf } from './jobFiles.js';
import { statusFileName } from './jobHelper.js';
import { terminalJobStates, waitingJobStates } from './jobStates.js';
import type { DownNode, JobState } from './slurmPoll.js';

/** Which of a NODE_FAIL job's nodes failed: those Slurm holds down now, with its reason. */
const nodeFailure = (job: JobState, down: readonly DownNode[]): string => {
  const on = job.nodes ? `, on nodes ${job.nodes}` : '';
  if (down.length === 0)
    return `${on}; none of them is down now (the node came back, or Slurm already returned it)`;
  return `${on}; ${down.map((d) => `node ${d.node} is ${d.state}${d.reason ? ` (${d.reason})` : ''}`).join(', ')}`;
};

/** squeue's reason for a waiting job (its first word: it is the cluster's text). */
const queueReasonOf = (job: JobState): { queueReason?: string } => {
  const word = job.from === 'squeue' ? queueReasonWord(job.reason) : null;
  return word ? { queueReason: word } : {};
};

/** A Slurm state, and the job's own record of the graph's end, in our terms. */
export const jobOutcome = (
  job: JobState,
  status: JobStatusFile | null,
  progress: SessionProgress | null,
  downNodes: readonly DownNode[] = [],
): RemoteOutcome => {
  const remoteState = job.state.toLowerCase();
  if (!terminalJobStates.has(job.state))
    return waitingJobStates.has(job.state)
      ? { kind: 'in_progress', remoteState, queued: true, ...queueReasonOf(job) }
      : // The session's drops, as the job's helper last saw them change (none before it ran).
        { kind: 'in_progress', remoteState, ...(progress ? { progress } : {}) };
  const drops = status?.errored_drops ?? [];
  const graph = status?.reason ? `; ${status.reason}${drops.length ? ` (first: ${drops[0]})` : ''}` : '';
  if (job.state === 'CANCELLED') return { kind: 'cancelled', remoteState };
  if (job.state === 'COMPLETED') {
    if (status?.state === 'finished') {
      const outputs = outputsOf(status);
      return { kind: 'finished', remoteState, ...(outputs ? { outputs } : {}) };
    }
    return {
      kind: 'failed',
      remoteState,
      reason: status
        ? `Slurm says COMPLETED, but the graph did not finish${graph}`
        : `Slurm says COMPLETED, but the job left no ${statusFileName}: the graph's outcome is unknown`,
      ...(drops.length ? { failedDrops: drops } : {}),
    };
  }
  if (job.state === 'TIMEOUT')
    return {
      kind: 'failed',
      remoteState,
      reason: `Slurm stopped the job at its time limit (TIMEOUT): the run needed more than its wall time; raise job_duration_minutes, or with job_duration_minutes: auto the next attempt gets at least twice as long${graph}`,
      ...(drops.length ? { failedDrops: drops } : {}),
    };
  return {
    kind: 'failed',
    remoteState,
    reason: `Slurm ended the job ${job.state}${job.exitCode ? ` (exit ${job.exitCode})` : ''}${job.reason && job.reason !== 'None' ? `, reason ${job.reason}` : ''}${job.state === 'NODE_FAIL' ? nodeFailure(job, downNodes) : ''}${graph}`,
    ...(drops.length ? { failedDrops: drops } : {}),
  };
};
