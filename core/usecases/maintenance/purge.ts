import type { PruneCounts, RetentionPolicy } from '../../domain/retention.js';
import type { Clock } from '../../ports/Clock.js';
import type { MaintenanceRepository } from '../../ports/MaintenanceRepository.js';

export interface PurgeReport {
  readonly at: Date;
  readonly dryRun: boolean;
  readonly policy: RetentionPolicy;
  /** What was removed, or (dry run) exactly what a prune now would remove. */
  readonly counts: PruneCounts;
  /** Ended executions past their limit kept because their remote work is unsettled. */
  readonly heldUnsettled: number;
}

/** An administrator's prune on demand (`surveyor purge`), the same work as the maintenance tick. */
export const purge = async (
  deps: { readonly maintenance: MaintenanceRepository; readonly clock: Clock },
  policy: RetentionPolicy,
  opts: { readonly dryRun: boolean },
): Promise<PurgeReport> => {
  const at = deps.clock.now();
  const counts = await deps.maintenance.prune(at, policy, { dryRun: opts.dryRun });
  return {
    at,
    dryRun: opts.dryRun,
    policy,
    counts,
    heldUnsettled: await deps.maintenance.heldUnsettled(at, policy),
  };
};
