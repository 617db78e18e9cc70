// The repository contract (support/repositoryContract.ts, rules in support/contract/) on the
// PostgreSQL repositories, a fresh database per rule; unit/memoryRepositories runs it in memory.
import test from 'ava';
import { PgEventLog } from '../../adapters/postgres/eventLog.js';
import { PgAlertDeliveries } from '../../adapters/postgres/alertDeliveries.js';
import { PgAlertRepository } from '../../adapters/postgres/alertRepository.js';
import { PgAuthSessionRepository } from '../../adapters/postgres/authSessionRepository.js';
import { PgArtifactStore } from '../../adapters/postgres/executionArtifacts.js';
import { PgExecutionAdmissions } from '../../adapters/postgres/executionAdmissions.js';
import { PgExecutionFigures } from '../../adapters/postgres/executionFigures.js';
import { PgUsageLedger } from '../../adapters/postgres/usageLedger.js';
import { PgExecutionRepository } from '../../adapters/postgres/executionRepository.js';
import { PgPollRounds } from '../../adapters/postgres/pollRounds.js';
import { PgJobQueue } from '../../adapters/postgres/jobQueue.js';
import { PgMaintenanceRepository } from '../../adapters/postgres/maintenanceRepository.js';
import { PgProfileRepository } from '../../adapters/postgres/profileRepository.js';
import { PgProfilePauses } from '../../adapters/postgres/profilePauses.js';
import { PgSiteHolds } from '../../adapters/postgres/siteHolds.js';
import { PgProjectConfigRepository } from '../../adapters/postgres/projectConfigRepository.js';
import { PgSourceDiscovery } from '../../adapters/postgres/sourceDiscovery.js';
import { PgSourceRepository } from '../../adapters/postgres/sourceRepository.js';
import { PgUserRepository } from '../../adapters/postgres/userRepository.js';
import { CryptoRandom } from '../../adapters/system/cryptoRandom.js';
import { freshDatabase } from '../support/db.js';
import { runRepositoryContract } from '../support/repositoryContract.js';

runRepositoryContract(test, 'postgres', async () => {
  const d = await freshDatabase();
  return {
    repos: {
      configs: new PgProjectConfigRepository(d.db),
      sources: new PgSourceRepository(d.db),
      discovery: new PgSourceDiscovery(d.db),
      profiles: new PgProfileRepository(d.db),
      pauses: new PgProfilePauses(d.db),
      siteHolds: new PgSiteHolds(d.db),
      executions: new PgExecutionRepository(d.db),
      admissions: new PgExecutionAdmissions(d.db),
      artifacts: new PgArtifactStore(d.db),
      pollRounds: new PgPollRounds(d.db),
      executionFigures: new PgExecutionFigures(d.db),
      usage: new PgUsageLedger(d.db),
      events: new PgEventLog(d.db),
      queue: new PgJobQueue(d.db, new CryptoRandom()),
      maintenance: new PgMaintenanceRepository(d.db),
      alerts: new PgAlertRepository(d.db),
      deliveries: new PgAlertDeliveries(d.db),
      users: new PgUserRepository(d.db),
      sessions: new PgAuthSessionRepository(d.db),
    },
    done: d.drop,
  };
});
