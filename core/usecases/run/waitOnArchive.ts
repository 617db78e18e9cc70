import { type OutagePolicy, outageStep } from '../../domain/archiveOutage.js';
import type { Execution } from '../../domain/executionRecord.js';
import { executionEvent } from '../../domain/executionEvents.js';
import { DeferredJob, PeerUnavailable } from '../../domain/job.js';
import { type Attempt, commit } from './attempt.js';
import { stage } from './stage.js';

/**
 * The staging step, waiting through an archive outage (domain/archiveOutage.ts): when the archive
 * still does not answer on the job's last try, the run records the outage (told once,
 * `execution.waiting_on_archive`) and gives its job back to look again later, its attempt not
 * spent; past the policy's wait it fails, naming the outage.
 */
export const stageThroughOutage = async (a: Attempt, e: Execution, policy: OutagePolicy): Promise<void> => {
  try {
    await stage(a, e);
  } catch (err) {
    if (!(err instanceof PeerUnavailable) || err.peer !== 'archive' || !a.ctx.lastAttempt) throw err;
    const now = a.deps.clock.now();
    const s = outageStep(e, err.message, now, policy);
    if (s.kind === 'give_up')
      throw new Error(
        `archive ${e.archiveName} did not answer for ${s.minutes} minutes (SERVICE_ARCHIVE_OUTAGE_WAIT_MINUTES ${policy.waitMinutes}): ${err.message}`,
      );
    await commit(
      a,
      e,
      { runRecord: { ...e.runRecord, archive_outage: s.outage } },
      s.first
        ? [
            executionEvent(e, 'execution.waiting_on_archive', {
              archive: e.archiveName,
              error: s.outage.error,
              since: s.outage.since,
              gives_up_at: s.givesUpAt.toISOString(),
            }),
          ]
        : [],
    );
    throw new DeferredJob(s.recheckAt, `waiting for archive ${e.archiveName} to answer: ${err.message}`);
  }
};
