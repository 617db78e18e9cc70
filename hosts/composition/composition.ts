import { serviceVersion } from '../../schema/version.js';
import 'reflect-metadata';
import { Container } from 'inversify';
import type { SurveyorPorts } from '../../core/app/ports.js';
import { type SurveyorOperations, surveyorOperations } from '../../core/app/surveyor.js';
import type { AuthPolicy } from '../../core/domain/authPolicy.js';
import { defaultPatchableFields } from '../../core/domain/configTrust.js';
import type { HealthProbe } from '../../core/ports/HealthProbe.js';
import type { JobHandler } from '../../core/ports/JobHandler.js';
import type { PasswordHasher } from '../../core/ports/PasswordHasher.js';
import type { SecretRegistry } from '../../core/redaction.js';
import { queueProbe } from '../../core/usecases/health/queueProbe.js';
import { workersProbe } from '../../core/usecases/health/workersProbe.js';
import type { Logger } from '../../adapters/log/logger.js';
import type { Metrics } from '../../adapters/metrics/registry.js';
import type { Db } from '../../adapters/postgres/db.js';
import { databaseProbe } from '../../adapters/postgres/probes.js';
import { CryptoRandom } from '../../adapters/system/cryptoRandom.js';
import { SystemClock } from '../../adapters/system/systemClock.js';
import type { Config } from '../../schema/environment.js';
import { type BackendSet, chooseBackends } from './backends.js';
import { jobTable } from '../../core/app/features.js';
import { registerGauges } from './metricGauges.js';
import { servicePorts } from './servicePorts.js';
import { pollSpacing } from './tickSchedule.js';

/**
 * Service identifiers. Hosts take `App` (the operations) and the process parts (Config, Logger,
 * Metrics, …); the single ports are bound too, for the worker's ticks, CLI tools and tests.
 */
export const TYPES = {
  App: Symbol.for('App'),
  Ports: Symbol.for('Ports'),
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Secrets: Symbol.for('Secrets'),
  Metrics: Symbol.for('Metrics'),
  Db: Symbol.for('Db'),
  AuthPolicy: Symbol.for('AuthPolicy'),
  Probes: Symbol.for('HealthProbes'),
  JobHandlers: Symbol.for('JobHandlers'),
  BackendSet: Symbol.for('BackendSet'),
  Clock: Symbol.for('Clock'),
  Random: Symbol.for('Random'),
  Users: Symbol.for('UserRepository'),
  Sessions: Symbol.for('AuthSessionRepository'),
  Throttle: Symbol.for('LoginThrottle'),
  Workers: Symbol.for('WorkerRegistry'),
  Hasher: Symbol.for('PasswordHasher'),
  Tokens: Symbol.for('AccessTokens'),
  Digest: Symbol.for('ContentDigest'),
  Queue: Symbol.for('JobQueue'),
  Maintenance: Symbol.for('MaintenanceRepository'),
  Profiles: Symbol.for('ProfileRepository'),
  ProjectConfigs: Symbol.for('ProjectConfigRepository'),
  Events: Symbol.for('EventLog'),
  Sources: Symbol.for('SourceRepository'),
  Discovery: Symbol.for('SourceDiscovery'),
  Archive: Symbol.for('Archive'),
  Executions: Symbol.for('ExecutionRepository'),
  Admissions: Symbol.for('ExecutionAdmissions'),
  Artifacts: Symbol.for('ArtifactStore'),
  PollRounds: Symbol.for('PollRounds'),
  ExecutionFigures: Symbol.for('ExecutionFigures'),
  Stager: Symbol.for('Stager'),
  Graphs: Symbol.for('GraphStore'),
  Translator: Symbol.for('Translator'),
  Backends: Symbol.for('DeploymentBackends'),
} as const;

/** Each single port's identifier, by its name in SurveyorPorts. */
const portTypes: Partial<Record<keyof SurveyorPorts, symbol>> = {
  clock: TYPES.Clock,
  random: TYPES.Random,
  users: TYPES.Users,
  sessions: TYPES.Sessions,
  throttle: TYPES.Throttle,
  workers: TYPES.Workers,
  hasher: TYPES.Hasher,
  tokens: TYPES.Tokens,
  digest: TYPES.Digest,
  queue: TYPES.Queue,
  maintenance: TYPES.Maintenance,
  profiles: TYPES.Profiles,
  configs: TYPES.ProjectConfigs,
  events: TYPES.Events,
  sources: TYPES.Sources,
  discovery: TYPES.Discovery,
  archive: TYPES.Archive,
  executions: TYPES.Executions,
  admissions: TYPES.Admissions,
  artifacts: TYPES.Artifacts,
  pollRounds: TYPES.PollRounds,
  executionFigures: TYPES.ExecutionFigures,
  stager: TYPES.Stager,
  graphs: TYPES.Graphs,
  translator: TYPES.Translator,
  backends: TYPES.Backends,
};

export interface CompositionInput {
  readonly config: Config;
  readonly logger: Logger;
  readonly secrets: SecretRegistry;
  readonly metrics: Metrics;
  readonly db: Db;
  readonly hasher: PasswordHasher;
  readonly jwtSecret: string;
  /** Port implementations of an embedder's own, used instead of ours. */
  readonly overrides?: Partial<SurveyorPorts>;
}

export const policyFrom = (c: Config): AuthPolicy => ({
  accessTokenTtlSeconds: c.SERVICE_ACCESS_TOKEN_TTL_SECONDS,
  refreshTokenTtlSeconds: c.SERVICE_REFRESH_TOKEN_TTL_SECONDS,
  loginWindowSeconds: c.SERVICE_LOGIN_WINDOW_SECONDS,
  maxFailuresPerUsername: c.SERVICE_LOGIN_MAX_FAILURES_PER_USERNAME,
  maxFailuresPerAddress: c.SERVICE_LOGIN_MAX_FAILURES_PER_ADDRESS,
  apiTokenMaxDays: c.SERVICE_API_TOKEN_MAX_DAYS,
});

/** Builds the ports on PostgreSQL and the application on them, once per process. */
export const buildContainer = (input: CompositionInput): Container => {
  const { config } = input;
  const c = new Container({ defaultScope: 'Singleton' });
  const clock = input.overrides?.clock ?? new SystemClock();
  // Every part with a mock follows SERVICE_USE_REAL_BACKENDS and SERVICE_MOCK_PARTS.
  const m = input.metrics;
  const backendSet = chooseBackends(config, clock, {
    connected: (target) => m.sshConnections.inc({ login_node: target }),
    command: (target, kind, bytes) => {
      m.sshCommands.inc({ login_node: target, command: kind });
      m.sshBytes.inc({ login_node: target, direction: 'sent' }, bytes.sent);
      m.sshBytes.inc({ login_node: target, direction: 'received' }, bytes.received);
    },
  });
  const ports: SurveyorPorts = {
    ...servicePorts({ ...input, clock, random: new CryptoRandom(), backendSet }),
    ...input.overrides,
  };
  const policy = policyFrom(config);
  const app = surveyorOperations(ports, {
    policy,
    patchableFields: config.SERVICE_PATCHABLE_FIELDS ?? defaultPatchableFields,
    workerStaleSeconds: config.SERVICE_WORKER_STALE_SECONDS,
    outages: {
      waitMinutes: config.SERVICE_OUTAGE_WAIT_MINUTES,
      recheckSeconds: config.SERVICE_OUTAGE_RECHECK_SECONDS,
    },
    pollSpacing: pollSpacing(config, backendSet.parts.backends === 'mock' && !input.overrides?.backends),
    publicUrl: config.SERVICE_PUBLIC_URL,
    serviceVersion,
  });
  c.bind<SurveyorOperations>(TYPES.App).toConstantValue(app);
  c.bind<SurveyorPorts>(TYPES.Ports).toConstantValue(ports);
  c.bind<Config>(TYPES.Config).toConstantValue(config);
  c.bind<Logger>(TYPES.Logger).toConstantValue(input.logger);
  c.bind<SecretRegistry>(TYPES.Secrets).toConstantValue(input.secrets);
  c.bind<Metrics>(TYPES.Metrics).toConstantValue(input.metrics);
  c.bind<Db>(TYPES.Db).toConstantValue(input.db);
  c.bind<AuthPolicy>(TYPES.AuthPolicy).toConstantValue(policy);
  c.bind<BackendSet>(TYPES.BackendSet).toConstantValue(backendSet);
  for (const [name, type] of Object.entries(portTypes) as [keyof SurveyorPorts, symbol][])
    c.bind(type).toConstantValue(ports[name]);
  c.bind<readonly JobHandler[]>(TYPES.JobHandlers).toConstantValue(jobTable(app, input.logger));
  c.bind<readonly HealthProbe[]>(TYPES.Probes).toConstantValue([
    databaseProbe(input.db),
    queueProbe(ports.queue),
    workersProbe(ports.workers, config.SERVICE_WORKER_STALE_SECONDS),
    backendSet.probe,
  ]);
  registerGauges(input.metrics, ports);
  return c;
};

/** The application a container holds. */
export const appOf = (c: Container): SurveyorOperations => c.get<SurveyorOperations>(TYPES.App);

// The deps of each family of use cases, for the worker's ticks, CLI tools and tests.
export const authDeps = (c: Container) => appOf(c).deps.auth;
export const sourceDeps = (c: Container) => appOf(c).deps.sources;
export const discoveryDeps = (c: Container) => appOf(c).deps.discovery;
export const runDeps = (c: Container) => appOf(c).deps.run;
export const pollDeps = (c: Container) => appOf(c).deps.poll;
export const executionDeps = (c: Container) => appOf(c).deps.executions;
