// Whether the scheduler's advisory lock is held on a server, as pg_locks shows it: where the lead
// is after a failover.
import type { Db } from '../../adapters/postgres/db.js';
import { schedulerLockKey } from '../../adapters/postgres/leaderLock.js';

export const schedulerLockHeld = async (db: Db): Promise<boolean> =>
  (
    await db.any("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted", [
      schedulerLockKey,
    ])
  ).length === 1;
