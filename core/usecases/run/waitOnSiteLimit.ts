import type { Execution } from '../../domain/executionRecord.js';
import { executionEvent } from '../../domain/execution.js';
import { DeferredJob, SiteLimited } from '../../domain/job.js';
import { type SiteHold, siteLimitBlocker, siteWait, toldOfHold } from '../../domain/siteLimit.js';
import { type Attempt, commit } from './attempt.js';

/**
 * A submission under a batch site's limits (domain/siteLimit.ts). While the run's login node has a
 * hold, the run submits only with a token (the room a poll round counted): else it waits, its job
 * given back and nothing sent, not even the lookup that precedes a submission. A refusal for a
 * limit starts or renews the hold and makes the run wait the same way. The run tells of a hold once
 * (`execution.waiting_on_site_limit`), and never fails for a limit: it waits until the queue has
 * room, or until it is cancelled.
 */
export const throughSiteLimit = async (
  a: Attempt,
  e: Execution,
  work: () => Promise<void>,
): Promise<void> => {
  const profile = e.profileSnapshot;
  // Only a batch site counts an account's jobs; a dry run submits nothing.
  if (profile.deployment.kind !== 'batch_remote' || e.doSubmit === false) return work();
  const target = a.deps.backends.get(profile.deployment.kind).target(profile);
  const { siteHolds, siteLimits, clock } = a.deps;
  if ((await siteHolds.take(target, clock.now(), siteLimits.blindSeconds)) === 'wait')
    return waitOn(a, e, await siteHolds.of(target));
  try {
    await work();
  } catch (err) {
    if (!(err instanceof SiteLimited)) throw err;
    await siteHolds.refused(target, err.reason, err.accountJobs, clock.now());
    return waitOn(a, e, await siteHolds.of(target));
  }
};

/** Tells of the hold once, then gives the job back until the next look. */
const waitOn = async (a: Attempt, e: Execution, hold: SiteHold | null): Promise<never> => {
  const now = a.deps.clock.now();
  const policy = a.deps.siteLimits;
  if (hold && !toldOfHold(e, hold))
    await commit(a, e, { runRecord: { ...e.runRecord, site_limit: siteWait(e, hold) } }, [
      executionEvent(e, 'execution.waiting_on_site_limit', {
        profile: e.profileSnapshot.name,
        reason: hold.reason,
        account_jobs: hold.jobsSeen,
        since: hold.since.toISOString(),
      }),
    ]);
  throw new DeferredJob(
    new Date(now.getTime() + policy.recheckSeconds * 1000),
    siteLimitBlocker(e, hold, policy) ?? 'waiting for room in the site queue',
  );
};
