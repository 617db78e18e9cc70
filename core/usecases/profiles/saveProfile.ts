import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import { walltimeProblems } from '../../domain/walltime.js';
import { type NewEvent, noProject } from '../../domain/event.js';
import {
  adminOnlyChanges,
  changedFields,
  type DeploymentProfile,
  type ProfileSettings,
} from '../../domain/profile.js';
import { type Actor, roleAllows } from '../../domain/roles.js';
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

export type { Actor } from '../../domain/roles.js';

/** Settings the codec cannot judge alone: fields that only hold together (domain/walltime.ts). */
const inconsistent = (s: ProfileSettings): AppError | null => {
  const issues = s.deployment.kind === 'batch_remote' ? walltimeProblems(s.deployment) : [];
  return issues.length ? validationError('the profile does not hold together', issues) : null;
};

const needsAdmin = (actor: Actor, changes: string[]): AppError | null =>
  changes.length === 0 || roleAllows(actor.role, 'admin')
    ? null
    : appError(
        'forbidden',
        `only an admin may make or change ${changes.join(', ')}: they decide what code runs where, and for every project`,
        { admin_only: changes },
      );

const profileEvent = (
  p: DeploymentProfile,
  kind: 'profile.created' | 'profile.replaced' | 'profile.deleted',
  actor: Actor,
  payload: Record<string, unknown> = {},
): NewEvent => ({
  projectModule: p.project_module ?? noProject,
  subjectType: 'profile',
  subjectId: p.id,
  kind,
  payload: {
    name: p.name,
    version: p.version,
    project_module: p.project_module,
    by_role: actor.role,
    ...payload,
  },
  actor: actor.username,
});

export const createProfile = async (
  deps: ProfileDeps,
  s: ProfileSettings,
  actor: Actor,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  const refused = needsAdmin(actor, adminOnlyChanges(s, null)) ?? inconsistent(s);
  if (refused) return E.left(refused);
  const now = deps.clock.now();
  const p: DeploymentProfile = { ...s, id: deps.random.uuid(), version: 1, createdAt: now, updatedAt: now };
  const err = await outcomeError(
    deps,
    await deps.profiles.insert(p, profileEvent(p, 'profile.created', actor), now),
    s,
  );
  return err ? E.left(err) : E.right(p);
};

/**
 * Replaces a profile. Executions keep the snapshot taken when they were created, so a change
 * affects later executions only. An operator may change a profile's data fields; its code fields
 * and global profiles are an admin's.
 */
export const replaceProfile = async (
  deps: ProfileDeps,
  id: string,
  s: ProfileSettings,
  actor: Actor,
  expectedVersion?: number,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  const current = await deps.profiles.get(id);
  if (!current) return E.left(appError('not_found', `no deployment profile ${id}`));
  const refused = needsAdmin(actor, adminOnlyChanges(s, current)) ?? inconsistent(s);
  if (refused) return E.left(refused);
  const version = expectedVersion ?? current.version;
  const now = deps.clock.now();
  const next: DeploymentProfile = {
    ...s,
    id,
    version: version + 1,
    createdAt: current.createdAt,
    updatedAt: now,
  };
  const event = profileEvent(next, 'profile.replaced', actor, { changed: changedFields(current, next) });
  const err = await outcomeError(deps, await deps.profiles.replace(next, version, event, now), s);
  return err ? E.left(err) : E.right(next);
};

/** Deletes a profile; a global one only by an admin. Executions keep their snapshots. */
export const deleteProfile = async (
  deps: ProfileDeps,
  id: string,
  actor: Actor,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  const current = await deps.profiles.get(id);
  if (!current) return E.left(appError('not_found', `no deployment profile ${id}`));
  const refused = needsAdmin(actor, current.project_module === null ? ['a global profile'] : []);
  if (refused) return E.left(refused);
  const deleted = await deps.profiles.delete(
    id,
    current.version,
    profileEvent(current, 'profile.deleted', actor),
    deps.clock.now(),
  );
  return deleted
    ? E.right(current)
    : E.left(appError('conflict', 'the profile changed or went since it was read; read it again and retry'));
};
