import type { DeploymentSettings } from './profile.js';
import type { SessionProgress } from './backendStates.js';

/**
 * When a running session that makes no progress (no drop changes state) is worth a warning, and
 * when it is failed. A profile's deployment may set each limit; 0 turns it off.
 *
 * - `stall_warn_minutes` (30): one `execution.stalled` event naming what runs.
 * - `idle_fail_minutes` (20): fail when, besides, nothing runs (no application running, no data
 *   drop being written): DALiuGE then has nothing in hand that could move the session on.
 * - `stall_fail_minutes` (off): fail even while applications run. DALiuGE's applications report no
 *   progress of their own, so a healthy application that computes for hours is indistinguishable
 *   from a hung one: only the profile's owner knows how long theirs may take.
 */
export interface StallLimits {
  readonly warnMinutes: number;
  readonly idleFailMinutes: number;
  readonly failMinutes: number;
}

export const defaultStallLimits: StallLimits = { warnMinutes: 30, idleFailMinutes: 20, failMinutes: 0 };

/** The limits of a profile's deployment; a profile stored before these fields existed gets the defaults. */
export const stallLimitsOf = (d: DeploymentSettings): StallLimits => ({
  warnMinutes: d.stall_warn_minutes ?? defaultStallLimits.warnMinutes,
  idleFailMinutes: d.idle_fail_minutes ?? defaultStallLimits.idleFailMinutes,
  failMinutes: d.stall_fail_minutes ?? defaultStallLimits.failMinutes,
});

/** What the run record keeps of a session's progress (`run_record.progress`). */
export interface RecordedProgress {
  readonly digest: string;
  /** When the digest was first seen as it is now: the last progress a poll saw. */
  readonly changed_at: string;
  readonly drops: number;
  readonly running: readonly string[];
  readonly running_count: number;
  readonly waiting_count: number;
  /** Set once a stall warning was recorded for this digest. */
  readonly warned_at?: string;
}

export type StallVerdict =
  /** Nothing to write: the same digest, under every limit (or already warned). */
  | { readonly kind: 'unchanged' }
  /** A new digest (or the first): the run record keeps it. */
  | { readonly kind: 'progressed'; readonly record: RecordedProgress }
  | { readonly kind: 'warn'; readonly record: RecordedProgress; readonly minutes: number }
  | {
      readonly kind: 'fail';
      readonly record: RecordedProgress;
      readonly minutes: number;
      readonly idle: boolean;
    };

const recordOf = (p: SessionProgress, changedAt: Date): RecordedProgress => ({
  digest: p.digest,
  changed_at: changedAt.toISOString(),
  drops: p.drops,
  running: p.running,
  running_count: p.runningCount,
  waiting_count: p.waitingCount,
});

/** The run record's progress, if it holds one we wrote. */
export const recordedProgress = (runRecord: Readonly<Record<string, unknown>>): RecordedProgress | null => {
  const p = runRecord['progress'] as Partial<RecordedProgress> | undefined;
  return p && typeof p.digest === 'string' && typeof p.changed_at === 'string'
    ? (p as RecordedProgress)
    : null;
};

/**
 * Judges one round's progress against what the run record kept. The time without progress is
 * measured between two rounds that both read the drops and found the same digest, so a round that
 * could not read them neither resets nor advances it.
 */
export const judgeProgress = (
  kept: RecordedProgress | null,
  seen: SessionProgress,
  limits: StallLimits,
  now: Date,
): StallVerdict => {
  if (!kept || kept.digest !== seen.digest) return { kind: 'progressed', record: recordOf(seen, now) };
  const minutes = Math.floor((now.getTime() - Date.parse(kept.changed_at)) / 60_000);
  const record = { ...kept, ...recordOf(seen, new Date(kept.changed_at)) };
  const idle = seen.runningCount === 0;
  const over = (limit: number) => limit > 0 && minutes >= limit;
  if (over(limits.failMinutes) || (idle && over(limits.idleFailMinutes)))
    return { kind: 'fail', record, minutes, idle };
  if (over(limits.warnMinutes) && kept.warned_at === undefined)
    return { kind: 'warn', record: { ...record, warned_at: now.toISOString() }, minutes };
  return { kind: 'unchanged' };
};

const listed = (names: readonly string[], count: number) =>
  count === 0
    ? 'none'
    : `${names.join(', ')}${count > names.length ? ` and ${count - names.length} more` : ''}`;

/**
 * The words of a stall: "no progress for 21 minutes; last drops running: none (nothing runs or is
 * being written; 3 of 11 drops wait for inputs that will not come)". `names` gives a drop's name
 * for its oid where the run's graph has one.
 */
export const stallText = (
  minutes: number,
  p: RecordedProgress,
  names: (oid: string) => string = (oid) => oid,
): string => {
  const running = listed(p.running.map(names), p.running_count);
  const idle =
    p.running_count === 0
      ? ` (nothing runs or is being written; ${p.waiting_count} of ${p.drops} drops have not run or been written)`
      : '';
  return `no progress for ${minutes} minute${minutes === 1 ? '' : 's'}; last drops running: ${running}${idle}`;
};
