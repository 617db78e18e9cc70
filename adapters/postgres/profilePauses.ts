import type { NewEvent } from '../../core/domain/event.js';
import type { ProfilePause } from '../../core/domain/profilePause.js';
import type { ProfilePauses } from '../../core/ports/ProfilePauses.js';
import { type Db, prepared } from './db.js';
import { insertEvent } from './eventLog.js';

interface Row {
  profile_id: string;
  paused_at: Date;
  paused_by: string;
  reason: string;
}

const select = 'SELECT profile_id, paused_at, paused_by, reason FROM profile_pauses';

const toPause = (r: Row): ProfilePause => ({
  profileId: r.profile_id,
  at: r.paused_at,
  by: r.paused_by,
  reason: r.reason,
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
        `INSERT INTO profile_pauses (profile_id, paused_at, paused_by, reason) VALUES ($1, $2, $3, $4)
         ON CONFLICT (profile_id) DO NOTHING`,
        [p.profileId, p.at, p.by, p.reason],
      );
      if (r.rowCount !== 1) return 'already' as const;
      await insertEvent(tx, event, now);
      return 'ok' as const;
    });
  }

  async resume(profileId: string, event: NewEvent, now: Date): Promise<boolean> {
    return this.db.tx(async (tx) => {
      const r = await tx.result('DELETE FROM profile_pauses WHERE profile_id = $1', [profileId]);
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
