import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import { monthOf, summarizeUsage, type UsageGrouping } from '../../domain/usage.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { UsageLedger } from '../../ports/UsageLedger.js';
import { readBudget } from './readBudget.js';

export interface UsageDeps {
  readonly usage: Pick<UsageLedger, 'within' | 'spent' | 'inFlight'>;
  readonly configs: Pick<ProjectConfigRepository, 'active'>;
  readonly clock: Clock;
}

export interface UsageRequest {
  /** A UTC month, day or date-time (the codec checked it); default: the start of the month 11 months ago. */
  readonly from?: string | undefined;
  /** Exclusive; default: now. */
  readonly to?: string | undefined;
  readonly by?: UsageGrouping | undefined;
}

/** The longest range a request may cover, and the most attempts it may sum: beyond, narrow it. */
export const maxUsageYears = 10;
export const maxUsageRows = 200_000;

/**
 * A project's usage in a range (runs split at its ends and, by month, at month ends, in UTC), by
 * month, profile or final state, and its budget now when it has one.
 */
export const projectUsage = async (
  deps: UsageDeps,
  projectModule: string,
  q: UsageRequest,
): Promise<E.Either<AppError, Record<string, unknown>>> => {
  const active = await deps.configs.active(projectModule);
  if (!active) return E.left(appError('not_found', `project ${projectModule} has no configuration`));
  const now = deps.clock.now();
  const to = q.to !== undefined ? new Date(q.to) : now;
  const from =
    q.from !== undefined
      ? new Date(q.from)
      : monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))).start;
  for (const [path, d] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (Number.isNaN(d.getTime()))
      return E.left(
        validationError('the range is not valid', [{ path, message: 'not a time this service reads' }]),
      );
  if (from >= to)
    return E.left(
      validationError('the range is empty', [
        { path: 'from', message: `from (${from.toISOString()}) must be before to (${to.toISOString()})` },
      ]),
    );
  if (to.getTime() - from.getTime() > maxUsageYears * 366 * 86_400_000)
    return E.left(
      validationError('the range is too long', [
        { path: 'from', message: `a range covers at most ${maxUsageYears} years` },
      ]),
    );
  const { rows, more } = await deps.usage.within(projectModule, from, to, maxUsageRows);
  if (more)
    return E.left(
      validationError('the range holds too many runs', [
        {
          path: 'from',
          message: `more than ${maxUsageRows} attempts ran in this range: ask for a shorter one`,
        },
      ]),
    );
  const by = q.by ?? 'month';
  const b = await readBudget(deps, projectModule, active.config, now);
  return E.right({
    project_module: projectModule,
    from: from.toISOString(),
    to: to.toISOString(),
    by,
    ...summarizeUsage(rows, from, to, by),
    budget: b ? { ...b.figures, on_exhausted: b.budget.on_exhausted } : null,
  });
};
