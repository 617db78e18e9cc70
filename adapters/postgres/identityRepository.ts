import type { NewEvent } from '../../core/domain/event.js';
import type { GroupRole, GroupRoleName } from '../../core/domain/identity.js';
import type { ProjectRoles, Role } from '../../core/domain/roles.js';
import type { User } from '../../core/domain/user.js';
import type {
  IdentityLogin,
  IdentityRepository,
  SignInAttempt,
} from '../../core/ports/IdentityRepository.js';
import type { Db } from './db.js';
import { insertEvents } from './eventLog.js';

interface AttemptRow {
  key_hash: string;
  kind: 'browser' | 'device';
  binding_hash: string | null;
  nonce: string | null;
  code_verifier: string | null;
  sealed_device_code: string | null;
  return_to: string | null;
  interval_seconds: number;
  created_at: Date;
  expires_at: Date;
}

const toAttempt = (r: AttemptRow): SignInAttempt => ({
  kind: r.kind,
  keyHash: r.key_hash,
  bindingHash: r.binding_hash,
  nonce: r.nonce,
  codeVerifier: r.code_verifier,
  sealedDeviceCode: r.sealed_device_code,
  returnTo: r.return_to,
  intervalSeconds: r.interval_seconds,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

export class PgIdentityRepository implements IdentityRepository {
  constructor(private readonly db: Db) {}

  async countOpenAttempts(now: Date): Promise<number> {
    const r = await this.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity_sign_ins WHERE spent_at IS NULL AND expires_at > $1',
      [now],
    );
    return r.n;
  }

  async saveAttempt(a: SignInAttempt): Promise<void> {
    await this.db.none(
      `INSERT INTO identity_sign_ins (key_hash, kind, binding_hash, nonce, code_verifier, sealed_device_code,
         return_to, interval_seconds, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        a.keyHash,
        a.kind,
        a.bindingHash,
        a.nonce,
        a.codeVerifier,
        a.sealedDeviceCode,
        a.returnTo,
        a.intervalSeconds,
        a.createdAt,
        a.expiresAt,
      ],
    );
  }

  spendAttempt(keyHash: string, now: Date): Promise<SignInAttempt | 'spent' | null> {
    return this.db.tx(async (tx) => {
      const row = await tx.oneOrNone<AttemptRow & { spent_at: Date | null }>(
        'SELECT * FROM identity_sign_ins WHERE key_hash = $1 FOR UPDATE',
        [keyHash],
      );
      if (row === null) return null;
      if (row.spent_at !== null) return 'spent' as const;
      if (row.expires_at.getTime() <= now.getTime()) return null;
      await tx.none('UPDATE identity_sign_ins SET spent_at = $2 WHERE key_hash = $1', [keyHash, now]);
      return toAttempt(row);
    });
  }

  async findOpenAttempt(keyHash: string, now: Date): Promise<SignInAttempt | null> {
    const r = await this.db.oneOrNone<AttemptRow>(
      'SELECT * FROM identity_sign_ins WHERE key_hash = $1 AND spent_at IS NULL AND expires_at > $2',
      [keyHash, now],
    );
    return r ? toAttempt(r) : null;
  }

  async accountOf(issuer: string, subject: string): Promise<string | null> {
    const r = await this.db.oneOrNone<{ user_id: string }>(
      'SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2',
      [issuer, subject],
    );
    return r?.user_id ?? null;
  }

  createLinked(user: User, issuer: string, subject: string, event: NewEvent, now: Date) {
    return this.db.tx(async (tx) => {
      const linked = await tx.oneOrNone(
        'SELECT 1 FROM user_identities WHERE issuer = $1 AND subject = $2 FOR UPDATE',
        [issuer, subject],
      );
      if (linked !== null) return 'linked_already' as const;
      const made = await tx.result(
        `INSERT INTO users (id, username, email, role, password_hash, created_at, disabled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [user.id, user.username, user.email, user.role, user.passwordHash, user.createdAt, user.disabledAt],
      );
      if (made.rowCount !== 1) return 'username_taken' as const;
      const link = await tx.result(
        `INSERT INTO user_identities (issuer, subject, user_id, linked_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [issuer, subject, user.id, now],
      );
      // Another sign-in of the same identity linked it meanwhile: this account is not made.
      if (link.rowCount !== 1) {
        await tx.none('DELETE FROM users WHERE id = $1', [user.id]);
        return 'linked_already' as const;
      }
      await insertEvents(tx, [event], now);
      return 'created' as const;
    });
  }

  async saveLogin(sessionId: string, login: IdentityLogin, now: Date): Promise<void> {
    await this.db.none(
      `INSERT INTO identity_logins (session_id, issuer, subject, sealed_refresh, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (session_id) DO UPDATE SET sealed_refresh = EXCLUDED.sealed_refresh, updated_at = EXCLUDED.updated_at`,
      [sessionId, login.issuer, login.subject, login.sealedRefresh, now],
    );
  }

  async findLogin(sessionId: string): Promise<IdentityLogin | null> {
    const r = await this.db.oneOrNone<{ issuer: string; subject: string; sealed_refresh: string | null }>(
      'SELECT issuer, subject, sealed_refresh FROM identity_logins WHERE session_id = $1',
      [sessionId],
    );
    return r ? { issuer: r.issuer, subject: r.subject, sealedRefresh: r.sealed_refresh } : null;
  }

  async groupRoles(): Promise<readonly GroupRole[]> {
    const rows = await this.db.any<{ group_name: string; project_module: string; role: GroupRoleName }>(
      'SELECT group_name, project_module, role FROM identity_group_roles ORDER BY group_name, project_module',
    );
    return rows.map((r) => ({ group: r.group_name, projectModule: r.project_module, role: r.role }));
  }

  setGroupRole(rule: GroupRole, by: string, event: NewEvent, now: Date): Promise<void> {
    return this.db.tx(async (tx) => {
      await tx.none(
        `INSERT INTO identity_group_roles (group_name, project_module, role, set_by, set_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (group_name, project_module) DO UPDATE SET role = EXCLUDED.role,
           set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at`,
        [rule.group, rule.projectModule, rule.role, by, now],
      );
      await insertEvents(tx, [event], now);
    });
  }

  removeGroupRole(group: string, projectModule: string, event: NewEvent, now: Date) {
    return this.db.tx(async (tx) => {
      const r = await tx.result(
        'DELETE FROM identity_group_roles WHERE group_name = $1 AND project_module = $2',
        [group, projectModule],
      );
      if (r.rowCount !== 1) return 'not_found' as const;
      await insertEvents(tx, [event], now);
      return 'removed' as const;
    });
  }

  async rolesFromGroups(userId: string): Promise<ProjectRoles> {
    const rows = await this.db.any<{ project_module: string; role: Role }>(
      'SELECT project_module, role FROM user_project_roles WHERE user_id = $1 AND from_groups',
      [userId],
    );
    return Object.fromEntries(rows.map((r) => [r.project_module, r.role]));
  }

  replaceRolesFromGroups(userId: string, roles: ProjectRoles, events: readonly NewEvent[], now: Date) {
    return this.db.tx(async (tx) => {
      const modules = Object.keys(roles);
      await tx.none(
        'DELETE FROM user_project_roles WHERE user_id = $1 AND from_groups AND NOT (project_module = ANY($2::text[]))',
        [userId, modules],
      );
      for (const [module, role] of Object.entries(roles))
        await tx.none(
          `INSERT INTO user_project_roles (user_id, project_module, role, granted_by, granted_at, from_groups)
           VALUES ($1, $2, $3, 'identity provider', $4, true)
           ON CONFLICT (user_id, project_module) DO UPDATE SET role = EXCLUDED.role, granted_at = EXCLUDED.granted_at
           WHERE user_project_roles.from_groups`,
          [userId, module, role, now],
        );
      await insertEvents(tx, events, now);
    });
  }
}
