import {
  addSeconds,
  type AuthPolicy,
  type IssuedTokens,
  refreshTokenBytes,
} from '../../domain/authPolicy.js';
import type { User } from '../../domain/user.js';
import type { AccessTokens } from '../../ports/AccessTokens.js';
import type { Random } from '../../ports/Random.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import type { RefreshTokenRecord } from '../../domain/authSession.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';

export interface TokenIssuerDeps {
  readonly tokens: AccessTokens;
  readonly digest: ContentDigest;
  readonly random: Random;
  readonly policy: AuthPolicy;
}

/** A new refresh token (raw, for its holder) and the record that is stored (digest only). */
export const newRefreshToken = (
  deps: TokenIssuerDeps,
  sessionId: string,
  now: Date,
  expiresAt: Date,
): { raw: string; record: RefreshTokenRecord } => {
  const raw = deps.random.token(refreshTokenBytes);
  return {
    raw,
    record: { tokenHash: deps.digest.digest(raw), sessionId, issuedAt: now, expiresAt, usedAt: null },
  };
};

export const issueTokens = (
  deps: TokenIssuerDeps,
  user: User,
  sessionId: string,
  refreshRaw: string,
  sessionExpiresAt: Date,
  now: Date,
): IssuedTokens => {
  const accessTtl = Math.max(
    1,
    Math.min(
      deps.policy.accessTokenTtlSeconds,
      Math.floor((sessionExpiresAt.getTime() - now.getTime()) / 1000),
    ),
  );
  return {
    access_token: deps.tokens.sign(
      { sub: user.id, username: user.username, role: user.role, sid: sessionId },
      now,
      accessTtl,
    ),
    token_type: 'Bearer',
    expires_in: accessTtl,
    refresh_token: refreshRaw,
    refresh_expires_in: Math.max(0, Math.floor((sessionExpiresAt.getTime() - now.getTime()) / 1000)),
  };
};

export { addSeconds };

/**
 * Opens a login for the account: its session (lasting the refresh token's lifetime) with its first
 * refresh token, and the tokens. `before` runs with the new session's id before the session is
 * stored (a sign-in through a provider records its identity first).
 */
export const openLogin = async (
  deps: TokenIssuerDeps & { readonly sessions: AuthSessionRepository; readonly clock: Clock },
  user: User,
  before?: (sessionId: string, now: Date) => Promise<void>,
): Promise<IssuedTokens> => {
  const now = deps.clock.now();
  const sessionId = deps.random.uuid();
  const expiresAt = addSeconds(now, deps.policy.refreshTokenTtlSeconds);
  if (before) await before(sessionId, now);
  const refresh = newRefreshToken(deps, sessionId, now, expiresAt);
  await deps.sessions.create(
    { id: sessionId, userId: user.id, createdAt: now, expiresAt, revokedAt: null, revokeReason: null },
    refresh.record,
  );
  return issueTokens(deps, user, sessionId, refresh.raw, expiresAt, now);
};
