import type { SiteHold } from '../domain/siteLimit.js';

/**
 * Holds of batch sites' limits, per backend target (domain/siteLimit.ts): shared by every worker,
 * so runs waiting on one site cost its login node nothing, and as many try as the site has room.
 */
export interface SiteHolds {
  /**
   * The site refused a job for a limit, holding `accountJobs` of the account's jobs: the hold
   * begins (or goes on) with that as the limit seen and no tokens.
   */
  refused(target: string, reason: string, accountJobs: number, now: Date): Promise<void>;
  /**
   * A poll round's count of the account's jobs at the site: the hold's tokens become the room it
   * shows (`tokensAt`); a count of none ends the hold. Nothing when the target has no hold.
   */
  counted(target: string, accountJobs: number, now: Date): Promise<void>;
  /**
   * Whether a run may try to submit to the target now, atomically: `free` (no hold), `taken` (a
   * token, or a blind try when nothing counted the queue for `blindSeconds`: the hold's count time
   * moves to now, so one run tries), or `wait`.
   */
  take(target: string, now: Date, blindSeconds: number): Promise<'free' | 'taken' | 'wait'>;
  of(target: string): Promise<SiteHold | null>;
}
