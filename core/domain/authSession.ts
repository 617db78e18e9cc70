import type { Role } from './roles.js';

/**
 * A login creates one auth session. Access tokens name it (claim `sid`), refresh tokens belong to
 * it, and logout or refresh-token reuse revokes it, which rejects every token of that login.
 */
export interface AuthSession {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly revokeReason: string | null;
  /** Set when the session is an API token (domain/apiToken.ts); absent for a login. */
  readonly apiToken?: ApiTokenFields | null;
}

/** What makes a session an API token (domain/apiToken.ts): a name, a role cap, its secret's digest. */
export interface ApiTokenFields {
  readonly name: string;
  readonly role: Role;
  readonly secretHash: string;
  /** When a request last came with it, to within `apiTokenUseGranularitySeconds`; null: never. */
  readonly lastUsedAt: Date | null;
}

export interface RefreshTokenRecord {
  readonly tokenHash: string;
  readonly sessionId: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

export const isSessionLive = (s: AuthSession, now: Date): boolean =>
  s.revokedAt === null && s.expiresAt.getTime() > now.getTime();

/** Why a login ended: the cause recorded with its revocation, or `expired`. */
export type LoginEndReason =
  | 'expired'
  | 'logout'
  | 'refresh_token_reuse'
  | 'user_disabled'
  | 'password_changed'
  | 'token_revoked'
  | 'identity_ended'
  | 'identity_groups_removed'
  | 'ended';

const endReasons: Record<LoginEndReason, string> = {
  expired: 'this login expired; log in again',
  logout: 'this login was logged out; log in again',
  refresh_token_reuse:
    'this login was ended: one of its refresh tokens was used twice, so it may have leaked; log in again',
  user_disabled: 'this login was ended: the account was disabled',
  password_changed: 'this login was ended: the password was changed; log in with the new one',
  token_revoked: 'this API token was revoked; make a new one',
  identity_ended: 'this login was ended by the identity provider; sign in again',
  identity_groups_removed:
    'this login was ended: none of your groups at the identity provider is given a role here any more',
  ended: 'this login has ended; log in again',
};

/**
 * Why a login ended, for whoever still holds its token: they learn what to do next (the reason
 * for a client to act on, the message for a person).
 */
export const whyLoginEnded = (s: AuthSession, now: Date): { reason: LoginEndReason; message: string } => {
  const reason: LoginEndReason =
    s.revokeReason === null
      ? s.expiresAt.getTime() <= now.getTime()
        ? 'expired'
        : 'ended'
      : s.revokeReason in endReasons
        ? (s.revokeReason as LoginEndReason)
        : 'ended';
  return { reason, message: endReasons[reason] };
};
