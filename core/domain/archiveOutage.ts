import type { Execution } from './executionRecord.js';

/**
 * A run whose archive stops answering while it stages. The queue's retries (about a minute and a
 * half) cover a blip; an archive down for maintenance for hours would fail every run staging from
 * it, and with automation on, count against their sources (automationRetry.ts). Past its retries a
 * run waits instead: its job is given back (no attempt spent) and looks again every
 * `recheckSeconds`, until the archive has not answered for `waitMinutes`; then it fails.
 */
export interface OutagePolicy {
  /** SERVICE_ARCHIVE_OUTAGE_WAIT_MINUTES: 0 fails at once, as before waiting existed. */
  readonly waitMinutes: number;
  /** SERVICE_ARCHIVE_OUTAGE_RECHECK_SECONDS. */
  readonly recheckSeconds: number;
}

export const defaultOutagePolicy: OutagePolicy = { waitMinutes: 360, recheckSeconds: 300 };

/** What a run records of the outage it waits through (`run_record.archive_outage`). */
export interface ArchiveOutage {
  readonly attempt: number;
  readonly archive: string;
  /** When this run first found the archive not answering (past its retries). */
  readonly since: string;
  /** Its latest look that found it so. */
  readonly last_seen: string;
  readonly error: string;
}

export type OutageStep =
  | {
      readonly kind: 'wait';
      readonly outage: ArchiveOutage;
      /** The first look of this outage: told (`execution.waiting_on_archive`). */
      readonly first: boolean;
      readonly recheckAt: Date;
      readonly givesUpAt: Date;
    }
  | { readonly kind: 'give_up'; readonly minutes: number };

const outageOf = (e: Pick<Execution, 'runRecord'>): ArchiveOutage | null => {
  const o = e.runRecord['archive_outage'];
  return o && typeof o === 'object' ? (o as ArchiveOutage) : null;
};

/**
 * The outage a look belongs to: the one recorded, when it is this attempt's and its last look was
 * recent (within three rechecks: the archive was never seen back in between); else a new one.
 */
const ongoing = (e: Pick<Execution, 'runRecord' | 'attempt'>, now: Date, policy: OutagePolicy) => {
  const o = outageOf(e);
  if (!o || o.attempt !== e.attempt) return null;
  return now.getTime() - Date.parse(o.last_seen) <= 3 * policy.recheckSeconds * 1000 ? o : null;
};

/** What a run does when its archive did not answer on the last of its retries. */
export const outageStep = (
  e: Pick<Execution, 'runRecord' | 'attempt' | 'archiveName'>,
  error: string,
  now: Date,
  policy: OutagePolicy,
): OutageStep => {
  const before = ongoing(e, now, policy);
  const since = before ? new Date(before.since) : now;
  const givesUpAt = new Date(since.getTime() + policy.waitMinutes * 60_000);
  if (now.getTime() >= givesUpAt.getTime())
    return { kind: 'give_up', minutes: Math.round((now.getTime() - since.getTime()) / 60_000) };
  return {
    kind: 'wait',
    outage: {
      attempt: e.attempt,
      archive: e.archiveName,
      since: since.toISOString(),
      last_seen: now.toISOString(),
      error: error.slice(0, 500),
    },
    first: before === null,
    recheckAt: new Date(Math.min(now.getTime() + policy.recheckSeconds * 1000, givesUpAt.getTime())),
    givesUpAt,
  };
};

/** Why a staging run waits, in words, while its outage lasts (for its status); null when it does not. */
export const outageBlocker = (
  e: Pick<Execution, 'runRecord' | 'attempt' | 'state'>,
  now: Date,
  policy: OutagePolicy,
): string | null => {
  const o = e.state === 'staging' ? ongoing(e, now, policy) : null;
  if (!o) return null;
  const givesUp = new Date(Date.parse(o.since) + policy.waitMinutes * 60_000).toISOString();
  return `archive ${o.archive} has not answered since ${o.since} (${o.error}); staging looks again every ${policy.recheckSeconds} s and fails the run at ${givesUp}`;
};
