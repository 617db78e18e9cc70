import { type UserView, viewUser } from '../../domain/user.js';
import type { UserRepository } from '../../ports/UserRepository.js';

export const listUsers = async (deps: { readonly users: UserRepository }): Promise<readonly UserView[]> =>
  (await deps.users.list()).map(viewUser);
