import type { PruneCounts, RetentionPolicy } from '../domain/retention.js';

export interface MaintenanceRepository {
  /**
   * Deletes what the policy no longer keeps (and what no one needs: ended logins, old login
   * counters, silent workers), in small batches so that no statement holds locks for long. A dry
   * run does the same work in one transaction and rolls it back: its counts are exactly what a
   * prune at that moment would remove.
   */
  prune(now: Date, policy: RetentionPolicy, opts?: { dryRun?: boolean }): Promise<PruneCounts>;
  /** Ended executions older than the policy's limit kept only because their remote work is unsettled. */
  heldUnsettled(now: Date, policy: RetentionPolicy): Promise<number>;
}
