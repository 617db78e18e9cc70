import type { Execution } from '../../domain/executionRecord.js';
import { executionEvent } from '../../domain/execution.js';
import { DeferredJob, SiteLimited } from '../../domain/job.js';
import { nextAllowedAt } from '../../domain/loginAttempts.js';
import { type SiteHold, siteLimitBlocker, siteWait, toldOfHold } from '../../domain/siteLimit.js';
import { type Attempt, commit } from './attempt.js';

/**
 * A submission under a batch site's limits (domain/siteLimit.ts). While the run's login node has a
 * hold, the run submits only with a token (the room a poll round counted): else it waits, its job
 * given back and nothing sent, not even the lookup that precedes a submission. A refusal for a
 * limit starts or renews the hold and makes the run wait the same way. A profile's
 * max_submits_per_minute spaces its submissions the same way (submitSlot). The run tells of a hold once
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
  const slot = await submitSlot(a, e);
  if ((await siteHolds.take(target, clock.now(), siteLimits.blindSeconds)) === 'wait') {
    await slot?.giveBack();
    return waitOn(a, e, await siteHolds.of(target));
  }
  try {
    await work();
  } catch (err) {
    if (!(err instanceof SiteLimited)) throw err;
    await siteHolds.refused(target, err.reason, err.accountJobs, clock.now());
    return waitOn(a, e, await siteHolds.of(target));
  }
};

/** Seconds in which a profile's max_submits_per_minute counts its submissions. */
const minute = 60;

/**
 * One of the profile's submissions this minute (max_submits_per_minute, in the sliding-window
 * counters the login throttle keeps, keyed apart), or a wait until one frees: the job given back,
 * nothing sent. Null when the profile sets no rate.
 */
const submitSlot = async (a: Attempt, e: Execution): Promise<{ giveBack(): Promise<void> } | null> => {
  const d = e.profileSnapshot.deployment;
  const perMinute = d.kind === 'batch_remote' ? d.max_submits_per_minute : undefined;
  if (perMinute === undefined) return null;
  const key = `submit:${e.profileId ?? e.profileSnapshot.name}`;
  const now = a.deps.clock.now();
  const r = await a.deps.submitCounters.reserve(key, now, minute, perMinute);
  if (!r.counted)
    throw new DeferredJob(
      nextAllowedAt(r.attempts, now, minute, perMinute),
      `profile ${e.profileSnapshot.name} made its max_submits_per_minute (${perMinute}) submissions in the last minute`,
    );
  return { giveBack: () => a.deps.submitCounters.release(key, now, minute) };
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
