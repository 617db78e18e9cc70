import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { isSessionLive, whyLoginEnded } from '../../domain/authSession.js';
import type { IssuedTokens } from '../../domain/authPolicy.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { UserRepository } from '../../ports/UserRepository.js';
import type { IdentityProvider } from '../../ports/IdentityProvider.js';
import type { IdentityRepository } from '../../ports/IdentityRepository.js';
import type { PasswordHasher } from '../../ports/PasswordHasher.js';
import type { SecretBox } from '../../ports/SecretBox.js';
import { reconfirmLogin } from './identityRefresh.js';
import { issueTokens, newRefreshToken, type TokenIssuerDeps } from './issueTokens.js';

export interface RefreshDeps extends TokenIssuerDeps {
  readonly users: UserRepository;
  readonly sessions: AuthSessionRepository;
  readonly clock: Clock;
  /** Logins through an identity provider are confirmed with it at each refresh (identityRefresh.ts). */
  readonly identities?: IdentityRepository;
  readonly provider?: IdentityProvider | null;
  readonly box?: SecretBox;
  readonly hasher?: PasswordHasher;
}

export type RefreshFailureCause =
  | 'unknown_token'
  | 'session_ended'
  | 'token_expired'
  | 'token_reused'
  | 'user_gone'
  | 'identity';

export interface RefreshFailure {
  readonly error: AppError;
  readonly cause: RefreshFailureCause;
  /** What the identity provider's part said, for the log (a refresh of a login through one). */
  readonly detail?: string;
}

const rejected = (
  cause: RefreshFailureCause,
  why?: { reason: string; message: string },
): E.Either<RefreshFailure, never> =>
  E.left({
    error: why
      ? appError('unauthorized', why.message, { reason: why.reason })
      : appError('unauthorized', 'the refresh token is not valid; log in again'),
    cause,
  });

/**
 * Exchanges a refresh token for a new access token and a new refresh token. A refresh token works
 * once: presenting a used one again means it leaked, so the whole login is revoked.
 */
export const refreshTokens = async (
  deps: RefreshDeps,
  rawToken: string,
): Promise<E.Either<RefreshFailure, IssuedTokens>> => {
  const now = deps.clock.now();
  const hash = deps.digest.digest(rawToken);
  const record = await deps.sessions.findRefreshToken(hash);
  if (record === null) return rejected('unknown_token');
  const session = await deps.sessions.find(record.sessionId);
  if (session === null) return rejected('session_ended');
  // The token is the login's own: its holder may learn why the login ended.
  if (!isSessionLive(session, now)) return rejected('session_ended', whyLoginEnded(session, now));
  if (record.usedAt !== null) {
    await deps.sessions.revoke(session.id, now, 'refresh_token_reuse');
    return rejected('token_reused');
  }
  if (record.expiresAt.getTime() <= now.getTime()) return rejected('token_expired');
  const user = await deps.users.findById(session.userId);
  if (user === null || user.disabledAt !== null) {
    await deps.sessions.revoke(session.id, now, 'user_disabled');
    return rejected('user_gone');
  }
  if (deps.identities && deps.box && deps.hasher) {
    const confirmed = await reconfirmLogin(
      {
        ...deps,
        identities: deps.identities,
        box: deps.box,
        hasher: deps.hasher,
        provider: deps.provider ?? null,
      },
      session.id,
      user,
    );
    if (E.isLeft(confirmed)) {
      if (confirmed.left.ends) await deps.sessions.revoke(session.id, now, confirmed.left.ends);
      return E.left({ error: confirmed.left.error, cause: 'identity', detail: confirmed.left.cause });
    }
  }
  const next = newRefreshToken(deps, session.id, now, session.expiresAt);
  const outcome = await deps.sessions.rotate(hash, next.record, now);
  if (outcome === 'already_used') {
    await deps.sessions.revoke(session.id, now, 'refresh_token_reuse');
    return rejected('token_reused');
  }
  if (outcome === 'unknown') return rejected('unknown_token');
  return E.right(issueTokens(deps, user, session.id, next.raw, session.expiresAt, now));
};
