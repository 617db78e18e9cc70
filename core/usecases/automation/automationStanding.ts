import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../errors.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionAdmissions } from '../../ports/ExecutionAdmissions.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import { noProject } from '../projects/unknownProject.js';
import { type BlockerDeps, blockedNow } from './automationBlocker.js';
import { automationView, type SourceAutomationView } from '../sources/sourceAutomation.js';

export interface StandingDeps extends BlockerDeps {
  readonly configs: Pick<ProjectConfigRepository, 'active' | 'allActive'>;
  readonly admissions: Pick<ExecutionAdmissions, 'failedRunsIn'>;
  readonly clock: Clock;
}

export interface AutomationStandingView {
  readonly project_module: string;
  readonly config_version: number;
  readonly enabled: boolean;
  /** Why automation, though enabled, can make no execution now; null when it can, or is off. */
  readonly blocked: string | null;
  readonly max_failed_runs: number;
  readonly retry_wait_minutes: number;
  /** Sources automation stopped trying, and sources it waits on before trying again. */
  readonly held: number;
  readonly waiting: number;
  /** Those sources, stopped ones first, then by when they are tried again; at most `limit`. */
  readonly sources: readonly (SourceAutomationView & {
    readonly source_uuid: string;
    readonly source_identifier: string;
  })[];
}

/**
 * A project's execution automation and the sources its retry rule holds back after failed runs
 * (domain/automationRetry.ts): what an operator reads to find the sources that need a look.
 */
export const automationStanding = async (
  deps: StandingDeps,
  projectModule: string,
  limit: number,
): Promise<E.Either<AppError, AutomationStandingView>> => {
  const active = await deps.configs.active(projectModule);
  if (!active) return E.left(await noProject(deps.configs, projectModule));
  const a = active.config.automation.execution;
  const now = deps.clock.now();
  const holding = (await deps.admissions.failedRunsIn(projectModule, active.version))
    .map((s) => ({
      source_uuid: s.id,
      source_identifier: s.sourceIdentifier,
      ...automationView(s.failed, a, now),
    }))
    .filter((x) => x.hold !== 'trying')
    .sort(
      (x, y) =>
        (x.hold === 'held' ? 0 : 1) - (y.hold === 'held' ? 0 : 1) ||
        (x.retry_at ?? '').localeCompare(y.retry_at ?? '') ||
        x.last_failed_at.localeCompare(y.last_failed_at) ||
        (x.source_identifier < y.source_identifier ? -1 : x.source_identifier > y.source_identifier ? 1 : 0),
    );
  return E.right({
    project_module: projectModule,
    config_version: active.version,
    enabled: a.enabled,
    blocked: a.enabled ? await blockedNow(deps, active, now) : null,
    max_failed_runs: a.max_failed_runs,
    retry_wait_minutes: a.retry_wait_minutes,
    held: holding.filter((x) => x.hold === 'held').length,
    waiting: holding.filter((x) => x.hold === 'waiting').length,
    sources: holding.slice(0, limit),
  });
};
