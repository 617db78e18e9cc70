// The public face of the surveyor library: domain types, ports, use cases and the error model.
export * from './errors.js';
export * from './redaction.js';
export * from './domain/roles.js';
export * from './domain/user.js';
export * from './domain/authSession.js';
export * from './domain/authPolicy.js';
export type * from './ports/Clock.js';
export type * from './ports/Random.js';
export type * from './ports/PasswordHasher.js';
export type * from './ports/ContentDigest.js';
export type * from './ports/AccessTokens.js';
export type * from './ports/UserRepository.js';
export type * from './ports/AuthSessionRepository.js';
export type * from './ports/LoginThrottle.js';
export type * from './ports/HealthProbe.js';
export type * from './ports/WorkerRegistry.js';
export type * from './ports/DatabaseIdentity.js';
export * from './usecases/auth/createUser.js';
export * from './usecases/auth/login.js';
export * from './usecases/auth/refreshTokens.js';
export * from './usecases/auth/logout.js';
export * from './usecases/auth/authenticate.js';
export * from './usecases/auth/listUsers.js';
export * from './usecases/health/checkReadiness.js';
export { issueTokens, newRefreshToken, type TokenIssuerDeps } from './usecases/auth/issueTokens.js';
export * from './usecases/health/workersProbe.js';
export * from './usecases/health/queueProbe.js';
export * from './usecases/maintenance/maintenanceTick.js';
export * from './usecases/maintenance/purge.js';
export * from './usecases/maintenance/reconcileRestore.js';
export * from './usecases/maintenance/restoreGate.js';
export * from './domain/retention.js';
export * from './domain/job.js';
export type * from './ports/JobQueue.js';
export * from './ports/JobHandler.js';
export type * from './ports/Tick.js';
export type * from './ports/MaintenanceRepository.js';
export * from './domain/execution.js';
export * from './app/surveyor.js';
export type * from './app/ports.js';
export type * from './app/pages.js';
export type { CreateOptions } from './app/executionOperations.js';
export * from './domain/jobPayloads.js';
export type * from './domain/pollRound.js';
export type { Feature } from './usecases/feature.js';
// What the queue's jobs carry (the kinds themselves are bound to the core's use cases).
export { type DiscoveryJobPayload, DiscoveryJobPayloadC } from './usecases/discovery/discoverBatch.js';
export { type RunJobPayload, RunJobPayloadC } from './usecases/run/attempt.js';
export { type PollJobPayload, PollJobPayloadC } from './usecases/poll/pollTarget.js';
export { type DeliverJobPayload, DeliverJobPayloadC } from './usecases/alerts/deliverAlert.js';
export * from './domain/source.js';
export * from './domain/profile.js';
export type * from './domain/projectConfig.js';
export type * from './domain/event.js';
export type * from './ports/ArtifactStore.js';
export type * from './ports/ExecutionAdmissions.js';
export type * from './ports/ExecutionFigures.js';
export type * from './ports/ExecutionRepository.js';
export type * from './ports/PollRounds.js';
export type * from './ports/SourceDiscovery.js';
export type * from './ports/SourceRepository.js';
export type * from './ports/ProfileRepository.js';
export type * from './ports/ProjectConfigRepository.js';
export type * from './ports/EventLog.js';
export type * from './ports/Archive.js';
export type * from './ports/Stager.js';
export type * from './ports/Translator.js';
export { type TraceAttributes, type Tracer, untraced } from './ports/Tracer.js';
export type * from './ports/DeploymentBackend.js';
export type * from './ports/GraphStore.js';
export type * from './ports/PingCheck.js';
export type { CreateExecutionInput } from './usecases/executions/createExecution.js';
export type { ExecuteInput } from './usecases/executions/requestExecute.js';
export type { DropStatesView } from './usecases/executions/dropStates.js';
export type { SourceItem } from './usecases/sources/registerSources.js';
export type { Actor } from './usecases/profiles/saveProfile.js';
export * from './app/features.js';
// Types the operations and ports above name, so that an embedder can name them too.
export type { AccountChange, accountChanges } from './domain/accountEvents.js';
export type { ParamType } from './domain/adql.js';
export type {
  AlertDelivery,
  AlertMessage,
  AlertRule,
  ChannelInput,
  ChannelSecrets,
  ChannelSettings,
  dependencies,
  Dependency,
  EmailSettings,
  EndState,
  endStates,
  NotificationChannel,
  PlannedDelivery,
  RuleConditions,
  RuleInput,
  SendOutcome,
  SmtpSecurity,
  WebhookFormat,
  WebhookSettings,
} from './domain/alerting.js';
export type { ApiTokenState, ApiTokenView } from './domain/apiToken.js';
export type { AutomationRetryPolicy, AutomationRetryRule, FailedRuns } from './domain/automationRetry.js';
export type {
  DropState,
  OutputReport,
  RemoteOutcome,
  SessionProgress,
  UnreachableNodes,
} from './domain/backendStates.js';
export type { Budget, InFlightShape, Spent } from './domain/budget.js';
export type { Execution } from './domain/executionRecord.js';
export type { JsonChange } from './domain/jsonChanges.js';
export type { RecentAttempts, Reservation } from './domain/loginAttempts.js';
export type { Manifest, StagedFile, StagedPart, Verification } from './domain/manifest.js';
export type { OutagePolicy } from './domain/peerOutage.js';
export type { ProfilePause, WindowChange } from './domain/profilePause.js';
export type { ProjectConfigVersion } from './domain/projectVersion.js';
export type { ProvAttributes, ProvDocument, ProvTyped, ProvValue } from './domain/prov.js';
export type { SiteHold, SiteLimitPolicy } from './domain/siteLimit.js';
export type { SourceFilter } from './domain/sourceFilter.js';
export type { TransformSpec, TransformTable } from './domain/transforms.js';
export type { AttemptUsage, RemoteUsage, UsageOutcome, UsageSource } from './domain/usage.js';
export type { WalltimeSample } from './domain/walltime.js';
export type {
  AlertDeliveries,
  AlertFigures,
  AttemptStart,
  DeliveryFilter,
  FiredEvent,
  FireResult,
} from './ports/AlertDeliveries.js';
export type { AlertRepository, Paged } from './ports/AlertRepository.js';
export type { Notifier } from './ports/Notifier.js';
export type { Outage, OutageLog } from './ports/OutageLog.js';
export type { ProfilePauses } from './ports/ProfilePauses.js';
export type { SealableFields, SecretBox } from './ports/SecretBox.js';
export type {
  DevicePoll,
  DeviceStart,
  IdentityProvider,
  ProviderAnswer,
  ProviderFailure,
  ProviderGrant,
} from './ports/IdentityProvider.js';
export type { IdentityLogin, IdentityRepository, SignInAttempt } from './ports/IdentityRepository.js';
export {
  type GroupRole,
  type GroupRoleName,
  type GroupRoles,
  groupRoleNames,
  type Identity,
} from './domain/identity.js';
export type { GroupRoleInput } from './usecases/auth/groupRoles.js';
export type { IdentityFailure, SignedIn } from './usecases/auth/identityAccount.js';
export type { BrowserStart, DevicePollView, DeviceSignInView } from './usecases/auth/identitySignIn.js';
export type { SiteHolds } from './ports/SiteHolds.js';
export type { TargetPolicy } from './ports/TargetPolicy.js';
export type { TextDiff, UnifiedDiff } from './ports/TextDiff.js';
export type { DurationHistogram, UsageLedger } from './ports/UsageLedger.js';
export type { ArchivePingResult } from './usecases/archives/pingArchive.js';
export type { TokenOwner } from './usecases/auth/apiTokenOwner.js';
export type { OwnLogin, OwnPasswordInput } from './usecases/auth/changeOwnPassword.js';
export type { ChangedUser, ChangeUserInput } from './usecases/auth/changeUser.js';
export type { ApiTokenInput } from './usecases/auth/createApiToken.js';
export type { ProjectRoleInput, ProjectRolesOf } from './usecases/auth/projectRoles.js';
export type { ProjectOwner } from './app/accessOperations.js';
export type { AutomationStandingView } from './usecases/automation/automationStanding.js';
export type { UsageRequest } from './usecases/budgets/projectUsage.js';
export type { DiscoveryAck } from './usecases/discovery/requestDiscovery.js';
export type { ReproduceInput } from './usecases/executions/reproduceExecution.js';
export type { PauseRequest } from './usecases/profiles/pauseProfile.js';
export type { PingResult } from './usecases/profiles/pingProfile.js';
export type { SourceAutomationView } from './usecases/sources/sourceAutomation.js';
