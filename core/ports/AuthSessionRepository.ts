import type { ApiTokenView } from '../domain/apiToken.js';
import type { AuthSession, RefreshTokenRecord } from '../domain/authSession.js';
import type { NewEvent } from '../domain/event.js';
import type { ProjectRoles } from '../domain/roles.js';
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
  findWithUser(sessionId: string): Promise<{
    readonly session: AuthSession;
    readonly user: User;
    /** The account's roles for single projects (user_project_roles), read with it. */
    readonly projectRoles: ProjectRoles;
  } | null>;
  findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /**
   * Marks `oldHash` used and stores `next` in one atomic step. Two callers racing with the same
   * token: exactly one gets 'rotated'.
   */
  rotate(oldHash: string, next: RefreshTokenRecord, now: Date): Promise<RotateOutcome>;
  revoke(sessionId: string, now: Date, reason: string): Promise<void>;
  /** Ends every live login of an account (disabled, or its password changed) but `except`; how many. */
  revokeAllOf(userId: string, now: Date, reason: string, except?: string): Promise<number>;
  /**
   * Stores an API token (a session with `apiToken` set and no refresh token) and its audit event in
   * one transaction, unless its owner already has `maxLive` live tokens or a live one of that name
   * (in any case). Concurrent creations for one account are counted one after the other.
   */
  createApiToken(
    session: AuthSession,
    event: NewEvent,
    maxLive: number,
    now: Date,
  ): Promise<'created' | 'name_taken' | 'too_many'>;
  /** Records a request made with an API token, unless a later one is recorded already. */
  touchApiToken(id: string, now: Date): Promise<void>;
  /** API tokens, newest first: one account's, or every account's (null); ended ones until pruned. */
  listApiTokens(userId: string | null): Promise<readonly ApiTokenView[]>;
  /**
   * Revokes a live API token (of `userId`, or of anyone when null) with the audit event `eventOf`
   * makes of it (as it was), in one transaction: the token revoked, or null when there is no such live
   * token.
   */
  revokeApiToken(
    id: string,
    userId: string | null,
    now: Date,
    eventOf: (token: ApiTokenView) => NewEvent,
  ): Promise<ApiTokenView | null>;
}
