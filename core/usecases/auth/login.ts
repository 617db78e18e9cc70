import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import type { IssuedTokens } from '../../domain/authPolicy.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { PasswordHasher } from '../../ports/PasswordHasher.js';
import { usernamePattern } from '../../domain/user.js';
import { openLogin, type TokenIssuerDeps } from './issueTokens.js';
import { type AttemptDeps, attemptSucceeded, reserveAttempt } from './passwordAttempt.js';

export interface LoginDeps extends TokenIssuerDeps, AttemptDeps {
  readonly sessions: AuthSessionRepository;
  readonly hasher: PasswordHasher;
}

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly clientAddress: string;
}

/** Why a login failed: logged by the host, never shown to the client (no user enumeration). */
export type LoginFailureCause =
  | 'no_such_user'
  | 'no_admin_exists'
  | 'wrong_password'
  | 'disabled'
  | 'rate_limited';

export interface LoginFailure {
  readonly error: AppError;
  readonly cause: LoginFailureCause;
  readonly retryAfterSeconds?: number;
  /** The account the attempt named, when it exists (for the log; never for the client). */
  readonly userId?: string;
}

export interface LoginSuccess {
  readonly tokens: IssuedTokens;
  readonly userId: string;
  readonly role: string;
}

export const invalidCredentials = appError('invalid_credentials', 'invalid username or password');

/**
 * Rate-limited login. The attempt is reserved on the throttle before anything else
 * (passwordAttempt.ts), so a burst of concurrent wrong passwords gets at most the limit through to
 * the password check and 429 for the rest; a successful login gives the address reservation back
 * and clears the username's. A username that cannot exist is checked against the decoy hash, so
 * timing tells nothing.
 */
export const login = async (
  deps: LoginDeps,
  input: LoginInput,
): Promise<E.Either<LoginFailure, LoginSuccess>> => {
  const held = await reserveAttempt(deps, input);
  if (held)
    return E.left({ error: held.error, cause: 'rate_limited', retryAfterSeconds: held.retryAfterSeconds });

  const fail = (cause: LoginFailureCause, userId?: string): E.Either<LoginFailure, LoginSuccess> =>
    E.left({ error: invalidCredentials, cause, ...(userId ? { userId } : {}) });

  const user = usernamePattern.test(input.username) ? await deps.users.findByUsername(input.username) : null;
  if (user === null) {
    // Spend the same time as a real check, so timing does not tell which usernames exist.
    await deps.hasher.verify(deps.hasher.decoyHash, input.password);
    return fail((await deps.users.countAdmins()) === 0 ? 'no_admin_exists' : 'no_such_user');
  }
  const passwordOk = await deps.hasher.verify(user.passwordHash, input.password);
  if (!passwordOk) return fail('wrong_password', user.id);
  if (user.disabledAt !== null) return fail('disabled', user.id);

  await attemptSucceeded(deps, input);
  return E.right({ tokens: await openLogin(deps, user), userId: user.id, role: user.role });
};
