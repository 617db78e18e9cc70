import test from 'ava';
import { MemoryAuthSessionRepository } from '../../adapters/memory/authSessionRepository.js';
import { MemoryEventLog } from '../../adapters/memory/eventLog.js';
import { MemoryExecutionRepository } from '../../adapters/memory/executionRepository.js';
import { MemoryLoginThrottle } from '../../adapters/memory/loginThrottle.js';
import { MemoryMaintenanceRepository } from '../../adapters/memory/maintenanceRepository.js';
import { MemoryProfileRepository } from '../../adapters/memory/profileRepository.js';
import { MemoryProjectConfigRepository } from '../../adapters/memory/projectConfigRepository.js';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { MemorySourceRepository } from '../../adapters/memory/sourceRepository.js';
import { MemoryStore } from '../../adapters/memory/store.js';
import { MemoryWorkerRegistry } from '../../adapters/memory/workerRegistry.js';
import { runRepositoryContract } from '../support/repositoryContract.js';

runRepositoryContract(test, 'memory', async () => {
  const store = new MemoryStore(new SequentialRandom());
  return {
    repos: {
      configs: new MemoryProjectConfigRepository(store),
      sources: new MemorySourceRepository(store),
      profiles: new MemoryProfileRepository(store),
      executions: new MemoryExecutionRepository(store),
      events: new MemoryEventLog(store),
      queue: store.queue,
      maintenance: new MemoryMaintenanceRepository(store, {
        sessions: new MemoryAuthSessionRepository(),
        throttle: new MemoryLoginThrottle(),
        workers: new MemoryWorkerRegistry(),
      }),
    },
    done: async () => {},
  };
});
