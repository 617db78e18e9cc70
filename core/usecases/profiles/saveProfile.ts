import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import type { DeploymentProfile, ProfileSettings } from '../../domain/profile.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProfileRepository, ProfileWriteOutcome } from '../../ports/ProfileRepository.js';
import type { Random } from '../../ports/Random.js';

export interface ProfileDeps {
  readonly profiles: ProfileRepository;
  readonly clock: Clock;
  readonly random: Random;
}

const scopeName = (m: string | null) => (m === null ? 'global profiles' : `project ${m}`);

export const outcomeError = async (
  deps: ProfileDeps,
  outcome: ProfileWriteOutcome,
  s: ProfileSettings,
): Promise<AppError | null> => {
  switch (outcome) {
    case 'ok':
      return null;
    case 'name_taken':
      return appError(
        'conflict',
        `a profile named '${s.name}' already exists in ${scopeName(s.project_module)}`,
      );
    case 'default_taken': {
      const current = await deps.profiles.findDefault(s.project_module);
      return appError(
        'conflict',
        `${scopeName(s.project_module)} already has a default profile${current ? ` ('${current.name}')` : ''}; unset it first`,
        current ? { current_default: current.id } : undefined,
      );
    }
    case 'not_found':
      return appError('not_found', 'no such deployment profile');
    case 'version_conflict':
      return appError('conflict', 'the profile changed since it was read; read it again and retry');
  }
};

export const createProfile = async (
  deps: ProfileDeps,
  s: ProfileSettings,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  const now = deps.clock.now();
  const p: DeploymentProfile = { ...s, id: deps.random.uuid(), version: 1, createdAt: now, updatedAt: now };
  const err = await outcomeError(deps, await deps.profiles.insert(p), s);
  return err ? E.left(err) : E.right(p);
};

/**
 * Replaces a profile. Executions keep the snapshot taken when they were created, so a change
 * affects later executions only.
 */
export const replaceProfile = async (
  deps: ProfileDeps,
  id: string,
  s: ProfileSettings,
  expectedVersion?: number,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  const current = await deps.profiles.get(id);
  if (!current) return E.left(appError('not_found', `no deployment profile ${id}`));
  const version = expectedVersion ?? current.version;
  const next: DeploymentProfile = {
    ...s,
    id,
    version: version + 1,
    createdAt: current.createdAt,
    updatedAt: deps.clock.now(),
  };
  const err = await outcomeError(deps, await deps.profiles.replace(next, version), s);
  return err ? E.left(err) : E.right(next);
};
