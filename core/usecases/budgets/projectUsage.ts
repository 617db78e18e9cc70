import * as E from 'fp-ts/lib/Either.js';
import { type AppError, validationError } from '../../errors.js';
import { dayOf, monthOf, summarizeUsage, type UsageGrouping } from '../../domain/usage.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import { noProject } from '../projects/unknownProject.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { UsageLedger } from '../../ports/UsageLedger.js';
import { autoSettingsOf, estimateWalltime, walltimeHistoryRuns } from '../../domain/walltime.js';
import { readBudget } from './readBudget.js';

export interface UsageDeps {
  readonly usage: Pick<UsageLedger, 'within' | 'spent' | 'inFlight' | 'walltimeHistory' | 'sourcesOf'>;
  readonly configs: Pick<ProjectConfigRepository, 'active' | 'allActive'>;
  readonly profiles: Pick<ProfileRepository, 'list'>;
  readonly clock: Clock;
}

/** The most batch profiles a usage answer estimates a wall time for (each reads its newest runs). */
export const maxWalltimeProfiles = 50;

/**
 * For each batch profile the project may use: what `job_duration_minutes: auto` gives a run of one
 * source now, from the profile's runs in this project, and on what basis (whatever the profile's
 * setting, so a fixed one can be compared with its history).
 */
const walltimes = async (deps: UsageDeps, projectModule: string) => {
  const batch = (await deps.profiles.list(projectModule))
    .filter((p) => p.deployment.kind === 'batch_remote')
    .slice(0, maxWalltimeProfiles);
  return Promise.all(
    batch.map(async (p) => {
      const d = p.deployment as Extract<typeof p.deployment, { kind: 'batch_remote' }>;
      const history = await deps.usage.walltimeHistory(projectModule, p.name, walltimeHistoryRuns);
      const w = estimateWalltime(history, 1, autoSettingsOf(d));
      return {
        profile_name: p.name,
        job_duration_minutes: d.job_duration_minutes,
        estimate_minutes: w.minutes,
        basis: w.basis,
        from: w.from,
        completed_runs: history.filter((x) => !x.timedOut).length,
        timed_out_runs: history.filter((x) => x.timedOut).length,
      };
    }),
  );
};

export interface UsageRequest {
  /** A UTC month, day or date-time (the codec checked it); default: the start of the month 11 months ago (by day, of the day 29 days ago). */
  readonly from?: string | undefined;
  /** Exclusive; default: now. */
  readonly to?: string | undefined;
  readonly by?: UsageGrouping | undefined;
}

/** The longest range a request may cover, and the most attempts it may sum: beyond, narrow it. */
export const maxUsageYears = 10;
/** By day, the longest range: a year of daily groups. */
export const maxUsageDays = 366;
export const maxUsageRows = 200_000;
/** By source, the most (attempt, source) pairs a request may sum. */
export const maxUsageSourceParts = 1_000_000;

/**
 * A project's usage in a range (runs split at its ends and, by month or day, at their ends, in
 * UTC), by month, day, profile, final state or source, and its budget now when it has one.
 */
export const projectUsage = async (
  deps: UsageDeps,
  projectModule: string,
  q: UsageRequest,
): Promise<E.Either<AppError, Record<string, unknown>>> => {
  const active = await deps.configs.active(projectModule);
  if (!active) return E.left(await noProject(deps.configs, projectModule));
  const now = deps.clock.now();
  const by = q.by ?? 'month';
  const to = q.to !== undefined ? new Date(q.to) : now;
  // By default the last 12 UTC months, or by day the last 30 UTC days.
  const from =
    q.from !== undefined
      ? new Date(q.from)
      : by === 'day'
        ? new Date(dayOf(now).start.getTime() - 29 * 86_400_000)
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
  if (by === 'day' && to.getTime() - from.getTime() > maxUsageDays * 86_400_000)
    return E.left(
      validationError('the range is too long by day', [
        { path: 'from', message: `by day, a range covers at most ${maxUsageDays} days: by month for longer` },
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
  // Only by source: the runs' sources, and how many (run, source) pairs they make.
  const sourcesOf =
    by === 'source'
      ? await deps.usage.sourcesOf([...new Set(rows.map((r) => r.executionId))])
      : new Map<string, string[]>();
  const parts =
    by === 'source' ? rows.reduce((n, r) => n + (sourcesOf.get(r.executionId)?.length ?? 1), 0) : 0;
  if (parts > maxUsageSourceParts)
    return E.left(
      validationError('the range holds too many runs by source', [
        {
          path: 'from',
          message: `by source, this range sums ${parts} (run, source) pairs, more than ${maxUsageSourceParts}: ask for a shorter one`,
        },
      ]),
    );
  const b = await readBudget(deps, projectModule, active.config, now);
  return E.right({
    project_module: projectModule,
    from: from.toISOString(),
    to: to.toISOString(),
    by,
    ...summarizeUsage(rows, from, to, by, sourcesOf),
    budget: b ? { ...b.figures, on_exhausted: b.budget.on_exhausted } : null,
    walltimes: await walltimes(deps, projectModule),
  });
};
