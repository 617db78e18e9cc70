import type { OutagePolicy } from '../domain/peerOutage.js';
import type * as E from 'fp-ts/lib/Either.js';
import type { AuthPolicy } from '../domain/authPolicy.js';
import type { PollSpacing } from '../domain/pollRound.js';
import type { ProjectConfig } from '../domain/projectConfig.js';
import type { AlertDeliveries } from '../ports/AlertDeliveries.js';
import type { AlertRepository } from '../ports/AlertRepository.js';
import type { AccessTokens } from '../ports/AccessTokens.js';
import type { Archive } from '../ports/Archive.js';
import type { AuthSessionRepository } from '../ports/AuthSessionRepository.js';
import type { Clock } from '../ports/Clock.js';
import type { DeploymentBackends } from '../ports/DeploymentBackend.js';
import type { EventLog } from '../ports/EventLog.js';
import type { ArtifactStore } from '../ports/ArtifactStore.js';
import type { ExecutionAdmissions } from '../ports/ExecutionAdmissions.js';
import type { ExecutionFigures } from '../ports/ExecutionFigures.js';
import type { UsageLedger } from '../ports/UsageLedger.js';
import type { ExecutionRepository } from '../ports/ExecutionRepository.js';
import type { PollRounds } from '../ports/PollRounds.js';
import type { GraphStore } from '../ports/GraphStore.js';
import type { JobQueue } from '../ports/JobQueue.js';
import type { LoginThrottle } from '../ports/LoginThrottle.js';
import type { Notifier } from '../ports/Notifier.js';
import type { OutageLog } from '../ports/OutageLog.js';
import type { MaintenanceRepository } from '../ports/MaintenanceRepository.js';
import type { DatabaseIdentity } from '../ports/DatabaseIdentity.js';
import type { PasswordHasher } from '../ports/PasswordHasher.js';
import type { ProfilePauses } from '../ports/ProfilePauses.js';
import type { ProfileRepository } from '../ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../ports/ProjectConfigRepository.js';
import type { Random } from '../ports/Random.js';
import type { SecretBox } from '../ports/SecretBox.js';
import type { IdentityProvider } from '../ports/IdentityProvider.js';
import type { IdentityRepository } from '../ports/IdentityRepository.js';
import type { TargetPolicy } from '../ports/TargetPolicy.js';
import type { SourceDiscovery } from '../ports/SourceDiscovery.js';
import type { SourceRepository } from '../ports/SourceRepository.js';
import type { Stager } from '../ports/Stager.js';
import type { ContentDigest } from '../ports/ContentDigest.js';
import type { TextDiff } from '../ports/TextDiff.js';
import type { SiteHolds } from '../ports/SiteHolds.js';
import type { SiteLimitPolicy } from '../domain/siteLimit.js';
import type { Tracer } from '../ports/Tracer.js';
import type { Translator } from '../ports/Translator.js';
import type { UserRepository } from '../ports/UserRepository.js';
import type { WorkerRegistry } from '../ports/WorkerRegistry.js';

/** One problem in a project configuration's text, where it is. */
export interface YamlIssue {
  readonly path: string;
  readonly message: string;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly code?: string | undefined;
}

/**
 * Turns a configuration's YAML into a configuration (the YAML library is not the core's to import).
 * Asynchronous: reading the largest document takes long enough to be kept off the request thread.
 */
export type ProjectYamlParser = (yaml: string) => Promise<E.Either<readonly YamlIssue[], ProjectConfig>>;

/** Where each path of a configuration's YAML is, for problems found after parsing (its graph's). */
export type ProjectYamlLocator = (
  yaml: string,
  paths: readonly string[],
) => Promise<readonly { line: number; column: number }[]>;

/** Every port the application needs: PostgreSQL or memory repositories, real or mock backends. */
export interface SurveyorPorts {
  readonly clock: Clock;
  readonly random: Random;
  readonly digest: ContentDigest;
  readonly hasher: PasswordHasher;
  readonly tokens: AccessTokens;
  readonly users: UserRepository;
  readonly sessions: AuthSessionRepository;
  readonly throttle: LoginThrottle;
  readonly workers: WorkerRegistry;
  readonly configs: ProjectConfigRepository;
  readonly sources: SourceRepository;
  readonly discovery: SourceDiscovery;
  readonly profiles: ProfileRepository;
  /** Profiles paused by hand: admission holds the runs that would submit with them. */
  readonly pauses: ProfilePauses;
  readonly siteHolds: SiteHolds;
  readonly executions: ExecutionRepository;
  readonly admissions: ExecutionAdmissions;
  readonly artifacts: ArtifactStore;
  readonly pollRounds: PollRounds;
  readonly executionFigures: ExecutionFigures;
  /** What attempts used on their backends (accounting and budgets). */
  readonly usage: UsageLedger;
  readonly events: EventLog;
  readonly queue: JobQueue;
  readonly maintenance: MaintenanceRepository;
  /** Which copy of the database this is (a restore or a promotion makes a new one). */
  readonly databaseIdentity: DatabaseIdentity;
  readonly archive: Archive;
  readonly stager: Stager;
  readonly translator: Translator;
  readonly backends: DeploymentBackends;
  readonly graphs: GraphStore;
  readonly parseProjectYaml: ProjectYamlParser;
  readonly locateInProjectYaml: ProjectYamlLocator;
  readonly alerts: AlertRepository;
  readonly deliveries: AlertDeliveries;
  /** Seals the secrets clients write (a channel's) before they are stored. */
  readonly secretBox: SecretBox;
  /** Accounts' identities at an OpenID Connect provider and the admin's group mapping (absent: none kept). */
  readonly identities?: IdentityRepository;
  /** The provider people sign in with, when one is configured. */
  readonly identityProvider?: IdentityProvider;
  /** Sends alerts: webhooks and e-mail. */
  readonly notifier: Notifier;
  /** Where outbound requests may go, checked when a channel is written. */
  readonly targets: TargetPolicy;
  /** What this process saw of database outages (its worker heartbeats feed it). */
  readonly outages: OutageLog;
  /** Unified diffs of texts (configuration YAML in a comparison of executions). */
  readonly textDiff: TextDiff;
  /** Where executions' work is traced; nowhere when left out. */
  readonly tracer?: Tracer;
}

/** The settings the rules read. */
export interface SurveyorSettings {
  readonly policy: AuthPolicy;
  /** Graph fields an operator may patch (admins: any). */
  readonly patchableFields: readonly string[];
  /** A worker whose last heartbeat is older than this is not live (SERVICE_WORKER_STALE_SECONDS). */
  readonly workerStaleSeconds?: number;
  /**
   * Least seconds between poll rounds on one target, also for the rounds a submission or a cancel
   * asks for (SERVICE_REST_POLL_MIN_SECONDS, SERVICE_BATCH_POLL_MIN_SECONDS). Zero with mock
   * backends: they have no login node to protect.
   */
  readonly pollSpacing: PollSpacing;
  /**
   * How long a run waits through an outage of a peer it needs and how often it looks
   * (SERVICE_OUTAGE_WAIT_MINUTES, SERVICE_OUTAGE_RECHECK_SECONDS; domain/peerOutage.ts).
   */
  readonly outages?: OutagePolicy;
  /** How a run waits on a batch site's limits (default: domain/siteLimit.ts). */
  readonly siteLimits?: SiteLimitPolicy;
  /** The service's address as its users reach it (SERVICE_PUBLIC_URL): provenance ids are URIs under it. */
  readonly publicUrl?: string;
  /** This build's version, named as the agent in provenance documents. */
  readonly serviceVersion?: string;
}
