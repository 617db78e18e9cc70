import { removesAnAdmin, type User, type UserChange } from '../../core/domain/user.js';
import type { ProjectRole, ProjectRoles, Role } from '../../core/domain/roles.js';
import type { UserRepository } from '../../core/ports/UserRepository.js';
import type { NewEvent } from '../../core/domain/event.js';
import type { Db } from './db.js';
import { insertEvents } from './eventLog.js';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  role: Role;
  password_hash: string;
  created_at: Date;
  disabled_at: Date | null;
}

export const toUser = (r: UserRow): User => ({
  id: r.id,
  username: r.username,
  email: r.email,
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
  disabledAt: r.disabled_at,
});

export class PgUserRepository implements UserRepository {
  constructor(private readonly db: Db) {}

  insert(u: User, event: NewEvent, now: Date): Promise<boolean> {
    return this.db.tx(async (tx) => {
      const r = await tx.result(
        `INSERT INTO users (id, username, email, role, password_hash, created_at, disabled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [u.id, u.username, u.email, u.role, u.passwordHash, u.createdAt, u.disabledAt],
      );
      if (r.rowCount !== 1) return false;
      await insertEvents(tx, [event], now);
      return true;
    });
  }

  async findByUsername(username: string): Promise<User | null> {
    const r = await this.db.oneOrNone<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [
      username,
    ]);
    return r ? toUser(r) : null;
  }

  async findById(id: string): Promise<User | null> {
    const r = await this.db.oneOrNone<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return r ? toUser(r) : null;
  }

  async countAdmins(): Promise<number> {
    return (
      await this.db.one<{ n: number }>(
        `SELECT count(*) AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL`,
      )
    ).n;
  }

  async list(): Promise<readonly User[]> {
    return (await this.db.any<UserRow>('SELECT * FROM users ORDER BY lower(username)')).map(toUser);
  }

  update(id: string, change: UserChange, eventsOf: (stored: User) => readonly NewEvent[], now: Date) {
    // A change that could take an admin away waits its turn, so two at once cannot each count
    // the other as the admin that remains.
    const mayRemove = removesAnAdmin({ role: 'admin', disabledAt: null }, change);
    return this.db.tx(async (tx) => {
      if (mayRemove) await tx.any(`SELECT pg_advisory_xact_lock(hashtext('surveyor.users.admins'))`);
      const u = await tx.oneOrNone<UserRow & { others: number }>(
        `SELECT u.*, (SELECT count(*) FROM users o
                      WHERE o.id <> u.id AND o.role = 'admin' AND o.disabled_at IS NULL)::int AS others
         FROM users u WHERE u.id = $1 FOR UPDATE`,
        [id],
      );
      if (!u) return 'not_found' as const;
      const stored = toUser(u);
      if (removesAnAdmin(stored, change) && u.others === 0) return 'last_admin' as const;
      await tx.none(
        `UPDATE users SET role = COALESCE($2, role), password_hash = COALESCE($3, password_hash),
           disabled_at = CASE WHEN $4 THEN $5::timestamptz ELSE disabled_at END
         WHERE id = $1`,
        [
          id,
          change.role ?? null,
          change.passwordHash ?? null,
          'disabledAt' in change,
          change.disabledAt ?? null,
        ],
      );
      await insertEvents(tx, eventsOf(stored), now);
      return 'updated' as const;
    });
  }

  async projectRoles(userId: string): Promise<ProjectRoles> {
    const rows = await this.db.any<{ project_module: string; role: Role }>(
      'SELECT project_module, role FROM user_project_roles WHERE user_id = $1 ORDER BY project_module',
      [userId],
    );
    return Object.fromEntries(rows.map((r) => [r.project_module, r.role]));
  }

  grantProjectRole(
    userId: string,
    projectModule: string,
    role: ProjectRole,
    by: string,
    event: NewEvent,
    now: Date,
  ) {
    return this.db.tx(async (tx) => {
      const r = await tx.result(
        `INSERT INTO user_project_roles (user_id, project_module, role, granted_by, granted_at)
         SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM users WHERE id = $1)
         ON CONFLICT (user_id, project_module) DO UPDATE SET role = EXCLUDED.role,
           granted_by = EXCLUDED.granted_by, granted_at = EXCLUDED.granted_at, from_groups = false`,
        [userId, projectModule, role, by, now],
      );
      if (r.rowCount !== 1) return 'not_found' as const;
      await insertEvents(tx, [event], now);
      return 'granted' as const;
    });
  }

  revokeProjectRole(userId: string, projectModule: string, event: NewEvent, now: Date) {
    return this.db.tx(async (tx) => {
      const r = await tx.result('DELETE FROM user_project_roles WHERE user_id = $1 AND project_module = $2', [
        userId,
        projectModule,
      ]);
      if (r.rowCount !== 1) return 'not_held' as const;
      await insertEvents(tx, [event], now);
      return 'revoked' as const;
    });
  }
}
