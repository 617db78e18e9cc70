import type { Execution } from './executionRecord.js';
import type { Peer } from './job.js';

/**
 * A run whose archive, translator, island manager or login node stops answering while it needs
 * it. The queue's retries (about a minute and a half) cover a blip; a peer down for hours (an
 * archive's maintenance, a login node rebooted) would fail every run that reaches it and, with
 * automation on, count against their sources (automationRetry.ts). Past its retries a run waits
 * instead: its job is given back (no attempt spent) and looks again every `recheckSeconds`, until
 * the peer has not answered for `waitMinutes`; then it fails. A submission that waits looks its
 * work up on the backend again before anything is sent, as after any retry.
 */
export interface OutagePolicy {
  /** SERVICE_OUTAGE_WAIT_MINUTES: 0 fails at once, as before waiting existed. */
  readonly waitMinutes: number;
  /** SERVICE_OUTAGE_RECHECK_SECONDS. */
  readonly recheckSeconds: number;
}

export const defaultOutagePolicy: OutagePolicy = { waitMinutes: 360, recheckSeconds: 300 };

/** What a run records of the outage it waits through (`run_record.peer_outage`). */
export interface PeerOutage {
  readonly attempt: number;
  readonly peer: Peer;
  /** The peer in words: "archive casda", "the login node of profile slurm-remote". */
  readonly what: string;
  /** When this run first found it not answering (past its retries). */
  readonly since: string;
  /** Its latest look that found it so. */
  readonly last_seen: string;
  readonly error: string;
}

export type OutageStep =
  | {
      readonly kind: 'wait';
      readonly outage: PeerOutage;
      /** The first look of this outage: told (`execution.waiting_on_outage`). */
      readonly first: boolean;
      readonly recheckAt: Date;
      readonly givesUpAt: Date;
    }
  | { readonly kind: 'give_up'; readonly minutes: number };

const outageOf = (e: Pick<Execution, 'runRecord'>): PeerOutage | null => {
  const o = e.runRecord['peer_outage'];
  return o && typeof o === 'object' ? (o as PeerOutage) : null;
};

/** The peer a run waits on, in words (its record's `what`). */
export const peerWords = (peer: Peer, e: Pick<Execution, 'archiveName' | 'profileSnapshot'>): string =>
  peer === 'archive'
    ? `archive ${e.archiveName}`
    : `the ${peer === 'island_manager' ? 'island manager' : peer === 'login_node' ? 'login node' : 'translator'} of profile ${e.profileSnapshot.name}`;

/**
 * The outage a look belongs to: the one recorded, when it is this attempt's, of this peer, and its
 * last look was recent (within three rechecks: the peer was never seen back in between); else a
 * new one.
 */
const ongoing = (
  e: Pick<Execution, 'runRecord' | 'attempt'>,
  peer: Peer | null,
  now: Date,
  policy: OutagePolicy,
) => {
  const o = outageOf(e);
  if (!o || o.attempt !== e.attempt || (peer !== null && o.peer !== peer)) return null;
  return now.getTime() - Date.parse(o.last_seen) <= 3 * policy.recheckSeconds * 1000 ? o : null;
};

/** What a run does when a peer it needs did not answer on the last of its retries. */
export const outageStep = (
  e: Pick<Execution, 'runRecord' | 'attempt' | 'archiveName' | 'profileSnapshot'>,
  peer: Peer,
  error: string,
  now: Date,
  policy: OutagePolicy,
): OutageStep => {
  const before = ongoing(e, peer, now, policy);
  const since = before ? new Date(before.since) : now;
  const givesUpAt = new Date(since.getTime() + policy.waitMinutes * 60_000);
  if (now.getTime() >= givesUpAt.getTime())
    return { kind: 'give_up', minutes: Math.round((now.getTime() - since.getTime()) / 60_000) };
  return {
    kind: 'wait',
    outage: {
      attempt: e.attempt,
      peer,
      what: peerWords(peer, e),
      since: since.toISOString(),
      last_seen: now.toISOString(),
      error: error.slice(0, 500),
    },
    first: before === null,
    recheckAt: new Date(Math.min(now.getTime() + policy.recheckSeconds * 1000, givesUpAt.getTime())),
    givesUpAt,
  };
};

/** The steps that wait on each peer: the one that needs it. */
const stepOf: Readonly<Record<Peer, Execution['state']>> = {
  archive: 'staging',
  translator: 'translating',
  island_manager: 'submitting',
  login_node: 'submitting',
};

/** Why a run waits, in words, while its outage lasts (for its status); null when it does not. */
export const outageBlocker = (
  e: Pick<Execution, 'runRecord' | 'attempt' | 'state'>,
  now: Date,
  policy: OutagePolicy,
): string | null => {
  const o = ongoing(e, null, now, policy);
  if (!o || stepOf[o.peer] !== e.state) return null;
  const givesUp = new Date(Date.parse(o.since) + policy.waitMinutes * 60_000).toISOString();
  return `${o.what} has not answered since ${o.since} (${o.error}); the run looks again every ${policy.recheckSeconds} s and fails at ${givesUp}`;
};
