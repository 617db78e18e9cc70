import { outageStep, peerWords } from '../../domain/peerOutage.js';
import type { Execution } from '../../domain/executionRecord.js';
import { executionEvent } from '../../domain/execution.js';
import { DeferredJob, type Peer, PeerUnavailable } from '../../domain/job.js';
import { type Attempt, commit } from './attempt.js';

/**
 * A step of a run, waiting through an outage of the peers it needs (domain/peerOutage.ts): when one
 * still does not answer on the job's last try, the run records the outage (told once,
 * `execution.waiting_on_outage`) and gives its job back to look again later, its attempt not
 * spent; past the policy's wait it fails, naming the outage. Each step writes nothing of its own
 * before it fails, so the record is written on the execution as the step read it.
 */
export const throughOutage = async (
  a: Attempt,
  e: Execution,
  peers: readonly Peer[],
  work: () => Promise<void>,
): Promise<void> => {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof PeerUnavailable) || !peers.includes(err.peer) || !a.ctx.lastAttempt) throw err;
    const policy = a.deps.outages;
    const now = a.deps.clock.now();
    const s = outageStep(e, err.peer, err.message, now, policy);
    if (s.kind === 'give_up')
      throw new Error(
        `${peerWords(err.peer, e)} did not answer for ${s.minutes} minutes (SERVICE_OUTAGE_WAIT_MINUTES ${policy.waitMinutes}): ${err.message}`,
      );
    await commit(
      a,
      e,
      { runRecord: { ...e.runRecord, peer_outage: s.outage } },
      s.first
        ? [
            executionEvent(e, 'execution.waiting_on_outage', {
              step: e.state,
              peer: s.outage.peer,
              what: s.outage.what,
              error: s.outage.error,
              since: s.outage.since,
              gives_up_at: s.givesUpAt.toISOString(),
            }),
          ]
        : [],
    );
    throw new DeferredJob(s.recheckAt, `waiting for ${s.outage.what} to answer: ${err.message}`);
  }
};
