import { charLength } from './charLength.js';
import { isoTime } from './isoTime.js';

/**
 * A deployment profile paused by hand: its backend is down for maintenance, or misbehaving, and
 * no new run should be sent to it. Admission holds every execution that would submit with it
 * (they wait, pending, and run once it is resumed), and a run admitted before waits before its
 * translation or submit (usecases/run/runExecution.ts); runs on the backend go on. Not part of
 * the profile's settings: it has no version, and executions do not snapshot it.
 */
export interface ProfilePause {
  readonly profileId: string;
  readonly at: Date;
  readonly by: string;
  /** Why, in the operator's words (shown wherever an execution waits for it). */
  readonly reason: string;
}

export const maxPauseReasonLength = 500;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacter = /[\u0000-\u001f\u007f]/;

/**
 * Why a pause's reason cannot be taken, or null: it is shown on one line wherever an execution
 * waits for it (a status, an alert's subject, the CLI), so it is one line of 1 to 500 characters.
 */
export const pauseReasonProblem = (reason: string): string | null =>
  reason.trim() === '' || charLength(reason) > maxPauseReasonLength
    ? `1 to ${maxPauseReasonLength} characters: why, and until when`
    : controlCharacter.test(reason)
      ? 'one line, without control characters'
      : null;

/** Why a run is held by its profile's pause, in words, or null (a dry run submits nothing: not held). */
export const pauseBlocker = (
  pause: ProfilePause | null,
  e: { readonly doSubmit: boolean | null; readonly profileSnapshot: { readonly name: string } },
): string | null =>
  pause === null || e.doSubmit === false
    ? null
    : `profile ${e.profileSnapshot.name} is paused (since ${isoTime(pause.at)}, by ${pause.by}: ${pause.reason}); it runs once the profile is resumed`;

export const viewPause = (p: ProfilePause | null) =>
  p === null ? null : { at: isoTime(p.at), by: p.by, reason: p.reason };
