import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import { type NewEvent, noProject } from '../../domain/event.js';
import type { DeploymentProfile } from '../../domain/profile.js';
import { type ProfilePause, pauseReasonProblem } from '../../domain/profilePause.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProfilePauses } from '../../ports/ProfilePauses.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { Actor } from './saveProfile.js';

export interface PauseDeps {
  readonly profiles: Pick<ProfileRepository, 'get'>;
  readonly pauses: Pick<ProfilePauses, 'pause' | 'resume' | 'of'>;
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
 * Pauses a profile: every run that would submit with it waits until it is resumed (admission holds
 * it, or it waits before its translation). An operator's act, as cancelling is: it only holds work
 * back. Pausing a paused profile is refused and keeps the first pause (its reason is what others
 * were told).
 */
export const pauseProfile = async (
  deps: PauseDeps,
  id: string,
  reason: string,
  actor: Actor,
): Promise<E.Either<AppError, { profile: DeploymentProfile; pause: ProfilePause }>> => {
  const why = reason.trim();
  const problem = pauseReasonProblem(why);
  if (problem)
    return E.left(validationError('a pause needs its reason', [{ path: 'reason', message: problem }]));
  const profile = await deps.profiles.get(id);
  if (!profile) return E.left(appError('not_found', `no deployment profile ${id}`));
  const now = deps.clock.now();
  const pause: ProfilePause = { profileId: id, at: now, by: actor.username, reason: why };
  const r = await deps.pauses.pause(
    pause,
    pauseEvent(profile, 'profile.paused', actor, { reason: why }),
    now,
  );
  if (r === 'not_found') return E.left(appError('not_found', `no deployment profile ${id}`));
  if (r === 'already') {
    const first = await deps.pauses.of(id);
    return E.left(
      appError(
        'conflict',
        `profile ${profile.name} is paused already${first ? ` (by ${first.by}: ${first.reason})` : ''}; resume it first to pause it for another reason`,
      ),
    );
  }
  return E.right({ profile, pause });
};

/** Resumes a paused profile: the runs it held are admitted by the next execution tick. */
export const resumeProfile = async (
  deps: PauseDeps,
  id: string,
  actor: Actor,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  const profile = await deps.profiles.get(id);
  if (!profile) return E.left(appError('not_found', `no deployment profile ${id}`));
  const was = await deps.pauses.of(id);
  if (!was) return E.left(appError('conflict', `profile ${profile.name} is not paused`));
  const event = pauseEvent(profile, 'profile.resumed', actor, {
    paused_at: was.at.toISOString(),
    paused_by: was.by,
    reason: was.reason,
  });
  if (!(await deps.pauses.resume(id, event, deps.clock.now())))
    return E.left(appError('conflict', `profile ${profile.name} is not paused`));
  return E.right(profile);
};
