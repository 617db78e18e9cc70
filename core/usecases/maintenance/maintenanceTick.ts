import type { RetentionPolicy } from '../../domain/retention.js';
import type { MaintenanceRepository } from '../../ports/MaintenanceRepository.js';
import type { Tick } from '../../ports/Tick.js';

/** Housekeeping: prunes what the retention policy no longer keeps, so no table grows forever. */
export const maintenanceTick = (
  repo: MaintenanceRepository,
  policy: RetentionPolicy,
  everySeconds = 3600,
): Tick => ({
  name: 'maintenance',
  everySeconds,
  async run(now) {
    return { counts: { ...(await repo.prune(now, policy)) }, warnings: [] };
  },
});
