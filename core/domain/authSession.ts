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

/** Why a login ended, for whoever still holds its token: they learn what to do next. */
export const whyLoginEnded = (s: AuthSession, now: Date): string => {
  switch (s.revokeReason) {
    case null:
      return s.expiresAt.getTime() <= now.getTime()
        ? 'this login expired; log in again'
        : 'this login has ended; log in again';
    case 'logout':
      return 'this login was logged out; log in again';
    case 'refresh_token_reuse':
      return 'this login was ended: one of its refresh tokens was used twice, so it may have leaked; log in again';
    case 'user_disabled':
      return 'this login was ended: the account was disabled';
    case 'password_changed':
      return 'this login was ended: the password was changed; log in with the new one';
    default:
      return 'this login has ended; log in again';
  }
};
