import type { Random } from '../../core/ports/Random.js';
import { MemoryAlertDeliveries } from './alertDeliveries.js';
import { MemoryAlertRepository } from './alertRepository.js';
import { MemoryAuthSessionRepository } from './authSessionRepository.js';
import { MemoryEventLog } from './eventLog.js';
import { MemoryArtifactStore } from './artifactStore.js';
import { MemoryExecutionAdmissions } from './executionAdmissions.js';
import { MemoryExecutionFigures } from './executionFigures.js';
import { MemoryUsageLedger } from './usageLedger.js';
import { MemoryExecutionRepository } from './executionRepository.js';
import { MemoryPollRounds } from './pollRounds.js';
import { MemoryLoginThrottle } from './loginThrottle.js';
import { MemoryMaintenanceRepository } from './maintenanceRepository.js';
import { MemoryDatabaseIdentity } from './databaseIdentity.js';
import { MemoryProfileRepository } from './profileRepository.js';
import { MemoryProfilePauses } from './profilePauses.js';
import { MemoryProjectConfigRepository } from './projectConfigRepository.js';
import { MemorySourceDiscovery } from './sourceDiscovery.js';
import { MemorySourceRepository } from './sourceRepository.js';
import { MemorySiteHolds } from './siteHolds.js';
import { MemoryStore } from './store.js';
import { MemoryUserRepository } from './userRepository.js';
import { MemoryWorkerRegistry } from './workerRegistry.js';

/** Every memory repository and the queue, on one store: what PostgreSQL's ports are, in memory. */
export const memoryRepositories = (random: Random) => {
  const store = new MemoryStore(random);
  const users = new MemoryUserRepository(store);
  const sessions = new MemoryAuthSessionRepository(users, store);
  const throttle = new MemoryLoginThrottle();
  const workers = new MemoryWorkerRegistry();
  const executions = new MemoryExecutionRepository(store);
  return {
    store,
    users,
    sessions,
    throttle,
    workers,
    configs: new MemoryProjectConfigRepository(store),
    sources: new MemorySourceRepository(store),
    discovery: new MemorySourceDiscovery(store),
    profiles: new MemoryProfileRepository(store),
    pauses: new MemoryProfilePauses(store),
    siteHolds: new MemorySiteHolds(),
    executions,
    admissions: new MemoryExecutionAdmissions(store, executions),
    artifacts: new MemoryArtifactStore(store),
    pollRounds: new MemoryPollRounds(store),
    executionFigures: new MemoryExecutionFigures(store),
    usage: new MemoryUsageLedger(store),
    events: new MemoryEventLog(store),
    queue: store.queue,
    maintenance: new MemoryMaintenanceRepository(store, { sessions, throttle, workers }),
    databaseIdentity: new MemoryDatabaseIdentity(),
    alerts: new MemoryAlertRepository(store),
    deliveries: new MemoryAlertDeliveries(store),
  };
};
