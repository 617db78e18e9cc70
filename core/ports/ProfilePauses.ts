import type { NewEvent } from '../domain/event.js';
import type { ProfilePause, WindowChange } from '../domain/profilePause.js';

/** Profiles paused by hand (domain/profilePause.ts). Every write records its event with it, or neither happens. */
export interface ProfilePauses {
  /**
   * 'already' when it has a pause that is not over at `now` (holding or ahead: the first stays as
   * it was); one that is over is replaced. 'not_found' when there is no such profile.
   */
  pause(p: ProfilePause, event: NewEvent, now: Date): Promise<'ok' | 'already' | 'not_found'>;
  /**
   * Puts `p` in place of the profile's pause made at `earlierAt` (its `at`), in one step, so that
   * nothing is admitted between the two. 'changed' when that pause is no longer the profile's, or
   * is over at `now` (resumed, replaced or ended meanwhile): nothing is written.
   */
  replace(p: ProfilePause, earlierAt: Date, event: NewEvent, now: Date): Promise<'ok' | 'changed'>;
  /**
   * Records that the window of the pause made at `at` began or ended, with its event, once: false
   * when it was told already, or the pause is no longer that one (resumed or replaced).
   */
  tell(profileId: string, at: Date, change: WindowChange, event: NewEvent, now: Date): Promise<boolean>;
  /**
   * Ends (or calls off, when still ahead) the profile's pause made at `at`; false when the profile
   * has none that is not over at `now`, or its pause is another (replaced meanwhile).
   */
  resume(profileId: string, at: Date, event: NewEvent, now: Date): Promise<boolean>;
  /** The profile's pause as stored, over or not: domain/profilePause.ts judges it at a time. */
  of(profileId: string): Promise<ProfilePause | null>;
  /** Every pause there is, over or not (few: each is an operator's act). A deleted profile's pause goes with it. */
  all(): Promise<readonly ProfilePause[]>;
}
