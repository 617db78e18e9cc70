import { type UserView, viewUser } from '../../domain/user.js';
import type { ProjectRoles } from '../../domain/roles.js';
import type { UserRepository } from '../../ports/UserRepository.js';

/** Every account, with its roles for single projects (few accounts: one read each). */
export const listUsers = async (deps: {
  readonly users: UserRepository;
}): Promise<readonly (UserView & { readonly project_roles: ProjectRoles })[]> =>
  Promise.all(
    (await deps.users.list()).map(async (u) => ({
      ...viewUser(u),
      project_roles: await deps.users.projectRoles(u.id),
    })),
  );
