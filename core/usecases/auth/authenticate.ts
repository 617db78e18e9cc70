import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { isSessionLive, whyLoginEnded } from '../../domain/authSession.js';
import type { Role } from '../../domain/roles.js';
import type { AccessTokens } from '../../ports/AccessTokens.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';

export interface Principal {
  readonly userId: string;
  readonly username: string;
  readonly role: Role;
  readonly sessionId: string;
}

export interface AuthenticateDeps {
  readonly tokens: AccessTokens;
  readonly sessions: AuthSessionRepository;
  readonly clock: Clock;
}

export const unauthorized = (message: string): AppError => appError('unauthorized', message);

/**
 * Checks a bearer token: signature, lifetime, that its login was not ended, and that its account is
 * still enabled (one read of both). The role is the account's role now, not the one in the token:
 * a demotion or a disabled account takes effect at the next request, not at the next refresh.
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
  const found = await deps.sessions.findWithUser(verified.sid);
  if (found === null || found.session.userId !== verified.sub)
    return E.left(unauthorized('this login has ended; log in again'));
  if (!isSessionLive(found.session, now)) {
    const why = whyLoginEnded(found.session, now);
    return E.left(appError('unauthorized', why.message, { reason: why.reason }));
  }
  const { user } = found;
  if (user.disabledAt !== null) return E.left(unauthorized('this account is disabled or gone'));
  return E.right({
    userId: user.id,
    username: user.username,
    role: user.role,
    sessionId: verified.sid,
  });
};

export { authorize } from '../../domain/roles.js';
