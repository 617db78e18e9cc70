import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { isSessionLive } from '../../domain/authSession.js';
import { type Role, roleAllows } from '../../domain/roles.js';
import type { AccessTokens } from '../../ports/AccessTokens.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { UserRepository } from '../../ports/UserRepository.js';

export interface Principal {
  readonly userId: string;
  readonly username: string;
  readonly role: Role;
  readonly sessionId: string;
}

export interface AuthenticateDeps {
  readonly tokens: AccessTokens;
  readonly sessions: AuthSessionRepository;
  readonly users: UserRepository;
  readonly clock: Clock;
}

export const unauthorized = (message: string): AppError => appError('unauthorized', message);

/**
 * Checks a bearer token: signature, lifetime, that its login was not ended, and that its account is
 * still enabled. The role is the account's role now, not the one in the token: a demotion or a
 * disabled account takes effect at the next request, not at the next refresh.
 */
export const authenticate = async (
  deps: AuthenticateDeps,
  bearer: string | undefined,
): Promise<E.Either<AppError, Principal>> => {
  if (bearer === undefined || bearer.length === 0)
    return E.left(unauthorized('send Authorization: Bearer <access_token>'));
  const now = deps.clock.now();
  const verified = deps.tokens.verify(bearer, now);
  if (typeof verified === 'string')
    return E.left(
      unauthorized(
        verified === 'expired' ? 'the access token expired; refresh it' : 'the access token is not valid',
      ),
    );
  const [session, user] = await Promise.all([
    deps.sessions.find(verified.sid),
    deps.users.findById(verified.sub),
  ]);
  if (session === null || !isSessionLive(session, now) || session.userId !== verified.sub)
    return E.left(unauthorized('this login has ended; log in again'));
  if (user === null || user.disabledAt !== null)
    return E.left(unauthorized('this account is disabled or gone'));
  return E.right({
    userId: user.id,
    username: user.username,
    role: user.role,
    sessionId: verified.sid,
  });
};

export const authorize = (principal: Principal, required: Role): E.Either<AppError, Principal> =>
  roleAllows(principal.role, required)
    ? E.right(principal)
    : E.left(appError('forbidden', `this needs the ${required} role; you have ${principal.role}`));
