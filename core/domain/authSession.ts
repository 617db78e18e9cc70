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
