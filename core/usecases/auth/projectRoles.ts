import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import { projectRoleEvent } from '../../domain/accountEvents.js';
import { projectModulePattern } from '../../domain/projectModule.js';
import { type ProjectRole, type ProjectRoles, projectRoleNames, roleAllows } from '../../domain/roles.js';
import type { Clock } from '../../ports/Clock.js';
import type { UserRepository } from '../../ports/UserRepository.js';

export interface ProjectRoleDeps {
  readonly users: UserRepository;
  readonly clock: Clock;
}

export interface ProjectRoleInput {
  readonly username: string;
  readonly project_module: string;
  readonly role?: string;
}

/** The account's roles per project after a change, as the CLI says them. */
export interface ProjectRolesOf {
  readonly username: string;
  readonly role: string;
  readonly project_roles: ProjectRoles;
}

const moduleIssue = (m: string) =>
  projectModulePattern.test(m)
    ? null
    : validationError('the project is not valid', [
        {
          path: 'project_module',
          message: 'a project module: a lower-case letter, then letters, digits or _',
        },
      ]);

/**
 * Grants an account a role for one project, beside its own (core/domain/roles.ts roleIn): a viewer
 * made operator of one survey runs that survey and no other. Only `operator` is granted per
 * project (admin decides what code runs where, for every project); an account that holds the role
 * everywhere already is told so. Counts from the account's next request, and the account audit
 * records it.
 */
export const grantProjectRole = async (
  deps: ProjectRoleDeps,
  input: ProjectRoleInput,
  actor: string,
): Promise<E.Either<AppError, ProjectRolesOf>> => {
  const role = input.role ?? 'operator';
  if (!(projectRoleNames as readonly string[]).includes(role))
    return E.left(
      validationError('the role is not valid', [
        {
          path: 'role',
          message: `one of ${projectRoleNames.join(', ')} (admin is granted for every project only)`,
        },
      ]),
    );
  const bad = moduleIssue(input.project_module);
  if (bad) return E.left(bad);
  const user = await deps.users.findByUsername(input.username);
  if (!user) return E.left(appError('not_found', `no user is named '${input.username}'`));
  if (roleAllows(user.role, role as ProjectRole))
    return E.left(
      appError(
        'conflict',
        `${user.username} is ${user.role} on every project already: a grant for one adds nothing`,
      ),
    );
  const now = deps.clock.now();
  const event = projectRoleEvent(user.username, 'granted', input.project_module, role, actor);
  if (
    (await deps.users.grantProjectRole(
      user.id,
      input.project_module,
      role as ProjectRole,
      actor,
      event,
      now,
    )) === 'not_found'
  )
    return E.left(appError('not_found', `no user is named '${input.username}'`));
  return E.right({
    username: user.username,
    role: user.role,
    project_roles: await deps.users.projectRoles(user.id),
  });
};

/** Takes an account's role for one project away; counts from its next request, recorded in the audit. */
export const revokeProjectRole = async (
  deps: ProjectRoleDeps,
  input: ProjectRoleInput,
  actor: string,
): Promise<E.Either<AppError, ProjectRolesOf>> => {
  const bad = moduleIssue(input.project_module);
  if (bad) return E.left(bad);
  const user = await deps.users.findByUsername(input.username);
  if (!user) return E.left(appError('not_found', `no user is named '${input.username}'`));
  const held = (await deps.users.projectRoles(user.id))[input.project_module];
  const event = projectRoleEvent(user.username, 'revoked', input.project_module, held ?? 'operator', actor);
  if (
    (await deps.users.revokeProjectRole(user.id, input.project_module, event, deps.clock.now())) ===
    'not_held'
  )
    return E.left(
      appError('not_found', `${user.username} holds no role for project ${input.project_module}`),
    );
  return E.right({
    username: user.username,
    role: user.role,
    project_roles: await deps.users.projectRoles(user.id),
  });
};
