import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import { type NewEvent, noProject } from '../../domain/event.js';
import type { DeploymentProfile } from '../../domain/profile.js';
import {
  type ProfilePause,
  pauseEnded,
  pauseReasonProblem,
  pauseWindowProblems,
} from '../../domain/profilePause.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProfilePauses } from '../../ports/ProfilePauses.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { Actor } from './saveProfile.js';
import { roleAllows } from '../../domain/roles.js';

export interface PauseDeps {
  readonly profiles: Pick<ProfileRepository, 'get'>;
  readonly pauses: Pick<ProfilePauses, 'pause' | 'replace' | 'resume' | 'of'>;
  readonly clock: Clock;
}

const pauseEvent = (
  p: DeploymentProfile,
  kind: 'profile.paused' | 'profile.resumed',
  actor: Actor,
  payload: Record<string, unknown>,
): NewEvent => ({
  projectModule: p.project_module ?? noProject,
  subjectType: 'profile',
  subjectId: p.id,
  kind,
  payload: { name: p.name, project_module: p.project_module, by_role: actor.role, ...payload },
  actor: actor.username,
});

/**
 * Who may pause, resume or replace: a global profile serves every project, so its pauses (an
 * admin's maintenance window) are an admin's to make and lift, as deleting it is; on a project's
 * profile an operator may pause and resume, but a pause an admin made stands until an admin lifts
 * or replaces it. Null when the actor may.
 */
const liftRefusal = (
  profile: DeploymentProfile,
  holding: ProfilePause | null,
  actor: Actor,
  what: 'pause' | 'resume',
): AppError | null => {
  if (roleAllows(actor.role, 'admin')) return null;
  if (profile.project_module === null)
    return appError(
      'forbidden',
      `only an admin may ${what} the global profile ${profile.name}: it serves every project`,
    );
  if (holding && holding.byRole === 'admin')
    return appError(
      'forbidden',
      `profile ${profile.name} was paused by an admin (${holding.by}: ${holding.reason}); only an admin may ${what === 'resume' ? 'resume' : 'replace'} it`,
    );
  return null;
};

/** A pause as asked for: why, and its window (from: now when absent or past; until: none, it lasts until resumed). */
export interface PauseRequest {
  readonly reason: string;
  readonly from?: Date | null;
  readonly until?: Date | null;
  /**
   * Put this pause in place of the one the profile has (a window that runs over, a reason to
   * correct), in one step: nothing is admitted in between, as it would be between a resume and a
   * pause. Without it, a profile with a pause not yet over is refused.
   */
  readonly replace?: boolean;
}

/**
 * Pauses a profile, now or from a time ahead, until it is resumed or until a time: every run that
 * would submit with it while the pause holds waits (admission holds it, or it waits before its
 * translation). An operator's act, as cancelling is: it only holds work back. Pausing a profile
 * that has a pause not yet over is refused and keeps the first (its reason is what others were
 * told), unless the request replaces it.
 */
export const pauseProfile = async (
  deps: PauseDeps,
  id: string,
  request: PauseRequest,
  actor: Actor,
): Promise<E.Either<AppError, { profile: DeploymentProfile; pause: ProfilePause }>> => {
  const why = request.reason.trim();
  const now = deps.clock.now();
  const from = request.from && request.from.getTime() > now.getTime() ? request.from : now;
  const until = request.until ?? null;
  const problem = pauseReasonProblem(why);
  const issues = [
    ...(problem ? [{ path: 'reason', message: problem }] : []),
    ...pauseWindowProblems(from, until, now),
  ];
  if (issues.length > 0)
    return E.left(validationError('a pause needs its reason and a window that can hold', issues));
  const profile = await deps.profiles.get(id);
  if (!profile) return E.left(appError('not_found', `no deployment profile ${id}`));
  const pause: ProfilePause = {
    profileId: id,
    at: now,
    by: actor.username,
    byRole: actor.role,
    reason: why,
    from,
    until,
  };
  const window = { reason: why, from: from.toISOString(), until: until?.toISOString() ?? null };
  const was = request.replace ? await deps.pauses.of(id) : null;
  const refused = liftRefusal(profile, was && !pauseEnded(was, now) ? was : null, actor, 'pause');
  if (refused) return E.left(refused);
  if (was && !pauseEnded(was, now)) {
    const replaced = {
      at: was.at.toISOString(),
      by: was.by,
      reason: was.reason,
      from: was.from.toISOString(),
      until: was.until?.toISOString() ?? null,
    };
    const event = pauseEvent(profile, 'profile.paused', actor, { ...window, replaced });
    if ((await deps.pauses.replace(pause, was.at, event, now)) === 'changed')
      return E.left(
        appError('conflict', `the pause of profile ${profile.name} changed meanwhile; look at it again`),
      );
    return E.right({ profile, pause });
  }
  const r = await deps.pauses.pause(pause, pauseEvent(profile, 'profile.paused', actor, window), now);
  if (r === 'not_found') return E.left(appError('not_found', `no deployment profile ${id}`));
  if (r === 'already') {
    const first = await deps.pauses.of(id);
    return E.left(
      appError(
        'conflict',
        `profile ${profile.name} is paused already${first ? ` (by ${first.by}: ${first.reason})` : ''}; replace it to change its reason or window`,
      ),
    );
  }
  return E.right({ profile, pause });
};

/**
 * Resumes a paused profile (or calls off a pause still ahead): the runs it held are admitted by
 * the next execution tick. A pause whose end has passed is over already: nothing to resume.
 */
export const resumeProfile = async (
  deps: PauseDeps,
  id: string,
  actor: Actor,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  const profile = await deps.profiles.get(id);
  if (!profile) return E.left(appError('not_found', `no deployment profile ${id}`));
  const now = deps.clock.now();
  const was = await deps.pauses.of(id);
  if (!was || pauseEnded(was, now))
    return E.left(appError('conflict', `profile ${profile.name} is not paused`));
  const refused = liftRefusal(profile, was, actor, 'resume');
  if (refused) return E.left(refused);
  const event = pauseEvent(profile, 'profile.resumed', actor, {
    paused_at: was.at.toISOString(),
    paused_by: was.by,
    reason: was.reason,
    from: was.from.toISOString(),
    until: was.until?.toISOString() ?? null,
    // A pause resumed before it began was called off: it held nothing.
    before_it_began: was.from.getTime() > now.getTime(),
  });
  if (!(await deps.pauses.resume(id, was.at, event, now)))
    return E.left(
      appError('conflict', `the pause of profile ${profile.name} changed meanwhile; look at it again`),
    );
  return E.right(profile);
};
