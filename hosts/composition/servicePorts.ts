import { tracer } from '../../adapters/trace/otelTracer.js';
import { UnifiedTextDiff } from '../../adapters/system/textDiff.js';
import { PgSiteHolds } from '../../adapters/postgres/siteHolds.js';
import {
  locateInProjectYamlOffThread,
  parseProjectYamlOffThread,
} from '../../adapters/system/projectYaml.js';
import { join } from 'node:path';
import type { SurveyorPorts } from '../../core/app/ports.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { PasswordHasher } from '../../core/ports/PasswordHasher.js';
import type { Random } from '../../core/ports/Random.js';
import { JwtAccessTokens } from '../../adapters/auth/jwtAccessTokens.js';
import { Sha256Digest } from '../../adapters/auth/sha256Digest.js';
import { AesSecretBox } from '../../adapters/auth/secretBox.js';
import { PgIdentityRepository } from '../../adapters/postgres/identityRepository.js';
import { identityProviderOf } from './identityProvider.js';
import { ChannelNotifier } from '../../adapters/notify/notifier.js';
import { PgAlertDeliveries } from '../../adapters/postgres/alertDeliveries.js';
import { PgAlertRepository } from '../../adapters/postgres/alertRepository.js';
import { outboundTargets } from '../../adapters/shared/outbound.js';
import { PgAuthSessionRepository } from '../../adapters/postgres/authSessionRepository.js';
import type { Db } from '../../adapters/postgres/db.js';
import { PgEventLog } from '../../adapters/postgres/eventLog.js';
import { PgArtifactStore } from '../../adapters/postgres/executionArtifacts.js';
import { PgExecutionAdmissions } from '../../adapters/postgres/executionAdmissions.js';
import { PgExecutionFigures } from '../../adapters/postgres/executionFigures.js';
import { PgUsageLedger } from '../../adapters/postgres/usageLedger.js';
import { PgExecutionRepository } from '../../adapters/postgres/executionRepository.js';
import { PgPollRounds } from '../../adapters/postgres/pollRounds.js';
import { PgJobQueue } from '../../adapters/postgres/jobQueue.js';
import { PgLoginThrottle } from '../../adapters/postgres/loginThrottle.js';
import { PgMaintenanceRepository } from '../../adapters/postgres/maintenanceRepository.js';
import { PgDatabaseIdentity } from '../../adapters/postgres/databaseIdentity.js';
import { PgProfileRepository } from '../../adapters/postgres/profileRepository.js';
import { PgProfilePauses } from '../../adapters/postgres/profilePauses.js';
import { PgProjectConfigRepository } from '../../adapters/postgres/projectConfigRepository.js';
import { PgSourceDiscovery } from '../../adapters/postgres/sourceDiscovery.js';
import { PgSourceRepository } from '../../adapters/postgres/sourceRepository.js';
import { PgUserRepository } from '../../adapters/postgres/userRepository.js';
import { PgWorkerRegistry } from '../../adapters/postgres/workerRegistry.js';
import { OutageRecorder } from '../../adapters/system/outageRecorder.js';
import { FileOrUrlGraphStore } from '../../adapters/system/graphStore.js';
import type { Config } from '../../schema/environment.js';
import type { BackendSet } from './backends.js';

/** The worker's own PostgreSQL parts: the queue's notification channel, LISTEN, the leader lock. */
export { jobsChannel } from '../../adapters/postgres/jobQueue.js';
export { PgLeaderLock } from '../../adapters/postgres/leaderLock.js';
export { listen } from '../../adapters/postgres/listener.js';

/**
 * The service's ports: the repositories, queue and event log on PostgreSQL, the backends, archive
 * and stager chosen from the configuration, and the graph store, notifier and secret box.
 */
export const servicePorts = (input: {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly hasher: PasswordHasher;
  readonly jwtSecret: string;
  readonly backendSet: BackendSet;
}): SurveyorPorts => {
  const { db, config, backendSet } = input;
  return {
    clock: input.clock,
    random: input.random,
    digest: new Sha256Digest(),
    hasher: input.hasher,
    tokens: new JwtAccessTokens(input.jwtSecret),
    users: new PgUserRepository(db),
    sessions: new PgAuthSessionRepository(db),
    identities: new PgIdentityRepository(db),
    ...identityProviderOf(config),
    throttle: new PgLoginThrottle(db),
    workers: new PgWorkerRegistry(db),
    configs: new PgProjectConfigRepository(db),
    sources: new PgSourceRepository(db),
    discovery: new PgSourceDiscovery(db),
    profiles: new PgProfileRepository(db),
    pauses: new PgProfilePauses(db),
    siteHolds: new PgSiteHolds(db),
    executions: new PgExecutionRepository(db),
    admissions: new PgExecutionAdmissions(db),
    artifacts: new PgArtifactStore(db),
    pollRounds: new PgPollRounds(db),
    executionFigures: new PgExecutionFigures(db),
    usage: new PgUsageLedger(db),
    events: new PgEventLog(db),
    queue: new PgJobQueue(db, input.random),
    maintenance: new PgMaintenanceRepository(db),
    databaseIdentity: new PgDatabaseIdentity(db),
    archive: backendSet.archive,
    stager: backendSet.stager,
    translator: backendSet.translator,
    backends: backendSet.backends,
    graphs: new FileOrUrlGraphStore(
      config.SERVICE_GRAPH_DIR ?? join(config.SERVICE_DATA_DIR, 'graphs'),
      config.SERVICE_MAX_GRAPH_BYTES,
    ),
    parseProjectYaml: parseProjectYamlOffThread,
    locateInProjectYaml: locateInProjectYamlOffThread,
    alerts: new PgAlertRepository(db),
    deliveries: new PgAlertDeliveries(db),
    secretBox: new AesSecretBox(config.SERVICE_SECRETS_KEY ?? input.jwtSecret),
    notifier: new ChannelNotifier(config.SERVICE_ALERT_TIMEOUT_SECONDS * 1000),
    targets: outboundTargets,
    outages: new OutageRecorder(),
    textDiff: new UnifiedTextDiff(),
    tracer,
  };
};
