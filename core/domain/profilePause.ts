import { beforeTheBackend } from './execution.js';
import { breaksALine } from './oneLine.js';
import type { Role } from './roles.js';
import { charLength } from './charLength.js';
import { isoTime } from './isoTime.js';

/**
 * A deployment profile paused by hand: its backend is down for maintenance, or misbehaving, and
 * no new run should be sent to it. A pause is a window: it begins now or at a time set ahead (a
 * centre announces its maintenance days before), and ends when it is resumed or, when it has an
 * end, at that time by itself. While it holds, admission holds every execution that would submit
 * with the profile (they wait, pending, and run once it ends), and a run admitted before waits
 * before its translation or submit (usecases/run/runExecution.ts); runs on the backend go on. Not
 * part of the profile's settings: it has no version, and executions do not snapshot it.
 */
export interface ProfilePause {
  readonly profileId: string;
  /** When it was made. */
  readonly at: Date;
  readonly by: string;
  /** The role of who made it, then: an admin's pause is lifted or replaced by an admin only. */
  readonly byRole: Role;
  /** Why, in the operator's words (shown wherever an execution waits for it). */
  readonly reason: string;
  /** When it begins to hold (`at` unless set ahead). */
  readonly from: Date;
  /** When it ends by itself; null: when it is resumed. */
  readonly until: Date | null;
  /** What the scheduler has told of its window (absent: nothing yet). */
  readonly told?: { readonly began: boolean; readonly ended: boolean };
}

/** A change a window makes by itself, told once as an event: a pause set ahead begins, one with an end ends. */
export type WindowChange = 'began' | 'ended';

/**
 * The changes of its window that have come by `now` and are not told yet: its beginning, when it
 * was set ahead (a pause made to hold at once was told as it was made), and its end, when it has
 * one. An end told means its beginning need not be (a window that began and ended unseen, say
 * while no scheduler ran, is told as ended only).
 */
export const untoldChanges = (p: ProfilePause, now: Date): WindowChange[] => {
  const ended = pauseEnded(p, now) && !p.told?.ended;
  const began =
    !ended && p.from.getTime() > p.at.getTime() && p.from.getTime() <= now.getTime() && !p.told?.began;
  return [...(began ? (['began'] as const) : []), ...(ended ? (['ended'] as const) : [])];
};

export const maxPauseReasonLength = 500;

/** How far ahead a window may begin or end: a year covers every announced maintenance. */
export const maxPauseAheadDays = 366;

/**
 * Why a pause's reason cannot be taken, or null: it is shown on one line wherever an execution
 * waits for it (a status, an alert's subject, the CLI), so it is one line of 1 to 500 characters.
 */
export const pauseReasonProblem = (reason: string): string | null =>
  reason.trim() === '' || charLength(reason) > maxPauseReasonLength
    ? `1 to ${maxPauseReasonLength} characters: why, and until when`
    : breaksALine.test(reason)
      ? 'one line, without control characters or line separators'
      : null;

/**
 * What is wrong with a window, by field, or none: an end after its beginning and after now, and
 * neither more than a year ahead. A beginning in the past means now (the pause holds at once).
 */
export const pauseWindowProblems = (
  from: Date,
  until: Date | null,
  now: Date,
): readonly { readonly path: 'from' | 'until'; readonly message: string }[] => {
  const latest = now.getTime() + maxPauseAheadDays * 86_400_000;
  const out: { path: 'from' | 'until'; message: string }[] = [];
  if (from.getTime() > latest) out.push({ path: 'from', message: `at most ${maxPauseAheadDays} days ahead` });
  if (until !== null) {
    if (until.getTime() <= now.getTime()) out.push({ path: 'until', message: 'in the future' });
    else if (until.getTime() <= from.getTime()) out.push({ path: 'until', message: 'after from' });
    else if (until.getTime() > latest)
      out.push({ path: 'until', message: `at most ${maxPauseAheadDays} days ahead` });
  }
  return out;
};

/** A pause that is over (its end has passed): it holds nothing, and a new pause replaces it. */
export const pauseEnded = (p: ProfilePause, now: Date): boolean =>
  p.until !== null && p.until.getTime() <= now.getTime();

/** The pause, when it holds at `now` (begun and not ended); else null. */
export const holdingPause = (p: ProfilePause | null, now: Date): ProfilePause | null =>
  p !== null && p.from.getTime() <= now.getTime() && !pauseEnded(p, now) ? p : null;

/**
 * Why a run is held by its profile's pause, in words, or null (a dry run submits nothing: not
 * held). `p` is the pause that holds now (`holdingPause`), or null.
 */
export const pauseBlocker = (
  p: ProfilePause | null,
  e: { readonly doSubmit: boolean | null; readonly profileSnapshot: { readonly name: string } },
): string | null => {
  if (p === null || e.doSubmit === false) return null;
  const ends =
    p.until === null
      ? 'once the profile is resumed'
      : `when the pause ends at ${isoTime(p.until)}, or is resumed`;
  return `profile ${e.profileSnapshot.name} is paused (since ${isoTime(p.from)}, by ${p.by}: ${p.reason}); it runs ${ends}`;
};

/** When a run held by the pause looks again: after `recheckMs`, or at the pause's end if sooner. */
export const pauseRecheckAt = (p: ProfilePause, now: Date, recheckMs: number): Date =>
  new Date(Math.min(now.getTime() + recheckMs, p.until?.getTime() ?? Number.POSITIVE_INFINITY));

/**
 * Whether an execution waits on its profile's pause while the pause holds: it would submit (not a
 * dry run) and has not yet: asked to run and pending, or on its way to its backend. The count an
 * operator sees beside a pause; `adapters/postgres/executionFigures.ts` says the same in SQL.
 */
export const waitsOnPause = (e: {
  readonly state: string;
  readonly executeRequestedAt: Date | null;
  readonly doSubmit: boolean | null;
}): boolean =>
  e.doSubmit !== false &&
  ((e.state === 'pending' && e.executeRequestedAt !== null) ||
    (beforeTheBackend as readonly string[]).includes(e.state));

/**
 * A pause as views show it; null when there is none or it is over. `holding`: false while it is
 * still ahead; `waiting`: the executions that wait on it (`waitsOnPause`), none while it is ahead.
 */
export const viewPause = (p: ProfilePause | null, now: Date, waiting = 0) => {
  if (p === null || pauseEnded(p, now)) return null;
  const holding = p.from.getTime() <= now.getTime();
  return {
    at: isoTime(p.at),
    by: p.by,
    reason: p.reason,
    from: isoTime(p.from),
    until: p.until === null ? null : isoTime(p.until),
    holding,
    waiting: holding ? waiting : 0,
  };
};
