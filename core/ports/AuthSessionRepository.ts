import type { AuthSession, RefreshTokenRecord } from '../domain/authSession.js';
import type { User } from '../domain/user.js';

export type RotateOutcome = 'rotated' | 'already_used' | 'unknown';

export interface AuthSessionRepository {
  /** Stores a new session together with its first refresh token. */
  create(session: AuthSession, firstToken: RefreshTokenRecord): Promise<void>;
  find(sessionId: string): Promise<AuthSession | null>;
  /**
   * A session and the account it belongs to, in one read: every authenticated request makes it.
   * Null when either is gone (a session goes with its account).
   */
  findWithUser(sessionId: string): Promise<{ readonly session: AuthSession; readonly user: User } | null>;
  findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /**
   * Marks `oldHash` used and stores `next` in one atomic step. Two callers racing with the same
   * token: exactly one gets 'rotated'.
   */
  rotate(oldHash: string, next: RefreshTokenRecord, now: Date): Promise<RotateOutcome>;
  revoke(sessionId: string, now: Date, reason: string): Promise<void>;
  /** Ends every live login of an account (disabled, or its password changed) but `except`; how many. */
  revokeAllOf(userId: string, now: Date, reason: string, except?: string): Promise<number>;
}
