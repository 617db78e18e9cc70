import type { Execution } from '../../domain/executionRecord.js';
import type { UnsettledAttempt } from '../../domain/externalWork.js';
import type { PollItem } from '../../ports/DeploymentBackend.js';
import type { RunDeps } from './attempt.js';

export interface Settling {
  /** Attempts now known to run nothing more, and how that was learnt. */
  readonly settled: readonly { readonly attempt: UnsettledAttempt; readonly how: string }[];
  /** Attempts whose work still runs: cancel was sent; the new attempt waits for their end. */
  readonly remaining: readonly UnsettledAttempt[];
}

/**
 * Settles the earlier attempts of a retried execution before the new one starts: each is looked up
 * by its deterministic name (or its recorded job id) and polled once. Absent, or ended in any way:
 * settled. Still queued or running: the backend is asked to cancel it, and it stays unsettled until
 * a later look finds it ended. A lookup or poll that fails throws: "could not tell" is never
 * "absent".
 */
export const settlePrevious = async (
  deps: Pick<RunDeps, 'backends' | 'clock'>,
  e: Execution,
  unsettled: readonly UnsettledAttempt[],
  signal: AbortSignal,
): Promise<Settling> => {
  const profile = e.profileSnapshot;
  const backend = deps.backends.get(profile.deployment.kind);
  const settled: { attempt: UnsettledAttempt; how: string }[] = [];
  const remaining: UnsettledAttempt[] = [];
  for (const u of unsettled) {
    let jobId = u.scheduler_job_id;
    let submission = u.submission ?? {};
    if (jobId === null) {
      const found = await backend.find(profile, u.external_name, signal);
      if (!found) {
        settled.push({ attempt: u, how: `${u.external_name} is not on the backend` });
        continue;
      }
      jobId = found.schedulerJobId;
      submission = found.runRecord;
    }
    const item: PollItem = {
      executionId: e.id,
      schedulerJobId: jobId,
      profile,
      submittedAt: deps.clock.now(),
      cancelSentAt: null,
      runRecord: { submission },
    };
    const outcome = (await backend.poll(backend.target(profile), [item], signal)).get(e.id);
    if (outcome && outcome.kind !== 'in_progress') {
      settled.push({
        attempt: u,
        how:
          outcome.kind === 'unknown'
            ? `${jobId} is no longer known to the backend`
            : `${jobId} ended ${outcome.remoteState}`,
      });
      continue;
    }
    await backend.cancel(item, signal);
    remaining.push({ ...u, scheduler_job_id: jobId, submission });
  }
  return { settled, remaining };
};
