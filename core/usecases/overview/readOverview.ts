import type { ExecutionState } from '../../domain/execution.js';
import { executionStates } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import type { ExecutionFigures } from '../../ports/ExecutionFigures.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { JobQueue, QueueStats } from '../../ports/JobQueue.js';
import type { WorkerRecord, WorkerRegistry } from '../../ports/WorkerRegistry.js';
import type { ProfilePauses } from '../../ports/ProfilePauses.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import { type BlockerDeps, blockedNow } from '../automation/automationBlocker.js';
import type { DeploymentProfile } from '../../domain/profile.js';
import { holdingPause, type ProfilePause, pauseEnded } from '../../domain/profilePause.js';

export interface OverviewDeps extends BlockerDeps {
  readonly configs: Pick<ProjectConfigRepository, 'allActive'>;
  readonly executions: Pick<ExecutionRepository, 'list'>;
  readonly executionFigures: Pick<ExecutionFigures, 'countsByState' | 'endedByHour' | 'waitingOn'>;
  readonly queue: JobQueue;
  readonly workers: WorkerRegistry;
  readonly pauses: Pick<ProfilePauses, 'all'>;
}

export interface Overview {
  /** Every state, zero included, summed over projects; and per project. */
  readonly byState: Readonly<Record<ExecutionState, number>>;
  readonly byProject: readonly { projectModule: string; state: string; count: number }[];
  readonly queue: QueueStats;
  readonly workers: readonly WorkerRecord[];
  /** The newest failed executions. */
  readonly recentFailures: readonly Execution[];
  /** The last 24 whole UTC hours and this one, oldest first: executions that ended in each, by state. */
  readonly endedByHour: readonly { hour: string; completed: number; failed: number; cancelled: number }[];
  /** The profiles paused by hand (holding, or ahead), with why: what holds their executions back. */
  readonly paused: readonly {
    readonly profile: DeploymentProfile;
    readonly pause: ProfilePause;
    /** The executions that wait on it while it holds (domain/profilePause.ts `waitsOnPause`). */
    readonly waiting: number;
  }[];
  /** Projects whose automation is on but can make no execution now, with why. */
  readonly blockedAutomation: readonly {
    readonly projectModule: string;
    readonly configVersion: number;
    readonly reason: string;
  }[];
}

export const recentFailureCount = 10;

/** What an operator looks at first: where executions are, the queue, the workers, what failed. */
export const readOverview = async (
  d: OverviewDeps,
  now: Date,
  staleAfterSeconds: number,
): Promise<Overview> => {
  const thisHour = Math.floor(now.getTime() / 3600_000) * 3600_000;
  const since = new Date(thisHour - 24 * 3600_000);
  const [byProject, queue, workers, failed, ended, pauses, configs] = await Promise.all([
    d.executionFigures.countsByState(),
    d.queue.stats(now),
    d.workers.live(now, staleAfterSeconds),
    d.executions.list({ state: 'failed' }, recentFailureCount, null),
    d.executionFigures.endedByHour(since),
    d.pauses.all(),
    d.configs.allActive(),
  ]);
  // Projects are few: each automated one's readiness, as the execution tick would judge it.
  const blockedAutomation = (
    await Promise.all(
      configs
        .filter((v) => v.config.automation.execution.enabled)
        .map(async (v) => {
          const reason = await blockedNow(d, v, now);
          return reason === null
            ? []
            : [{ projectModule: v.projectModule, configVersion: v.version, reason }];
        }),
    )
  ).flat();
  // Pauses are few (each an operator's act): their profiles one by one.
  const paused = (
    await Promise.all(
      pauses
        .filter((pause) => !pauseEnded(pause, now))
        .map(async (pause) => {
          const profile = await d.profiles.get(pause.profileId);
          return profile ? [{ profile, pause }] : [];
        }),
    )
  ).flat();
  // Only a pause that holds has runs waiting on it (one set ahead holds none yet).
  const holding = paused.filter((p) => holdingPause(p.pause, now));
  const waiting =
    holding.length > 0 ? await d.executionFigures.waitingOn(holding.map((p) => p.profile.id)) : null;
  const hours = Array.from({ length: 25 }, (_, i) => ({
    hour: new Date(since.getTime() + i * 3600_000).toISOString(),
    completed: 0,
    failed: 0,
    cancelled: 0,
  }));
  for (const r of ended) {
    const h = hours[Math.round((r.hour.getTime() - since.getTime()) / 3600_000)];
    if (h && (r.state === 'completed' || r.state === 'failed' || r.state === 'cancelled'))
      h[r.state] += r.count;
  }
  const byState = Object.fromEntries(executionStates.map((s) => [s, 0])) as Record<ExecutionState, number>;
  for (const r of byProject) if (r.state in byState) byState[r.state as ExecutionState] += r.count;
  return {
    byState,
    byProject,
    queue,
    workers,
    recentFailures: failed === 'bad_cursor' ? [] : failed.items,
    endedByHour: hours,
    paused: paused.map((p) => ({ ...p, waiting: waiting?.get(p.profile.id) ?? 0 })),
    blockedAutomation,
  };
};
