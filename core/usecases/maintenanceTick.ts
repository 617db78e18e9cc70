import type { MaintenanceRepository } from '../ports/MaintenanceRepository.js';
import type { Tick } from '../ports/Tick.js';

/** Housekeeping: keeps the tables the service writes on every request from growing forever. */
export const maintenanceTick = (repo: MaintenanceRepository, everySeconds = 3600): Tick => ({
  name: 'maintenance',
  everySeconds,
  async run(now) {
    const r = await repo.prune(now, { finishedJobsDays: 30, workerSilenceSeconds: 24 * 3600 });
    return { ...r };
  },
});
