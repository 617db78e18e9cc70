import type { RemoteUsage } from './usage.js';

/**
 * What a deployment backend reports about submitted work, in our terms. The island manager's own
 * session states (SPEC "Remote session states") are kept beside it for the run record.
 */
export const remoteSessionStates = [
  'pristine',
  'building',
  'deploying',
  'running',
  'finished',
  'cancelled',
  'failed',
] as const;
export type RemoteSessionState = (typeof remoteSessionStates)[number];

export const sessionStateName = (code: number): RemoteSessionState | 'unknown' =>
  remoteSessionStates[code] ?? 'unknown';

/**
 * One state for a session that a DIM reports per node manager. It has ended only when every node
 * manager's part has: then any failed -> failed; all finished -> finished; otherwise (only
 * finished and cancelled) cancelled. Until then the least advanced running node's state: a node
 * that failed while another still runs leaves the session running, since the other node's drops
 * still change (and fail too, when they depend on the failed ones), so the drops in error are
 * counted once, at the end.
 */
export const combineNodeStates = (codes: readonly number[]): number => {
  if (codes.length === 0) return 0;
  if (codes.every((c) => c >= 4 && c <= 6))
    return codes.includes(6) ? 6 : codes.every((c) => c === 4) ? 4 : 5;
  return Math.min(...codes.filter((c) => c < 4).concat(3));
};

/**
 * The outputs of a graph that ended: its data drops that nothing consumes, by DALiuGE's own drop
 * states. DALiuGE 6.6 moves a drop to EXPIRED and then DELETED only from COMPLETED (its data
 * lifecycle manager frees data nothing needs any more), and to SKIPPED only on the side of a
 * Branch that was not taken (and what follows from it): such outputs are not missing. Incomplete
 * are the others: never written, still writing, in error, cancelled, or not reported.
 */
export interface OutputReport {
  readonly count: number;
  /** The first few incomplete outputs with their drop state's name. */
  readonly incomplete: readonly { readonly oid: string; readonly state: string }[];
  readonly incompleteCount: number;
  /** Outputs skipped by design (an untaken branch); absent from helpers older than this rule. */
  readonly skippedCount?: number;
  /** Outputs written, then freed by DALiuGE (expired or deleted). */
  readonly freedCount?: number;
}

/** Drop states of an output that was written (completed; expired or deleted after completing). */
export const writtenDropStates: readonly number[] = [2, 4, 5];
/** Drop states of an output that was freed after it was written. */
export const freedDropStates: readonly number[] = [4, 5];
/** The drop state of an output skipped by design. */
export const skippedDropState = 7;

/** DALiuGE's drop states (`dlg.ddap_protocol.DROPStates`), by code. */
export const dropStateNames = [
  'initialized',
  'writing',
  'completed',
  'error',
  'expired',
  'deleted',
  'cancelled',
  'skipped',
] as const;

/**
 * One drop's state as the console draws it, whatever the backend's codes: an application waiting,
 * running or finished, a data drop waiting, being written or written (expired and deleted count as
 * written: they were, then were freed).
 */
export type DropState = 'waiting' | 'running' | 'done' | 'error' | 'cancelled' | 'skipped';
export const dropStates: readonly DropState[] = [
  'waiting',
  'running',
  'done',
  'error',
  'cancelled',
  'skipped',
];

/**
 * What a poll saw of a running session's drops. DALiuGE moves drop and application states only
 * forward, so an unchanged digest means no drop changed state since the digest was last taken.
 */
export interface SessionProgress {
  /** A digest of every drop's state (and application state). */
  readonly digest: string;
  readonly drops: number;
  /** Applications running and data drops being written: the first few oids, and how many. */
  readonly running: readonly string[];
  readonly runningCount: number;
  /** Applications not run yet and data drops not written yet (initialized). */
  readonly waitingCount: number;
}

/** Node managers that the island manager could not reach this round, and its words (lostNodes.ts). */
export interface UnreachableNodes {
  /** `host:port` of each node manager. */
  readonly nodes: readonly string[];
  readonly detail: string;
}

export type RemoteOutcome =
  | {
      readonly kind: 'in_progress';
      readonly remoteState: string;
      /** Waiting in the batch queue: not started yet (its run deadline has not begun). */
      readonly queued?: boolean;
      /** Why it waits there, as the scheduler words it (Slurm's reason: domain/queueReason.ts). */
      readonly queueReason?: string;
      /**
       * Over already, its end reported once the backend's accounting of it is final (a Slurm job
       * sacct lags behind, for a bounded while): neither starting nor running, so no deadline.
       */
      readonly ended?: boolean;
      /** The session's drops this round; absent when the backend could not read them (never a stall). */
      readonly progress?: SessionProgress;
      /** Set when the session's state could not be read because node managers did not answer. */
      readonly unreachable?: UnreachableNodes;
    }
  | {
      readonly kind: 'finished';
      readonly remoteState: string;
      /** The graph's outputs as the backend found them at the end (absent: it could not tell). */
      readonly outputs?: OutputReport;
      /** What the work used, as the backend accounts it (absent: it could not tell). */
      readonly usage?: RemoteUsage;
    }
  | {
      readonly kind: 'failed';
      readonly remoteState: string;
      readonly reason: string;
      readonly failedDrops?: readonly string[];
      readonly usage?: RemoteUsage;
    }
  | { readonly kind: 'cancelled'; readonly remoteState: string; readonly usage?: RemoteUsage }
  /** The backend no longer knows the work (purged, never created): the poll cannot decide. */
  | { readonly kind: 'unknown'; readonly remoteState: string; readonly reason: string };

export const outcomeOfSessionState = (code: number): RemoteOutcome => {
  const name = sessionStateName(code);
  switch (code) {
    case 4:
      return { kind: 'finished', remoteState: name };
    case 5:
      return { kind: 'cancelled', remoteState: name };
    case 6:
      return { kind: 'failed', remoteState: name, reason: 'the session ended failed' };
    default:
      return code >= 0 && code <= 3
        ? { kind: 'in_progress', remoteState: name }
        : { kind: 'unknown', remoteState: name, reason: `session state ${code} is not one we know` };
  }
};
