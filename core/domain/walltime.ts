import type { BatchRemoteDeployment, DeploymentProfile } from './profile.js';

/**
 * A batch job's wall time (sbatch --time) from the profile's runs so far: `job_duration_minutes:
 * auto`. Too short and Slurm kills the run (TIMEOUT); too long and it waits longer in the queue and
 * holds the allocation. The estimate is decided once per attempt, as the run is submitted, and kept
 * in its run record, so the job, its deadline and its budget all count the same minutes.
 */

/** Without a setting, what an `auto` run gets with too little history, and the most it gets. */
export const defaultFallbackMinutes = 30;
export const defaultMaxMinutes = 24 * 60;
/** Completed runs needed before their times are trusted over the fallback. */
export const minCompletedRuns = 3;
/** The newest runs an estimate reads (completed or timed out). */
export const walltimeHistoryRuns = 50;
const margin = 1.5;
/** Each run also starts a DALiuGE cluster and stages its graph, whatever its sources. */
const overheadMinutes = 5;

/** How a usage row's state says the job reached its time limit (sacct's TIMEOUT, or ours lowercased). */
export const timedOutState = (remoteState: string): boolean => /^timeout\b/i.test(remoteState);

/** One past attempt of the profile, as the estimate reads it. */
export interface WalltimeSample {
  /** Slurm's elapsed time (sacct ElapsedRaw). */
  readonly runSeconds: number;
  /** The sources the execution ran (a graph scatters over them). */
  readonly sources: number;
  /** Ended by Slurm at its time limit (TIMEOUT). */
  readonly timedOut: boolean;
  /** The --time it was given (null: not recorded, before walltimes were). */
  readonly limitMinutes: number | null;
}

export interface Walltime {
  readonly minutes: number;
  /** Why: the figures it came from, in a sentence. */
  readonly basis: string;
  readonly from: 'history' | 'fallback';
}

/** What `auto` takes from the profile: its fallback and its ceiling. */
export interface AutoSettings {
  readonly fallbackMinutes: number;
  readonly maxMinutes: number;
}

export const autoSettingsOf = (d: BatchRemoteDeployment): AutoSettings => ({
  fallbackMinutes: d.job_duration_fallback_minutes ?? defaultFallbackMinutes,
  maxMinutes: d.job_duration_max_minutes ?? defaultMaxMinutes,
});

/** A batch profile's minutes without a run to estimate for: the fixed value, or auto's fallback. */
export const minutesOrFallback = (d: BatchRemoteDeployment): number =>
  d.job_duration_minutes === 'auto' ? autoSettingsOf(d).fallbackMinutes : d.job_duration_minutes;

/** The 95th percentile by nearest rank (of a non-empty list). */
const p95 = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)]!;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Completed runs' time as a fixed part (a DALiuGE cluster starting, whatever the sources) and a
 * part per source, fitted by least squares over runs of different sizes, with the 95th percentile
 * of how far runs went past the fit. Null while every run had as many sources (nothing tells the
 * parts apart). A run's time over its sources alone would count the start once per source: a run
 * of 250 after runs of one would be given 250 starts.
 */
const fitBySize = (
  runs: readonly WalltimeSample[],
): { fixed: number; perSource: number; above: number } | null => {
  if (new Set(runs.map((x) => x.sources)).size < 2) return null;
  const mx = runs.reduce((a, x) => a + x.sources, 0) / runs.length;
  const my = runs.reduce((a, x) => a + x.runSeconds, 0) / runs.length;
  let sxx = 0;
  let sxy = 0;
  for (const x of runs) {
    sxx += (x.sources - mx) ** 2;
    sxy += (x.sources - mx) * (x.runSeconds - my);
  }
  const perSource = Math.max(0, sxy / sxx);
  const fixed = Math.max(0, my - perSource * mx);
  const above = Math.max(0, p95(runs.map((x) => x.runSeconds - (fixed + perSource * x.sources))));
  return { fixed, perSource, above };
};

/**
 * The wall time for a run of `sources` sources. From completed runs of different sizes: the fitted
 * fixed part plus the part per source times the sources, plus the p95 above the fit, times 1.5,
 * plus 5 minutes (fitBySize). From runs all of one size: the p95 of their time per source, times
 * the sources, times 1.5, plus 5 minutes. With fewer than 3 completed runs, the fallback. A run that
 * reached its limit (TIMEOUT) needed more than it had: the next run of its size gets at least twice
 * that limit, so an estimate too short grows until runs fit. Always within [1, maxMinutes].
 */
export const estimateWalltime = (
  samples: readonly WalltimeSample[],
  sources: number,
  s: AutoSettings,
): Walltime => {
  const n = Math.max(1, sources);
  const completed = samples.filter((x) => !x.timedOut && x.sources > 0);
  const floors = samples
    .filter((x) => x.timedOut && x.limitMinutes !== null && x.sources > 0)
    .map((x) => ({ minutes: Math.ceil((2 * x.limitMinutes! * n) / x.sources), x }));
  const floor = floors.reduce<(typeof floors)[number] | null>(
    (a, b) => (a === null || b.minutes > a.minutes ? b : a),
    null,
  );
  let w: Walltime;
  const fitted = completed.length >= minCompletedRuns ? fitBySize(completed) : null;
  if (fitted) {
    const sizes = completed.map((x) => x.sources);
    const seconds = fitted.fixed + fitted.perSource * n + fitted.above;
    w = {
      minutes: Math.ceil((seconds * margin) / 60 + overheadMinutes),
      from: 'history',
      basis: `${completed.length} completed runs of ${Math.min(...sizes)} to ${plural(Math.max(...sizes), 'source')}: ${Math.round(fitted.fixed)} s + ${fitted.perSource.toFixed(1)} s a source × ${plural(n, 'source')} + ${Math.round(fitted.above)} s (p95 above that) × ${margin} + ${overheadMinutes} min`,
    };
  } else if (completed.length >= minCompletedRuns) {
    const perSource = p95(completed.map((x) => x.runSeconds / x.sources));
    const minutes = Math.ceil((perSource * n * margin) / 60 + overheadMinutes);
    w = {
      minutes,
      from: 'history',
      basis: `p95 of ${completed.length} completed runs: ${Math.round(perSource)} s a source × ${plural(n, 'source')} × ${margin} + ${overheadMinutes} min`,
    };
  } else
    w = {
      minutes: s.fallbackMinutes,
      from: 'fallback',
      basis: `job_duration_fallback_minutes: ${plural(completed.length, 'completed run')}, ${minCompletedRuns} needed`,
    };
  if (floor && floor.minutes > w.minutes)
    w = {
      minutes: floor.minutes,
      from: 'history',
      basis: `twice the ${floor.x.limitMinutes} min a run of ${plural(floor.x.sources, 'source')} reached (TIMEOUT), for ${plural(n, 'source')}`,
    };
  if (w.minutes > s.maxMinutes)
    return {
      ...w,
      minutes: s.maxMinutes,
      basis: `${w.basis} (${w.minutes} min), capped at job_duration_max_minutes`,
    };
  return { ...w, minutes: Math.max(1, w.minutes) };
};

/** The walltime an attempt was given, as its run record keeps it. */
export interface AttemptWalltime {
  readonly attempt: number;
  readonly minutes: number;
  readonly basis: string;
}

const recorded = (e: {
  readonly attempt: number;
  readonly runRecord: Record<string, unknown>;
}): AttemptWalltime | null => {
  const w = e.runRecord['walltime'] as AttemptWalltime | undefined;
  return w && w.attempt === e.attempt && typeof w.minutes === 'number' ? w : null;
};

/**
 * A batch run's wall time in minutes: the fixed value, or for `auto` the estimate its attempt was
 * given (before it has one, the fallback: a budget counts that until the run is submitted).
 */
export const walltimeMinutes = (e: {
  readonly attempt: number;
  readonly runRecord: Record<string, unknown>;
  readonly profileSnapshot: DeploymentProfile;
}): number | null => {
  const d = e.profileSnapshot.deployment;
  if (d.kind !== 'batch_remote') return null;
  return d.job_duration_minutes === 'auto'
    ? (recorded(e)?.minutes ?? minutesOrFallback(d))
    : d.job_duration_minutes;
};

/** Whether this attempt still needs its estimate before it is submitted. */
export const needsWalltime = (e: {
  readonly attempt: number;
  readonly runRecord: Record<string, unknown>;
  readonly profileSnapshot: DeploymentProfile;
}): boolean => {
  const d = e.profileSnapshot.deployment;
  return d.kind === 'batch_remote' && d.job_duration_minutes === 'auto' && recorded(e) === null;
};

/** The profile a backend is handed: `auto` replaced by the minutes the attempt was given. */
export const withWalltime = (p: DeploymentProfile, minutes: number | null): DeploymentProfile =>
  p.deployment.kind === 'batch_remote' && minutes !== null
    ? { ...p, deployment: { ...p.deployment, job_duration_minutes: minutes } }
    : p;

/** What in a batch profile's walltime settings does not hold together (field, why). */
export const walltimeProblems = (d: BatchRemoteDeployment): { path: string; message: string }[] => {
  const out: { path: string; message: string }[] = [];
  if (d.job_duration_minutes !== 'auto')
    for (const f of ['job_duration_fallback_minutes', 'job_duration_max_minutes'] as const)
      if (d[f] !== undefined)
        out.push({ path: `deployment.${f}`, message: 'applies only with job_duration_minutes: auto' });
  const s = autoSettingsOf(d);
  if (d.job_duration_minutes === 'auto' && s.fallbackMinutes > s.maxMinutes)
    out.push({
      path: 'deployment.job_duration_fallback_minutes',
      message: `is more than job_duration_max_minutes (${s.maxMinutes})`,
    });
  return out;
};
