/**
 * Which copy of the database the service is connected to (a restored backup, a recovery to a point
 * in time and a promoted standby are each a new copy), compared with the copy it was last settled
 * on. A copy that differs may lack what happened after its backup: work submitted since then
 * exists on the backends but not in its tables (usecases/maintenance/restoreGate.ts).
 */
export interface DatabaseIdentity {
  /**
   * Runs `fn` while holding the lock every process takes to compare the copies and settle one, so
   * only one process reconciles at a time and the others see its result.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /** The identity recorded, the present one, and the parts that differ (none: the same copy). */
  compare(): Promise<IdentityComparison>;
  /** Records the present identity as the one this copy was settled on. */
  accept(at: Date): Promise<void>;
}

export interface IdentityComparison {
  readonly recorded: Readonly<Record<string, unknown>>;
  readonly recordedAt: Date;
  readonly current: Readonly<Record<string, unknown>>;
  /** The parts that differ, e.g. `timeline` after a promotion, `database_oid` after a restore. */
  readonly differs: readonly string[];
}
