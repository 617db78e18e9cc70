import { appError } from '../errors.js';
import type { ApiTokenFields, AuthSession } from './authSession.js';
import { type Role, roles } from './roles.js';

/**
 * An API token is a login made for a program (a cron job, a pipeline): it has no password and no
 * refresh token, carries a name, a role no higher than its owner's, and an end its owner chose. It
 * is an auth session with a secret, so logout, disabling the account, a new password and the
 * retention of ended logins treat it as they treat every login.
 *
 * Its text is `svy_` + the session id's 32 hex digits + `_` + a 256-bit secret (43 URL-safe
 * characters): the prefix lets secret scanners and our redaction find it, and the session id finds
 * its row with the lookup every authenticated request already makes. Only the secret's sha256 is
 * stored; the token is shown once, when it is made.
 */
export const apiTokenPrefix = 'svy_';
export const apiTokenSecretBytes = 32;
const tokenPattern = /^svy_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

/** Names a person gives a token ("nightly import"): shown in lists and the audit. */
export const apiTokenNamePattern = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,62}$/;

/**
 * A token's last use is written when the stored one is older than this: a program that calls every
 * second costs one write in ten minutes, and its owner still sees which tokens are in use.
 */
export const apiTokenUseGranularitySeconds = 600;

/** Whether a request with the token now should write its last use. */
export const useIsNews = (lastUsedAt: Date | null, now: Date): boolean =>
  lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= apiTokenUseGranularitySeconds * 1000;

/** At most this many live tokens per account: a leaked script cannot mint without bound. */
export const maxLiveApiTokens = 20;

export const formatApiToken = (sessionId: string, secret: string): string =>
  `${apiTokenPrefix}${sessionId.replace(/-/g, '')}_${secret}`;

/** Whether a bearer is meant as an API token (then it is checked as one, never as a JWT). */
export const looksLikeApiToken = (bearer: string): boolean => bearer.startsWith(apiTokenPrefix);

/** The session id and the secret of a well-formed token; null for anything else. */
export const parseApiToken = (bearer: string): { sessionId: string; secret: string } | null => {
  const m = tokenPattern.exec(bearer);
  if (!m) return null;
  const h = m[1]!;
  return {
    sessionId: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`,
    secret: m[2]!,
  };
};

/** What a request made with the token may do: the lower of the token's role and its owner's now. */
export const effectiveRole = (token: Role, owner: Role): Role =>
  roles[Math.min(roles.indexOf(token), roles.indexOf(owner))]!;

/** Compares two digests in time that does not depend on where they differ. */
export const sameDigest = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
};

/** An API token as its owner and admins see it: never its secret or its digest. */
export interface ApiTokenView {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  readonly userId: string;
  readonly username: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly revokeReason: string | null;
  readonly lastUsedAt: Date | null;
}

export type ApiTokenState = 'live' | 'expired' | 'revoked';

/** Whether a token still works: revoked first, then expired, else live. */
export const apiTokenState = (t: Pick<ApiTokenView, 'revokedAt' | 'expiresAt'>, now: Date): ApiTokenState =>
  t.revokedAt !== null ? 'revoked' : t.expiresAt.getTime() <= now.getTime() ? 'expired' : 'live';

export const isApiToken = (s: AuthSession): s is AuthSession & { apiToken: ApiTokenFields } =>
  s.apiToken !== undefined && s.apiToken !== null;

export const tokensOff = appError(
  'forbidden',
  'API tokens are turned off on this service (SERVICE_API_TOKEN_MAX_DAYS=0)',
);
