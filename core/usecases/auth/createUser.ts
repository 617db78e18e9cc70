import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, type FieldIssue, validationError } from '../../errors.js';
import { userCreatedEvent } from '../../domain/accountEvents.js';
import type { Role } from '../../domain/roles.js';
import {
  emailPattern,
  roleAndPasswordIssues,
  type User,
  type UserView,
  reservedUsernames,
  usernamePattern,
  viewUser,
} from '../../domain/user.js';
import type { Clock } from '../../ports/Clock.js';
import type { PasswordHasher } from '../../ports/PasswordHasher.js';
import type { Random } from '../../ports/Random.js';
import type { UserRepository } from '../../ports/UserRepository.js';

export interface CreateUserDeps {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly random: Random;
  readonly clock: Clock;
}

export interface CreateUserInput {
  readonly username: string;
  readonly email: string;
  readonly role: string;
  readonly password: string;
}

const check = (input: CreateUserInput): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (!usernamePattern.test(input.username))
    issues.push({
      path: 'username',
      message: '2-63 characters: letters, digits, dot, underscore, hyphen; starting with a letter or digit',
    });
  else if (reservedUsernames.has(input.username.toLowerCase()))
    issues.push({ path: 'username', message: `${input.username} is the name the service acts under` });
  if (!emailPattern.test(input.email) || input.email.length > 254)
    issues.push({ path: 'email', message: 'not an e-mail address' });
  return [...issues, ...roleAndPasswordIssues(input)];
};

/** Makes an account; the account audit records who made it (`actor`: null when the caller names no one). */
export const createUser = async (
  deps: CreateUserDeps,
  input: CreateUserInput,
  actor: string | null = null,
): Promise<E.Either<AppError, UserView>> => {
  const issues = check(input);
  if (issues.length > 0) return E.left(validationError('the user is not valid', issues));
  const user: User = {
    id: deps.random.uuid(),
    username: input.username,
    email: input.email,
    role: input.role as Role,
    passwordHash: await deps.hasher.hash(input.password),
    createdAt: deps.clock.now(),
    disabledAt: null,
  };
  const inserted = await deps.users.insert(user, userCreatedEvent(user, actor), user.createdAt);
  if (!inserted) return E.left(appError('conflict', `a user named '${input.username}' already exists`));
  return E.right(viewUser(user));
};
