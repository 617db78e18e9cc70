import type { NewEvent } from '../../core/domain/event.js';
import type { ProfilePause, WindowChange } from '../../core/domain/profilePause.js';
import type { ProfilePauses } from '../../core/ports/ProfilePauses.js';
import { type Db, prepared } from './db.js';
import { insertEvent } from './eventLog.js';
import type { Role } from '../../core/domain/roles.js';

interface Row {
  profile_id: string;
  paused_at: Date;
  paused_by: string;
  paused_by_role: Role;
  reason: string;
  starts_at: Date;
  ends_at: Date | null;
  began_told: boolean;
  ended_told: boolean;
}

const select =
  'SELECT profile_id, paused_at, paused_by, paused_by_role, reason, starts_at, ends_at, began_told, ended_told FROM profile_pauses';

const toPause = (r: Row): ProfilePause => ({
  profileId: r.profile_id,
  at: r.paused_at,
  by: r.paused_by,
  byRole: r.paused_by_role,
  reason: r.reason,
  from: r.starts_at,
  until: r.ends_at,
  ...(r.began_told || r.ended_told ? { told: { began: r.began_told, ended: r.ended_told } } : {}),
});

export class PgProfilePauses implements ProfilePauses {
  constructor(private readonly db: Db) {}

  async pause(p: ProfilePause, event: NewEvent, now: Date) {
    return this.db.tx(async (tx) => {
      // The profile's row lock: a delete in between either comes first (not_found) or waits.
      const profile = await tx.oneOrNone('SELECT 1 FROM deployment_profiles WHERE id = $1 FOR SHARE', [
        p.profileId,
      ]);
      if (!profile) return 'not_found' as const;
      const r = await tx.result(
        // A pause that is over gives way; one holding or ahead stays.
        `INSERT INTO profile_pauses (profile_id, paused_at, paused_by, reason, starts_at, ends_at, paused_by_role)
         VALUES ($1, $2, $3, $4, $5, $6, $8)
         ON CONFLICT (profile_id) DO UPDATE SET paused_at = excluded.paused_at,
           paused_by = excluded.paused_by, paused_by_role = excluded.paused_by_role, reason = excluded.reason,
           starts_at = excluded.starts_at, ends_at = excluded.ends_at, began_told = false, ended_told = false
         WHERE profile_pauses.ends_at <= $7`,
        [p.profileId, p.at, p.by, p.reason, p.from, p.until, now, p.byRole],
      );
      if (r.rowCount !== 1) return 'already' as const;
      await insertEvent(tx, event, now);
      return 'ok' as const;
    });
  }

  async replace(p: ProfilePause, earlierAt: Date, event: NewEvent, now: Date) {
    return this.db.tx(async (tx) => {
      const r = await tx.result(
        `UPDATE profile_pauses SET paused_at = $2, paused_by = $3, reason = $4, starts_at = $5, ends_at = $6,
           paused_by_role = $9, began_told = false, ended_told = false
         WHERE profile_id = $1 AND paused_at = $7 AND (ends_at IS NULL OR ends_at > $8)`,
        [p.profileId, p.at, p.by, p.reason, p.from, p.until, earlierAt, now, p.byRole],
      );
      if (r.rowCount !== 1) return 'changed' as const;
      await insertEvent(tx, event, now);
      return 'ok' as const;
    });
  }

  async tell(
    profileId: string,
    at: Date,
    change: WindowChange,
    event: NewEvent,
    now: Date,
  ): Promise<boolean> {
    const column = change === 'began' ? 'began_told' : 'ended_told';
    return this.db.tx(async (tx) => {
      const r = await tx.result(
        `UPDATE profile_pauses SET ${column} = true WHERE profile_id = $1 AND paused_at = $2 AND NOT ${column}`,
        [profileId, at],
      );
      if (r.rowCount !== 1) return false;
      await insertEvent(tx, event, now);
      return true;
    });
  }

  async resume(profileId: string, at: Date, event: NewEvent, now: Date): Promise<boolean> {
    return this.db.tx(async (tx) => {
      const r = await tx.result(
        'DELETE FROM profile_pauses WHERE profile_id = $1 AND paused_at = $3 AND (ends_at IS NULL OR ends_at > $2)',
        [profileId, now, at],
      );
      if (r.rowCount !== 1) return false;
      await insertEvent(tx, event, now);
      return true;
    });
  }

  async of(profileId: string): Promise<ProfilePause | null> {
    const r = await this.db.oneOrNone<Row>(prepared(`${select} WHERE profile_id = $1`, [profileId]));
    return r ? toPause(r) : null;
  }

  async all(): Promise<readonly ProfilePause[]> {
    return (await this.db.any<Row>(prepared(select, []))).map(toPause);
  }
}
