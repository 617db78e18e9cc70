import type { DatabaseIdentity } from '../../ports/DatabaseIdentity.js';
import { type ReconcileDeps, reconcileRestore, type RestoreReport } from './reconcileRestore.js';

export interface RestoreCheckDeps extends ReconcileDeps {
  readonly identity: DatabaseIdentity;
}

export interface RestoreCheckOptions {
  /** Reconcile even when the copy is the one recorded (`surveyor restore-check`). */
  readonly force: boolean;
  readonly dryRun: boolean;
  /** Attempts looked up per execution, from the recorded one (default `defaultRestoreAttempts`). */
  readonly attempts?: number;
  readonly signal?: AbortSignal;
}

export interface RestoreCheck {
  /** The parts of the database's identity that differ from the recorded ones (none: the same copy). */
  readonly differs: readonly string[];
  /** When the recorded identity was settled (the migration, or the last check that settled). */
  readonly recordedAt: string;
  /** Null when the copy is the recorded one and no check was forced. */
  readonly report: RestoreReport | null;
  /** Every execution settled (none unknown) and, unless a dry run, this copy recorded as settled. */
  readonly settled: boolean;
}

/** Attempts looked up per execution by default: its own and two retries made after the backup. */
export const defaultRestoreAttempts = 3;

/**
 * The check a worker makes before it claims work, and `surveyor restore-check`: under the
 * identity lock, compares the database's identity with the one recorded; on a difference (a
 * restored backup, a recovery to a point in time, a promoted standby), or when forced, reconciles
 * every unsubmitted execution with its backend (reconcileRestore.ts), and only when no lookup was
 * left unknown records the present copy as settled, so the next process goes straight on.
 */
export const restoreCheck = (deps: RestoreCheckDeps, o: RestoreCheckOptions): Promise<RestoreCheck> =>
  deps.identity.exclusively(async () => {
    const c = await deps.identity.compare();
    const base = { differs: c.differs, recordedAt: c.recordedAt.toISOString() };
    if (c.differs.length === 0 && !o.force) return { ...base, report: null, settled: true };
    const report = await reconcileRestore(deps, {
      dryRun: o.dryRun,
      attempts: o.attempts ?? defaultRestoreAttempts,
      ...(o.signal ? { signal: o.signal } : {}),
    });
    const settled = report.unknown.length === 0;
    if (settled && !o.dryRun) await deps.identity.accept(deps.clock.now());
    return { ...base, report, settled };
  });
