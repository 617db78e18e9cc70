import * as E from 'fp-ts/lib/Either.js';
import { budgetSpent } from '../../domain/budget.js';
import type { DeploymentProfile } from '../../domain/profile.js';
import type { ProjectConfigVersion } from '../../domain/projectVersion.js';
import { type AppError, appError, type FieldIssue } from '../../errors.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import { type BudgetDeps, readBudget } from '../budgets/readBudget.js';
import { unknownArchive } from '../executions/executionDraft.js';
import { resolveProfile } from '../profiles/resolveProfile.js';

export interface BlockerDeps extends BudgetDeps {
  readonly profiles: ProfileRepository;
}

/** What automation of a project would run with now, or why it can make nothing. */
export type AutomationReadiness =
  | { readonly kind: 'ready'; readonly profile: DeploymentProfile; readonly archiveName: string }
  | { readonly kind: 'blocked'; readonly error: AppError };

/**
 * Whether automation of a project's active version can make executions now: its archive is one
 * the configuration names, its profile resolves, its budget is not spent. The execution tick acts
 * on it, and `project automation`, the console and the overview say it, so "on" is never shown
 * for automation that makes nothing.
 */
export const automationReadiness = async (
  deps: BlockerDeps,
  v: ProjectConfigVersion,
  now: Date,
): Promise<AutomationReadiness> => {
  const a = v.config.automation.execution;
  if (a.archive_name === undefined)
    return { kind: 'blocked', error: appError('conflict', 'automation.execution.archive_name is not set') };
  const archive = unknownArchive(v.config, a.archive_name);
  if (archive) return { kind: 'blocked', error: archive };
  const profile = await resolveProfile(deps.profiles, {
    projectModule: v.projectModule,
    ...(a.deployment_profile_name !== undefined ? { name: a.deployment_profile_name } : {}),
  });
  if (E.isLeft(profile)) return { kind: 'blocked', error: profile.left };
  // A budget spent (or committed to runs in flight) this month: runs made now would only wait.
  const budget = await readBudget(deps, v.projectModule, v.config, now);
  if (budget && budgetSpent(budget)) {
    const unit = budget.figures.unit === 'node_hours' ? 'node-hours' : 'CPU-hours';
    return {
      kind: 'blocked',
      error: appError(
        'conflict',
        `budget_exhausted: the budget of ${budget.figures.budget} ${unit} for ${budget.figures.period_start.slice(0, 7)} is used or committed to runs in flight (it renews ${budget.figures.period_end}); raise budget.limit in a new configuration version to run more`,
      ),
    };
  }
  return { kind: 'ready', profile: profile.right, archiveName: a.archive_name };
};

/** A blocker in one line: the error and its issues' messages. */
export const blockerText = (error: AppError): string =>
  [error.message, ...((error.details?.issues ?? []) as readonly FieldIssue[]).map((i) => i.message)].join(
    ': ',
  );

/** Why automation of the version can make nothing now, in one line; null when it can. */
export const blockedNow = async (
  deps: BlockerDeps,
  v: ProjectConfigVersion,
  now: Date,
): Promise<string | null> => {
  const r = await automationReadiness(deps, v, now);
  return r.kind === 'blocked' ? blockerText(r.error) : null;
};
