import type { MaintenanceRepository, PruneResult } from '../../core/ports/MaintenanceRepository.js';
import type { Db } from './db.js';

export class PgMaintenanceRepository implements MaintenanceRepository {
  constructor(private readonly db: Db) {}

  async prune(
    now: Date,
    keep: { finishedJobsDays: number; workerSilenceSeconds: number },
  ): Promise<PruneResult> {
    return this.db.tx(async (tx) => {
      const sessions = await tx.result(
        `DELETE FROM auth_sessions WHERE expires_at < $1::timestamptz - interval '1 day'
           OR revoked_at < $1::timestamptz - interval '1 day'`,
        [now],
      );
      const failures = await tx.result(
        `DELETE FROM login_failures WHERE window_start < $1::timestamptz - interval '1 day'`,
        [now],
      );
      const jobs = await tx.result(
        `DELETE FROM jobs WHERE state IN ('succeeded', 'cancelled')
           AND finished_at < $1::timestamptz - make_interval(days => $2)`,
        [now, keep.finishedJobsDays],
      );
      const workers = await tx.result(
        `DELETE FROM workers WHERE heartbeat_at < $1::timestamptz - make_interval(secs => $2)`,
        [now, keep.workerSilenceSeconds],
      );
      return {
        authSessions: sessions.rowCount,
        loginFailures: failures.rowCount,
        finishedJobs: jobs.rowCount,
        workers: workers.rowCount,
      };
    });
  }
}
