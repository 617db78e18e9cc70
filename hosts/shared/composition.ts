import 'reflect-metadata';
import { Container } from 'inversify';
import type { AuthPolicy } from '../../core/domain/authPolicy.js';
import type { AccessTokens } from '../../core/ports/AccessTokens.js';
import type { AuthSessionRepository } from '../../core/ports/AuthSessionRepository.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { HealthProbe } from '../../core/ports/HealthProbe.js';
import type { JobHandler } from '../../core/ports/JobHandler.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { MaintenanceRepository } from '../../core/ports/MaintenanceRepository.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { Archive } from '../../core/ports/Archive.js';
import type { SourceRepository } from '../../core/ports/SourceRepository.js';
import { type DiscoveryJobPayload, discoveryJobKind } from '../../core/usecases/discovery/jobs.js';
import { discoverBatch } from '../../core/usecases/discovery/discoverBatch.js';
import { DiscoveryJobPayloadC } from '../../schema/jobs.js';
import type { ProfileRepository } from '../../core/ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../../core/ports/ProjectConfigRepository.js';
import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import type { PasswordHasher } from '../../core/ports/PasswordHasher.js';
import type { Random } from '../../core/ports/Random.js';
import type { TokenDigest } from '../../core/ports/TokenDigest.js';
import type { UserRepository } from '../../core/ports/UserRepository.js';
import type { WorkerRegistry } from '../../core/ports/WorkerRegistry.js';
import type { SecretRegistry } from '../../core/redaction.js';
import { workersProbe } from '../../core/usecases/workersProbe.js';
import { JwtAccessTokens } from '../../adapters/auth/jwtAccessTokens.js';
import { Sha256Digest } from '../../adapters/auth/sha256Digest.js';
import type { Logger } from '../../adapters/log/logger.js';
import type { Metrics } from '../../adapters/metrics/registry.js';
import { PgAuthSessionRepository } from '../../adapters/postgres/authSessionRepository.js';
import type { Db } from '../../adapters/postgres/db.js';
import { PgJobQueue } from '../../adapters/postgres/jobQueue.js';
import { PgLoginThrottle } from '../../adapters/postgres/loginThrottle.js';
import { PgMaintenanceRepository } from '../../adapters/postgres/maintenanceRepository.js';
import { PgEventLog } from '../../adapters/postgres/eventLog.js';
import { PgSourceRepository } from '../../adapters/postgres/sourceRepository.js';
import { PgExecutionRepository } from '../../adapters/postgres/executionRepository.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { PgProfileRepository } from '../../adapters/postgres/profileRepository.js';
import { PgProjectConfigRepository } from '../../adapters/postgres/projectConfigRepository.js';
import { databaseProbe } from '../../adapters/postgres/probes.js';
import { queueProbe } from '../../core/usecases/queueProbe.js';
import { PgUserRepository } from '../../adapters/postgres/userRepository.js';
import { PgWorkerRegistry } from '../../adapters/postgres/workerRegistry.js';
import { CryptoRandom } from '../../adapters/system/cryptoRandom.js';
import { SystemClock } from '../../adapters/system/systemClock.js';
import type { Config } from '../../schema/config.js';
import { type BackendSet, chooseBackends } from './backends.js';
import { join } from 'node:path';
import { defaultPatchableFields } from '../../core/domain/configTrust.js';
import type { DeploymentBackends } from '../../core/ports/DeploymentBackend.js';
import type { GraphStore } from '../../core/ports/GraphStore.js';
import type { Stager } from '../../core/ports/Stager.js';
import type { Translator } from '../../core/ports/Translator.js';
import {
  type PollJobPayload,
  pollJobKind,
  type RunJobPayload,
  runJobKind,
  type SettleJobPayload,
  settleJobKind,
} from '../../core/usecases/executions/jobs.js';
import { runExecution } from '../../core/usecases/executions/runExecution.js';
import { pollTarget } from '../../core/usecases/executions/pollTarget.js';
import { PollJobPayloadC, RunJobPayloadC, SettleJobPayloadC } from '../../schema/jobs.js';
import { settleEnded } from '../../core/usecases/executions/settleEnded.js';
import { FileOrUrlGraphStore } from '../../adapters/system/graphStore.js';

/** Service identifiers: the names under which hosts find ports and settings. */
export const TYPES = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Secrets: Symbol.for('Secrets'),
  Metrics: Symbol.for('Metrics'),
  Db: Symbol.for('Db'),
  Clock: Symbol.for('Clock'),
  Random: Symbol.for('Random'),
  Users: Symbol.for('UserRepository'),
  Sessions: Symbol.for('AuthSessionRepository'),
  Throttle: Symbol.for('LoginThrottle'),
  Workers: Symbol.for('WorkerRegistry'),
  Hasher: Symbol.for('PasswordHasher'),
  Tokens: Symbol.for('AccessTokens'),
  Digest: Symbol.for('TokenDigest'),
  AuthPolicy: Symbol.for('AuthPolicy'),
  Probes: Symbol.for('HealthProbes'),
  Queue: Symbol.for('JobQueue'),
  Maintenance: Symbol.for('MaintenanceRepository'),
  JobHandlers: Symbol.for('JobHandlers'),
  Profiles: Symbol.for('ProfileRepository'),
  ProjectConfigs: Symbol.for('ProjectConfigRepository'),
  Events: Symbol.for('EventLog'),
  Sources: Symbol.for('SourceRepository'),
  Archive: Symbol.for('Archive'),
  Executions: Symbol.for('ExecutionRepository'),
  Stager: Symbol.for('Stager'),
  Graphs: Symbol.for('GraphStore'),
  Translator: Symbol.for('Translator'),
  Backends: Symbol.for('DeploymentBackends'),
  BackendSet: Symbol.for('BackendSet'),
} as const;

export interface CompositionInput {
  readonly config: Config;
  readonly logger: Logger;
  readonly secrets: SecretRegistry;
  readonly metrics: Metrics;
  readonly db: Db;
  readonly hasher: PasswordHasher;
  readonly jwtSecret: string;
}

export const policyFrom = (c: Config): AuthPolicy => ({
  accessTokenTtlSeconds: c.SERVICE_ACCESS_TOKEN_TTL_SECONDS,
  refreshTokenTtlSeconds: c.SERVICE_REFRESH_TOKEN_TTL_SECONDS,
  loginWindowSeconds: c.SERVICE_LOGIN_WINDOW_SECONDS,
  maxFailuresPerUsername: c.SERVICE_LOGIN_MAX_FAILURES_PER_USERNAME,
  maxFailuresPerAddress: c.SERVICE_LOGIN_MAX_FAILURES_PER_ADDRESS,
});

/** Binds every port to its PostgreSQL / system adapter. */
export const buildContainer = (input: CompositionInput): Container => {
  const c = new Container({ defaultScope: 'Singleton' });
  c.bind<Config>(TYPES.Config).toConstantValue(input.config);
  c.bind<Logger>(TYPES.Logger).toConstantValue(input.logger);
  c.bind<SecretRegistry>(TYPES.Secrets).toConstantValue(input.secrets);
  c.bind<Metrics>(TYPES.Metrics).toConstantValue(input.metrics);
  c.bind<Db>(TYPES.Db).toConstantValue(input.db);
  c.bind<PasswordHasher>(TYPES.Hasher).toConstantValue(input.hasher);
  c.bind<Clock>(TYPES.Clock).toConstantValue(new SystemClock());
  c.bind<Random>(TYPES.Random).toConstantValue(new CryptoRandom());
  c.bind<AccessTokens>(TYPES.Tokens).toConstantValue(new JwtAccessTokens(input.jwtSecret));
  c.bind<TokenDigest>(TYPES.Digest).toConstantValue(new Sha256Digest());
  c.bind<AuthPolicy>(TYPES.AuthPolicy).toConstantValue(policyFrom(input.config));
  c.bind<UserRepository>(TYPES.Users).toDynamicValue((ctx) => new PgUserRepository(ctx.get<Db>(TYPES.Db)));
  c.bind<AuthSessionRepository>(TYPES.Sessions).toDynamicValue(
    (ctx) => new PgAuthSessionRepository(ctx.get<Db>(TYPES.Db)),
  );
  c.bind<LoginThrottle>(TYPES.Throttle).toDynamicValue((ctx) => new PgLoginThrottle(ctx.get<Db>(TYPES.Db)));
  c.bind<WorkerRegistry>(TYPES.Workers).toDynamicValue((ctx) => new PgWorkerRegistry(ctx.get<Db>(TYPES.Db)));
  c.bind<JobQueue>(TYPES.Queue).toDynamicValue(
    (ctx) => new PgJobQueue(ctx.get<Db>(TYPES.Db), ctx.get<Random>(TYPES.Random)),
  );
  c.bind<MaintenanceRepository>(TYPES.Maintenance).toDynamicValue(
    (ctx) => new PgMaintenanceRepository(ctx.get<Db>(TYPES.Db)),
  );
  c.bind<ProfileRepository>(TYPES.Profiles).toDynamicValue(
    (ctx) => new PgProfileRepository(ctx.get<Db>(TYPES.Db)),
  );
  c.bind<ProjectConfigRepository>(TYPES.ProjectConfigs).toDynamicValue(
    (ctx) => new PgProjectConfigRepository(ctx.get<Db>(TYPES.Db)),
  );
  c.bind<EventLog>(TYPES.Events).toDynamicValue((ctx) => new PgEventLog(ctx.get<Db>(TYPES.Db)));
  c.bind<SourceRepository>(TYPES.Sources).toDynamicValue(
    (ctx) => new PgSourceRepository(ctx.get<Db>(TYPES.Db)),
  );
  c.bind<ExecutionRepository>(TYPES.Executions).toDynamicValue(
    (ctx) => new PgExecutionRepository(ctx.get<Db>(TYPES.Db)),
  );
  // Every part with a mock follows SERVICE_USE_REAL_BACKENDS and SERVICE_MOCK_PARTS.
  const backendSet = chooseBackends(input.config, c.get<Clock>(TYPES.Clock));
  c.bind<Archive>(TYPES.Archive).toConstantValue(backendSet.archive);
  c.bind<Stager>(TYPES.Stager).toConstantValue(backendSet.stager);
  c.bind<Translator>(TYPES.Translator).toConstantValue(backendSet.translator);
  c.bind<DeploymentBackends>(TYPES.Backends).toConstantValue(backendSet.backends);
  c.bind<BackendSet>(TYPES.BackendSet).toConstantValue(backendSet);
  c.bind<GraphStore>(TYPES.Graphs).toConstantValue(
    new FileOrUrlGraphStore(
      input.config.SERVICE_GRAPH_DIR ?? join(input.config.SERVICE_DATA_DIR, 'graphs'),
      input.config.SERVICE_MAX_GRAPH_BYTES,
    ),
  );
  // Job kinds and their handlers.
  c.bind<readonly JobHandler<never>[]>(TYPES.JobHandlers).toDynamicValue(() => {
    const discovery: JobHandler<DiscoveryJobPayload> = {
      kind: discoveryJobKind,
      codec: DiscoveryJobPayloadC,
      handle: async (payload, jobCtx) => {
        const r = await discoverBatch(discoveryDeps(c), payload, jobCtx.signal);
        input.logger.info(
          { job_id: jobCtx.job.id, project_module: payload.project_module, ...r },
          'discovery batch done',
        );
      },
    };
    const run: JobHandler<RunJobPayload> = {
      kind: runJobKind,
      codec: RunJobPayloadC,
      handle: (payload, jobCtx) =>
        runExecution(runDeps(c), payload, {
          lease: jobCtx.job.lease,
          signal: jobCtx.signal,
          lastAttempt: jobCtx.job.attempts >= jobCtx.job.maxAttempts,
          confirmLease: jobCtx.confirmLease,
        }),
    };
    const poll: JobHandler<PollJobPayload> = {
      kind: pollJobKind,
      codec: PollJobPayloadC,
      handle: async (payload, jobCtx) => {
        const r = await pollTarget(runDeps(c), payload, { lease: jobCtx.job.lease, signal: jobCtx.signal });
        const log = { job_id: jobCtx.job.id, target: payload.target, ...r };
        if (r.error) input.logger.warn(log, 'poll round done with an error');
        else input.logger.debug(log, 'poll round done');
      },
    };
    const settle: JobHandler<SettleJobPayload> = {
      kind: settleJobKind,
      codec: SettleJobPayloadC,
      handle: async (payload, jobCtx) => {
        const r = await settleEnded(runDeps(c), payload, { lease: jobCtx.job.lease, signal: jobCtx.signal });
        input.logger.info({ job_id: jobCtx.job.id, execution_id: payload.execution_id, ...r }, 'settled');
      },
    };
    return [discovery, run, poll, settle] as unknown as JobHandler<never>[];
  });
  c.bind<readonly HealthProbe[]>(TYPES.Probes).toDynamicValue((ctx) => {
    const db = ctx.get<Db>(TYPES.Db);
    return [
      databaseProbe(db),
      queueProbe(ctx.get<JobQueue>(TYPES.Queue)),
      workersProbe(ctx.get<WorkerRegistry>(TYPES.Workers), input.config.SERVICE_WORKER_STALE_SECONDS),
      backendSet.probe,
    ];
  });
  input.metrics.readQueueFrom(() => c.get<JobQueue>(TYPES.Queue).stats(new Date()));
  input.metrics.gaugeFrom(
    'surveyor_sources',
    'Sources by project and discovery state',
    ['project_module', 'discovery_state'],
    async () =>
      (await c.get<SourceRepository>(TYPES.Sources).countsByState()).map((r) => ({
        labels: { project_module: r.projectModule, discovery_state: r.state },
        value: r.count,
      })),
  );
  input.metrics.gaugeFrom(
    'surveyor_executions',
    'Executions by project and state',
    ['project_module', 'state'],
    async () =>
      (await c.get<ExecutionRepository>(TYPES.Executions).countsByState()).map((r) => ({
        labels: { project_module: r.projectModule, state: r.state },
        value: r.count,
      })),
  );
  const queueWaits = () => c.get<ExecutionRepository>(TYPES.Executions).remoteQueueWaits(new Date());
  input.metrics.gaugeFrom(
    'surveyor_executions_in_remote_queue',
    'Batch jobs submitted and not started yet (waiting in the cluster queue), by project',
    ['project_module'],
    async () =>
      (await queueWaits()).map((r) => ({ labels: { project_module: r.projectModule }, value: r.waiting })),
  );
  input.metrics.gaugeFrom(
    'surveyor_executions_remote_queue_longest_wait_seconds',
    'The longest wait so far of a batch job not started yet, by project',
    ['project_module'],
    async () =>
      (await queueWaits()).map((r) => ({
        labels: { project_module: r.projectModule },
        value: r.longestSeconds,
      })),
  );
  return c;
};

/** Everything the auth use cases need, pulled from the container. */
export const authDeps = (c: Container) => ({
  users: c.get<UserRepository>(TYPES.Users),
  sessions: c.get<AuthSessionRepository>(TYPES.Sessions),
  throttle: c.get<LoginThrottle>(TYPES.Throttle),
  hasher: c.get<PasswordHasher>(TYPES.Hasher),
  tokens: c.get<AccessTokens>(TYPES.Tokens),
  digest: c.get<TokenDigest>(TYPES.Digest),
  random: c.get<Random>(TYPES.Random),
  clock: c.get<Clock>(TYPES.Clock),
  policy: c.get<AuthPolicy>(TYPES.AuthPolicy),
});

export const profileDeps = (c: Container) => ({
  profiles: c.get<ProfileRepository>(TYPES.Profiles),
  clock: c.get<Clock>(TYPES.Clock),
  random: c.get<Random>(TYPES.Random),
});

export const projectDeps = (c: Container) => ({
  patchableFields: c.get<Config>(TYPES.Config).SERVICE_PATCHABLE_FIELDS ?? defaultPatchableFields,
  configs: c.get<ProjectConfigRepository>(TYPES.ProjectConfigs),
  events: c.get<EventLog>(TYPES.Events),
  digest: c.get<TokenDigest>(TYPES.Digest),
  clock: c.get<Clock>(TYPES.Clock),
});

export const sourceDeps = (c: Container) => ({
  sources: c.get<SourceRepository>(TYPES.Sources),
  configs: c.get<ProjectConfigRepository>(TYPES.ProjectConfigs),
  events: c.get<EventLog>(TYPES.Events),
  queue: c.get<JobQueue>(TYPES.Queue),
  clock: c.get<Clock>(TYPES.Clock),
  random: c.get<Random>(TYPES.Random),
});

export const discoveryDeps = (c: Container) => ({
  sources: c.get<SourceRepository>(TYPES.Sources),
  configs: c.get<ProjectConfigRepository>(TYPES.ProjectConfigs),
  archive: c.get<Archive>(TYPES.Archive),
  digest: c.get<TokenDigest>(TYPES.Digest),
  clock: c.get<Clock>(TYPES.Clock),
});

export const runDeps = (c: Container) => ({
  executions: c.get<ExecutionRepository>(TYPES.Executions),
  sources: c.get<SourceRepository>(TYPES.Sources),
  configs: c.get<ProjectConfigRepository>(TYPES.ProjectConfigs),
  stager: c.get<Stager>(TYPES.Stager),
  graphs: c.get<GraphStore>(TYPES.Graphs),
  translator: c.get<Translator>(TYPES.Translator),
  backends: c.get<DeploymentBackends>(TYPES.Backends),
  digest: c.get<TokenDigest>(TYPES.Digest),
  clock: c.get<Clock>(TYPES.Clock),
});

export const executionDeps = (c: Container) => ({
  executions: c.get<ExecutionRepository>(TYPES.Executions),
  sources: c.get<SourceRepository>(TYPES.Sources),
  configs: c.get<ProjectConfigRepository>(TYPES.ProjectConfigs),
  profiles: c.get<ProfileRepository>(TYPES.Profiles),
  events: c.get<EventLog>(TYPES.Events),
  digest: c.get<TokenDigest>(TYPES.Digest),
  clock: c.get<Clock>(TYPES.Clock),
  random: c.get<Random>(TYPES.Random),
  queue: c.get<JobQueue>(TYPES.Queue),
});
