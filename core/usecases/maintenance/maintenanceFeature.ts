import type { RetentionPolicy } from '../../domain/retention.js';
import type { MaintenanceRepository } from '../../ports/MaintenanceRepository.js';
import type { Feature } from '../feature.js';
import { maintenanceTick } from './maintenanceTick.js';

/** Housekeeping: the retention tick. */
export const maintenanceFeature = (deps: {
  readonly maintenance: MaintenanceRepository;
}): Feature<{ readonly retention: RetentionPolicy; readonly maintenanceSeconds: number }> => ({
  jobs: [],
  ticks: (s) => [maintenanceTick(deps.maintenance, s.retention, s.maintenanceSeconds)],
});
