import type { NewEvent } from '../domain/event.js';
import type { ProfilePause } from '../domain/profilePause.js';

/** Profiles paused by hand (domain/profilePause.ts). Every write records its event with it, or neither happens. */
export interface ProfilePauses {
  /** 'already' when it is paused (the first pause stays as it was); 'not_found' when there is no such profile. */
  pause(p: ProfilePause, event: NewEvent, now: Date): Promise<'ok' | 'already' | 'not_found'>;
  /** Ends the profile's pause; false when it was not paused. */
  resume(profileId: string, event: NewEvent, now: Date): Promise<boolean>;
  of(profileId: string): Promise<ProfilePause | null>;
  /** Every pause there is (few: each is an operator's act). A deleted profile's pause goes with it. */
  all(): Promise<readonly ProfilePause[]>;
}
