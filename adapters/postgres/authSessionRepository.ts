import type { AuthSession, RefreshTokenRecord } from '../../core/domain/authSession.js';
import type { AuthSessionRepository, RotateOutcome } from '../../core/ports/AuthSessionRepository.js';
import type { User } from '../../core/domain/user.js';
import type { ApiTokenView } from '../../core/domain/apiToken.js';
import type { NewEvent } from '../../core/domain/event.js';
import type { Role } from '../../core/domain/roles.js';
import { insertEvents } from './eventLog.js';
import { type Db, pgp } from './db.js';
import { toUser, type UserRow } from './userRepository.js';
import type { ProjectRoles } from '../../core/domain/roles.js';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  token_name: string | null;
  token_role: Role | null;
  token_hash: string | null;
  token_last_used_at: Date | null;
}
interface TokenRow {
  token_hash: string;
  session_id: string;
  issued_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

const toSession = (r: SessionRow): AuthSession => ({
  id: r.id,
  userId: r.user_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  revokeReason: r.revoke_reason,
  apiToken:
    r.token_hash === null
      ? null
      : {
          name: r.token_name!,
          role: r.token_role!,
          secretHash: r.token_hash,
          lastUsedAt: r.token_last_used_at,
        },
});

const sessionColumns =
  'id, user_id, created_at, expires_at, revoked_at, revoke_reason, token_name, token_role, token_hash, token_last_used_at';

const tokenViewColumns = `s.id, s.token_name AS name, s.token_role AS role, s.user_id, u.username,
  s.created_at, s.expires_at, s.revoked_at, s.revoke_reason, s.token_last_used_at AS last_used_at`;
interface TokenViewRow {
  id: string;
  name: string;
  role: Role;
  user_id: string;
  username: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  last_used_at: Date | null;
}
const toTokenView = (r: TokenViewRow): ApiTokenView => ({
  id: r.id,
  name: r.name,
  role: r.role,
  userId: r.user_id,
  username: r.username,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  revokeReason: r.revoke_reason,
  lastUsedAt: r.last_used_at,
});
const toToken = (r: TokenRow): RefreshTokenRecord => ({
  tokenHash: r.token_hash,
  sessionId: r.session_id,
  issuedAt: r.issued_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
});

const insertToken = `INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at, used_at)
  VALUES ($1, $2, $3, $4, NULL)`;

export class PgAuthSessionRepository implements AuthSessionRepository {
  constructor(private readonly db: Db) {}

  async create(s: AuthSession, t: RefreshTokenRecord): Promise<void> {
    await this.db.tx(async (tx) => {
      await tx.none(
        'INSERT INTO auth_sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [s.id, s.userId, s.createdAt, s.expiresAt],
      );
      await tx.none(insertToken, [t.tokenHash, t.sessionId, t.issuedAt, t.expiresAt]);
    });
  }

  async find(id: string): Promise<AuthSession | null> {
    // Every authenticated request reads its session: prepared, so PostgreSQL plans it once per
    // connection (the columns are named, so a later column cannot change a planned result).
    const r = await this.db.oneOrNone<SessionRow>(
      new pgp.PreparedStatement({
        name: 'surveyor-session',
        text: `SELECT ${sessionColumns} FROM auth_sessions WHERE id = $1`,
        values: [id],
      }),
    );
    return r ? toSession(r) : null;
  }

  async findWithUser(
    id: string,
  ): Promise<{ session: AuthSession; user: User; projectRoles: ProjectRoles } | null> {
    // Prepared, and one statement where authentication made two (the session, the account), its
    // roles per project with them (a grant or a revocation counts at the next request).
    const r = await this.db.oneOrNone<
      SessionRow & Omit<UserRow, 'id' | 'created_at'> & { user_created_at: Date; project_roles: ProjectRoles }
    >(
      new pgp.PreparedStatement({
        name: 'surveyor-session-user-roles',
        text: `SELECT s.id, s.user_id, s.created_at, s.expires_at, s.revoked_at, s.revoke_reason,
                      s.token_name, s.token_role, s.token_hash, s.token_last_used_at, u.username, u.email, u.role, u.password_hash, u.created_at AS user_created_at, u.disabled_at,
                      (SELECT coalesce(jsonb_object_agg(g.project_module, g.role), '{}'::jsonb)
                         FROM user_project_roles g WHERE g.user_id = u.id) AS project_roles
               FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
        values: [id],
      }),
    );
    return r
      ? {
          session: toSession(r),
          user: toUser({ ...r, id: r.user_id, created_at: r.user_created_at }),
          projectRoles: r.project_roles,
        }
      : null;
  }

  async findRefreshToken(hash: string): Promise<RefreshTokenRecord | null> {
    const r = await this.db.oneOrNone<TokenRow>('SELECT * FROM refresh_tokens WHERE token_hash = $1', [hash]);
    return r ? toToken(r) : null;
  }

  async rotate(oldHash: string, next: RefreshTokenRecord, now: Date): Promise<RotateOutcome> {
    return this.db.tx(async (tx) => {
      // The conditional update is the race arbiter: only one caller sees used_at IS NULL.
      const spent = await tx.result(
        'UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL',
        [oldHash, now],
      );
      if (spent.rowCount === 0) {
        const exists = await tx.oneOrNone('SELECT 1 FROM refresh_tokens WHERE token_hash = $1', [oldHash]);
        return exists ? 'already_used' : 'unknown';
      }
      await tx.none(insertToken, [next.tokenHash, next.sessionId, next.issuedAt, next.expiresAt]);
      return 'rotated';
    });
  }

  async revoke(id: string, now: Date, reason: string): Promise<void> {
    await this.db.none(
      'UPDATE auth_sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
      [id, now, reason],
    );
  }

  async revokeAllOf(userId: string, now: Date, reason: string, except?: string): Promise<number> {
    const r = await this.db.result(
      `UPDATE auth_sessions SET revoked_at = $2, revoke_reason = $3
       WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $4::uuid`,
      [userId, now, reason, except ?? null],
    );
    return r.rowCount;
  }

  createApiToken(
    s: AuthSession,
    event: NewEvent,
    maxLive: number,
    now: Date,
  ): Promise<'created' | 'name_taken' | 'too_many'> {
    const t = s.apiToken!;
    return this.db.tx(async (tx) => {
      // The account's row lock counts concurrent creations one after the other.
      await tx.any('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [s.userId]);
      const live = await tx.any<{ name: string }>(
        `SELECT token_name AS name FROM auth_sessions
         WHERE user_id = $1 AND token_hash IS NOT NULL AND revoked_at IS NULL AND expires_at > $2`,
        [s.userId, now],
      );
      if (live.some((l) => l.name.toLowerCase() === t.name.toLowerCase())) return 'name_taken' as const;
      if (live.length >= maxLive) return 'too_many' as const;
      await tx.none(
        `INSERT INTO auth_sessions (id, user_id, created_at, expires_at, token_name, token_role, token_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [s.id, s.userId, s.createdAt, s.expiresAt, t.name, t.role, t.secretHash],
      );
      await insertEvents(tx, [event], now);
      return 'created' as const;
    });
  }

  async touchApiToken(id: string, now: Date): Promise<void> {
    await this.db.none(
      `UPDATE auth_sessions SET token_last_used_at = $2
       WHERE id = $1 AND token_hash IS NOT NULL AND (token_last_used_at IS NULL OR token_last_used_at < $2)`,
      [id, now],
    );
  }

  async listApiTokens(userId: string | null): Promise<readonly ApiTokenView[]> {
    const rows = await this.db.any<TokenViewRow>(
      `SELECT ${tokenViewColumns} FROM auth_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash IS NOT NULL AND ($1::uuid IS NULL OR s.user_id = $1::uuid)
       ORDER BY s.created_at DESC, s.id`,
      [userId],
    );
    return rows.map(toTokenView);
  }

  revokeApiToken(
    id: string,
    userId: string | null,
    now: Date,
    eventOf: (token: ApiTokenView) => NewEvent,
  ): Promise<ApiTokenView | null> {
    return this.db.tx(async (tx) => {
      const r = await tx.oneOrNone<TokenViewRow>(
        `SELECT ${tokenViewColumns} FROM auth_sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = $1 AND s.token_hash IS NOT NULL AND s.revoked_at IS NULL AND s.expires_at > $3
           AND ($2::uuid IS NULL OR s.user_id = $2::uuid)
         FOR UPDATE OF s`,
        [id, userId, now],
      );
      if (!r) return null;
      await tx.none(
        `UPDATE auth_sessions SET revoked_at = $2, revoke_reason = 'token_revoked' WHERE id = $1`,
        [id, now],
      );
      const token = toTokenView(r);
      await insertEvents(tx, [eventOf(token)], now);
      return { ...token, revokedAt: now, revokeReason: 'token_revoked' };
    });
  }
}
