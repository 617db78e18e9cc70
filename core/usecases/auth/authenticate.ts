import { type ProjectRoles, projectRolesWithin } from '../../domain/roles.js';
import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { isSessionLive, whyLoginEnded } from '../../domain/authSession.js';
import type { Role } from '../../domain/roles.js';
import type { AccessTokens } from '../../ports/AccessTokens.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import type { AuthPolicy } from '../../domain/authPolicy.js';
import {
  effectiveRole,
  looksLikeApiToken,
  parseApiToken,
  sameDigest,
  tokensOff,
  useIsNews,
} from '../../domain/apiToken.js';

export interface Principal {
  readonly userId: string;
  readonly username: string;
  readonly role: Role;
  /** Roles for single projects beside `role` (a login's are the account's; a token's, no higher than its role). */
  readonly projectRoles: ProjectRoles;
  readonly sessionId: string;
  /** The request came with an API token (domain/apiToken.ts), not a login's access token. */
  readonly viaApiToken: boolean;
  /** When that token ends (for its program to be told in time); null for a login. */
  readonly tokenExpiresAt: Date | null;
}

export interface AuthenticateDeps {
  readonly tokens: AccessTokens;
  readonly sessions: AuthSessionRepository;
  readonly digest: ContentDigest;
  readonly clock: Clock;
  readonly policy: Pick<AuthPolicy, 'apiTokenMaxDays'>;
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
  if (looksLikeApiToken(bearer)) return byApiToken(deps, bearer, now);
  const verified = deps.tokens.verify(bearer, now);
  if (typeof verified === 'string')
    return E.left(
      unauthorized(
        verified === 'expired' ? 'the access token expired; refresh it' : 'the access token is not valid',
      ),
    );
  const found = await deps.sessions.findWithUser(verified.sid);
  // An API token's session never backs an access token: it is taken only with its secret.
  if (found === null || found.session.userId !== verified.sub || found.session.apiToken)
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
    projectRoles: found.projectRoles,
    sessionId: verified.sid,
    viaApiToken: false,
    tokenExpiresAt: null,
  });
};

/**
 * An API token: its session by the id it carries (the same one read a login makes), its secret
 * against the stored digest, live, its account enabled; its role the lower of its own and the
 * account's now, so a demotion takes effect at its next request as a login's does.
 */
const byApiToken = async (
  deps: AuthenticateDeps,
  bearer: string,
  now: Date,
): Promise<E.Either<AppError, Principal>> => {
  if (deps.policy.apiTokenMaxDays === 0) return E.left(unauthorized(tokensOff.message));
  const parsed = parseApiToken(bearer);
  const found = parsed ? await deps.sessions.findWithUser(parsed.sessionId) : null;
  const token = found?.session.apiToken;
  if (!parsed || !found || !token || !sameDigest(deps.digest.digest(parsed.secret), token.secretHash))
    return E.left(unauthorized('the API token is not valid'));
  if (!isSessionLive(found.session, now)) {
    const why = whyLoginEnded(found.session, now);
    const message = why.reason === 'expired' ? 'this API token expired; make a new one' : why.message;
    return E.left(appError('unauthorized', message, { reason: why.reason }));
  }
  const { user } = found;
  if (user.disabledAt !== null) return E.left(unauthorized('this account is disabled or gone'));
  if (useIsNews(token.lastUsedAt, now)) await deps.sessions.touchApiToken(found.session.id, now);
  return E.right({
    userId: user.id,
    username: user.username,
    role: effectiveRole(token.role, user.role),
    projectRoles: projectRolesWithin(found.projectRoles, token.role),
    sessionId: found.session.id,
    viaApiToken: true,
    tokenExpiresAt: found.session.expiresAt,
  });
};

export { authorize } from '../../domain/roles.js';
