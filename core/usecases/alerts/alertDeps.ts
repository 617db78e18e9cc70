import type { AlertDeliveries } from '../../ports/AlertDeliveries.js';
import type { AlertRepository } from '../../ports/AlertRepository.js';
import type { Archive } from '../../ports/Archive.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionFigures } from '../../ports/ExecutionFigures.js';
import type { JobQueue } from '../../ports/JobQueue.js';
import type { Notifier } from '../../ports/Notifier.js';
import type { OutageLog } from '../../ports/OutageLog.js';
import type { PollRounds } from '../../ports/PollRounds.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { Random } from '../../ports/Random.js';
import type { SecretBox } from '../../ports/SecretBox.js';
import type { TargetPolicy } from '../../ports/TargetPolicy.js';
import type { Translator } from '../../ports/Translator.js';
import type { WorkerRegistry } from '../../ports/WorkerRegistry.js';
import type { UsageLedger } from '../../ports/UsageLedger.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';

/** What alerting's use cases need. */
export interface AlertDeps {
  readonly alerts: AlertRepository;
  readonly deliveries: AlertDeliveries;
  readonly box: SecretBox;
  readonly notifier: Notifier;
  readonly targets: TargetPolicy;
  readonly queue: JobQueue;
  readonly workers: WorkerRegistry;
  readonly executionFigures: ExecutionFigures;
  /** What budget_used rules read: a project's spending this month. */
  readonly usage: Pick<UsageLedger, 'spent' | 'inFlight'>;
  /** What token_expiring rules read: every account's API tokens. */
  readonly sessions: Pick<AuthSessionRepository, 'listApiTokens'>;
  readonly pollRounds: Pick<PollRounds, 'unansweredTargets'>;
  /** What dependency_down rules check: translators of profiles, archives of configurations. */
  readonly translator: Translator;
  readonly archive: Archive;
  readonly configs: ProjectConfigRepository;
  readonly profiles: ProfileRepository;
  readonly outages: OutageLog;
  readonly clock: Clock;
  readonly random: Random;
}
