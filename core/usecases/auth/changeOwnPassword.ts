import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, type FieldIssue, validationError } from '../../errors.js';
import { userChangeEvents } from '../../domain/accountEvents.js';
import { roleAndPasswordIssues, type UserChange } from '../../domain/user.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { PasswordHasher } from '../../ports/PasswordHasher.js';
import { type AttemptDeps, attemptSucceeded, reserveAttempt } from './passwordAttempt.js';

export interface ChangeOwnPasswordDeps extends AttemptDeps {
  readonly sessions: AuthSessionRepository;
  readonly hasher: PasswordHasher;
}

/** Who asks: a live login's account and the login itself (which stays). */
export interface OwnLogin {
  readonly userId: string;
  readonly sessionId: string;
  readonly clientAddress: string;
  /** A program's API token never sets its owner's password: that needs the person's login. */
  readonly viaApiToken?: boolean;
}

export interface OwnPasswordInput {
  readonly current_password: string;
  readonly new_password: string;
}

const gone = appError('unauthorized', 'this login has ended: the account is gone');

const newPasswordIssues = (input: OwnPasswordInput): FieldIssue[] => [
  ...roleAndPasswordIssues({ password: input.new_password }).map((i) => ({ ...i, path: 'new_password' })),
  ...(input.new_password === input.current_password
    ? [{ path: 'new_password', message: 'the same as the current password' }]
    : []),
];

/**
 * A user sets their own password, giving the current one: for the password an admin set for them,
 * or one they think others know. The current password is checked behind the login throttle (a
 * logged-in token must not become a way to guess it faster than the login page allows), and a
 * wrong one counts as a failed login. Every other login of the account ends; this one goes on. The
 * account audit records it with the user as its actor.
 */
export const changeOwnPassword = async (
  deps: ChangeOwnPasswordDeps,
  who: OwnLogin,
  input: OwnPasswordInput,
): Promise<E.Either<AppError, { readonly loginsEnded: number }>> => {
  if (who.viaApiToken)
    return E.left(appError('forbidden', 'an API token cannot set the password; log in to set it'));
  const issues = newPasswordIssues(input);
  if (issues.length > 0) return E.left(validationError('the new password is not valid', issues));
  const user = await deps.users.findById(who.userId);
  // authenticate read the account a moment ago; gone since, the login has ended with it.
  if (!user) return E.left(gone);
  const attempt = { username: user.username, clientAddress: who.clientAddress };
  const held = await reserveAttempt(deps, attempt);
  if (held) return E.left(held.error); // its details say when to try again
  if (!(await deps.hasher.verify(user.passwordHash, input.current_password)))
    return E.left(
      validationError('the current password is not right', [
        { path: 'current_password', message: 'not the password of this account' },
      ]),
    );
  await attemptSucceeded(deps, attempt);
  const now = deps.clock.now();
  const change: UserChange = { passwordHash: await deps.hasher.hash(input.new_password) };
  const r = await deps.users.update(
    user.id,
    change,
    (stored) => userChangeEvents(stored, change, user.username),
    now,
  );
  if (r !== 'updated') return E.left(gone);
  return E.right({
    loginsEnded: await deps.sessions.revokeAllOf(user.id, now, 'password_changed', who.sessionId),
  });
};
