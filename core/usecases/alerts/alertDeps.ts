import type { AlertRepository } from '../../ports/AlertRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { JobQueue } from '../../ports/JobQueue.js';
import type { Notifier } from '../../ports/Notifier.js';
import type { Random } from '../../ports/Random.js';
import type { SecretBox } from '../../ports/SecretBox.js';
import type { TargetPolicy } from '../../ports/TargetPolicy.js';
import type { WorkerRegistry } from '../../ports/WorkerRegistry.js';

/** What alerting's use cases need. */
export interface AlertDeps {
  readonly alerts: AlertRepository;
  readonly box: SecretBox;
  readonly notifier: Notifier;
  readonly targets: TargetPolicy;
  readonly queue: JobQueue;
  readonly workers: WorkerRegistry;
  readonly executions: ExecutionRepository;
  readonly clock: Clock;
  readonly random: Random;
}
