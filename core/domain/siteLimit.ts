import type { Execution } from './executionRecord.js';

/**
 * A batch site's limits on an account's jobs (Slurm's MaxSubmitJobs per user or QOS, an
 * association's job limits): past them sbatch refuses a submission. That is no failure of the run:
 * it waits, its job given back with no attempt spent, until the site's queue has room. Room is
 * read, not guessed: the refusal records how many of the account's jobs the site held then (the
 * limit as seen), every poll round of the login node counts them again, and the difference is how
 * many waiting runs may try (`tokens`). A hold on a login node is the same for every run that
 * submits there, so a thousand waiting runs cost the login node nothing while they wait.
 */
export interface SiteHold {
  /** The backend target (login node, port and account) the site's limit holds. */
  readonly target: string;
  /** The site's words when it last refused (sbatch's message). */
  readonly reason: string;
  /** When this hold began, and when the site last refused. */
  readonly since: Date;
  readonly refusedAt: Date;
  /** The account's jobs at the site when it last refused: the limit as seen. */
  readonly limitSeen: number;
  /** The account's jobs at the site at the last count (a refusal, or a poll round), and when. */
  readonly jobsSeen: number;
  readonly countedAt: Date;
  /** How many runs may still try before the next count (the room the last count showed). */
  readonly tokens: number;
}

export interface SiteLimitPolicy {
  /** How often a waiting run looks at the hold again (a read of the database, nothing remote). */
  readonly recheckSeconds: number;
  /**
   * With no count for this long (nothing of ours in flight there, so no poll round), one waiting
   * run tries anyway: the room may have come from other jobs of the account ending.
   */
  readonly blindSeconds: number;
}

export const defaultSiteLimitPolicy: SiteLimitPolicy = { recheckSeconds: 30, blindSeconds: 300 };

/** The tokens a count gives: the room between the limit as seen and the account's jobs now. */
export const tokensAt = (limitSeen: number, jobsNow: number): number => Math.max(0, limitSeen - jobsNow);

/** What a run records of the hold it waits on (`run_record.site_limit`). */
export interface SiteWait {
  readonly attempt: number;
  /** The hold's `since`: a new hold (after the last one ended) is told again. */
  readonly since: string;
  readonly reason: string;
}

const waitOf = (e: Pick<Execution, 'runRecord'>): SiteWait | null => {
  const w = e.runRecord['site_limit'];
  return w && typeof w === 'object' ? (w as SiteWait) : null;
};

/** Whether this run has told of this hold already (`execution.waiting_on_site_limit`, once a hold). */
export const toldOfHold = (e: Pick<Execution, 'runRecord' | 'attempt'>, hold: SiteHold): boolean => {
  const w = waitOf(e);
  return w !== null && w.attempt === e.attempt && w.since === hold.since.toISOString();
};

export const siteWait = (e: Pick<Execution, 'attempt'>, hold: SiteHold): SiteWait => ({
  attempt: e.attempt,
  since: hold.since.toISOString(),
  reason: hold.reason,
});

/** Why a run waits at its submission, in words (its status), or null when no hold keeps it. */
export const siteLimitBlocker = (
  e: Pick<Execution, 'state' | 'profileSnapshot'>,
  hold: SiteHold | null,
  policy: SiteLimitPolicy,
): string | null =>
  e.state !== 'submitting' || hold === null
    ? null
    : `the site of profile ${e.profileSnapshot.name} refused a job for one of its limits (${hold.reason}); the run waits, no attempt spent, until the account's queue there has room: ${hold.jobsSeen} of its jobs held at ${hold.countedAt.toISOString()}, ${hold.limitSeen} when the site refused (looked at every ${policy.recheckSeconds} s)`;
