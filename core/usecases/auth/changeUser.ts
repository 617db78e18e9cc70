import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, type FieldIssue, validationError } from '../../errors.js';
import { userChangeEvents } from '../../domain/accountEvents.js';
import type { Role } from '../../domain/roles.js';
import { roleAndPasswordIssues, type UserChange, type UserView, viewUser } from '../../domain/user.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { LoginThrottle } from '../../ports/LoginThrottle.js';
import type { PasswordHasher } from '../../ports/PasswordHasher.js';
import type { UserRepository } from '../../ports/UserRepository.js';
import { throttleKeys } from './passwordAttempt.js';

export interface ChangeUserDeps {
  readonly users: UserRepository;
  readonly sessions: AuthSessionRepository;
  readonly throttle: LoginThrottle;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
}

/** What an administrator changes of an account (on the host, with the CLI: no HTTP route does). */
export interface ChangeUserInput {
  readonly username: string;
  readonly role?: string;
  readonly enabled?: boolean;
  readonly password?: string;
}

export interface ChangedUser {
  readonly user: UserView;
  /** Logins ended by the change: every one, when the account is disabled or its password changed. */
  readonly loginsEnded: number;
}

const check = (input: ChangeUserInput): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (input.role === undefined && input.enabled === undefined && input.password === undefined)
    issues.push({ path: 'change', message: 'nothing to change: a role, enabled or disabled, or a password' });
  return [...issues, ...roleAndPasswordIssues(input)];
};

/**
 * Changes an account's role, enabled state or password. A role counts at the account's next
 * request (authentication reads it each time). Disabling, or a new password, ends every login
 * of the account at once; a new password also forgets the username's failed logins, so its owner
 * is not held back by the attempts that made the reset needed. The last enabled admin cannot be
 * demoted or disabled (make another first), so the service always has someone to manage it.
 * The account audit records each field that changed, and who changed it (`actor`).
 */
export const changeUser = async (
  deps: ChangeUserDeps,
  input: ChangeUserInput,
  actor: string | null = null,
): Promise<E.Either<AppError, ChangedUser>> => {
  const issues = check(input);
  if (issues.length > 0) return E.left(validationError('the change is not valid', issues));
  const user = await deps.users.findByUsername(input.username);
  if (!user) return E.left(appError('not_found', `no user is named '${input.username}'`));
  const now = deps.clock.now();
  const change: UserChange = {
    ...(input.role !== undefined ? { role: input.role as Role } : {}),
    ...(input.enabled !== undefined && input.enabled !== (user.disabledAt === null)
      ? { disabledAt: input.enabled ? null : now }
      : {}),
    ...(input.password !== undefined ? { passwordHash: await deps.hasher.hash(input.password) } : {}),
  };
  const r = await deps.users.update(
    user.id,
    change,
    (stored) => userChangeEvents(stored, change, actor),
    now,
  );
  if (r === 'not_found') return E.left(appError('not_found', `no user is named '${input.username}'`));
  if (r === 'last_admin')
    return E.left(
      appError(
        'conflict',
        `${user.username} is the last enabled admin: make another admin first (surveyor user create --role admin)`,
      ),
    );
  const ends = input.enabled === false || input.password !== undefined;
  const loginsEnded = ends
    ? await deps.sessions.revokeAllOf(
        user.id,
        now,
        input.password !== undefined ? 'password_changed' : 'user_disabled',
      )
    : 0;
  if (input.password !== undefined) await deps.throttle.clear(throttleKeys(user.username, '').user);
  const after = { ...user, ...change };
  return E.right({ user: viewUser(after), loginsEnded });
};
