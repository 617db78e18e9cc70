import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import type { DeploymentProfile } from '../../domain/profile.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';

export interface ProfileChoice {
  readonly projectModule: string;
  readonly name?: string;
  readonly id?: string;
}

/**
 * The profile an execution uses: by id, else by name (the module's, then a global one), else the
 * module's default, else the global default.
 */
export const resolveProfile = async (
  profiles: ProfileRepository,
  c: ProfileChoice,
): Promise<E.Either<AppError, DeploymentProfile>> => {
  if (c.id !== undefined) {
    const p = await profiles.get(c.id);
    if (!p || (p.project_module !== null && p.project_module !== c.projectModule))
      return E.left(
        validationError('no such profile for this project', [
          { path: 'deployment_profile_id', message: `no profile ${c.id} usable by ${c.projectModule}` },
        ]),
      );
    return E.right(p);
  }
  if (c.name !== undefined) {
    const p =
      (await profiles.findByName(c.projectModule, c.name)) ?? (await profiles.findByName(null, c.name));
    return p
      ? E.right(p)
      : E.left(
          validationError('no such profile for this project', [
            {
              path: 'deployment_profile_name',
              message: `no profile '${c.name}' in ${c.projectModule} or global`,
            },
          ]),
        );
  }
  const p = (await profiles.findDefault(c.projectModule)) ?? (await profiles.findDefault(null));
  return p
    ? E.right(p)
    : E.left(
        appError(
          'validation_failed',
          `no deployment profile named and no default for ${c.projectModule} or global; create one with is_default: true`,
          {
            issues: [
              { path: 'deployment_profile_name', message: 'is required when no default profile exists' },
            ],
          },
        ),
      );
};
