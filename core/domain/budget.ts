import { minutesOrFallback } from './walltime.js';
import type { DeploymentProfile } from './profile.js';
import { monthOf } from './usage.js';

/**
 * A project's compute budget (its configuration's `budget`): a limit per UTC calendar month in
 * node-hours or CPU-hours, and whether a run that would go past it waits (`block`) or only says so
 * (`warn`).
 */
export interface Budget {
  readonly limit: number;
  readonly unit: 'node_hours' | 'cpu_hours';
  readonly period: 'month';
  readonly on_exhausted: 'block' | 'warn';
}

/** What the project spent in the period (settled runs), in seconds of the budget's unit. */
export interface Spent {
  readonly nodeSeconds: number;
  readonly cpuSeconds: number;
}

/** Runs of a project in flight that share a shape (backend, nodes, wall time): how many. */
export interface InFlightShape {
  readonly kind: 'rest_remote' | 'batch_remote';
  readonly nodes: number;
  /** A batch job's wall time; null for an island manager, which has none. */
  readonly minutes: number | null;
  readonly cpusPerTask: number | null;
  readonly count: number;
}

/** The longest a rest_remote run may run (its deadline: poll_max_rounds × poll_interval_seconds). */
export interface RestRunLimit {
  readonly poll_interval_seconds: number;
  readonly poll_max_rounds: number;
}

/** The shape of one run of a profile, as the in-flight estimate counts it. */
export const shapeOf = (p: DeploymentProfile): Omit<InFlightShape, 'count'> =>
  p.deployment.kind === 'batch_remote'
    ? {
        kind: 'batch_remote',
        nodes: p.deployment.num_nodes,
        // auto counts its fallback: admission comes before the run's estimate (a run in flight
        // counts the estimate it was given; see UsageLedger.inFlight).
        minutes: minutesOrFallback(p.deployment),
        cpusPerTask: p.deployment.cpus_per_task ?? null,
      }
    : { kind: 'rest_remote', nodes: Math.max(1, p.translation.num_par), minutes: null, cpusPerTask: null };

/**
 * What a run not settled yet may still cost, in the budget's unit (seconds): a batch job its
 * nodes times its wall time (CPU-seconds: times cpus_per_task, or one CPU per node when the
 * profile does not say); a DALiuGE run its partitions (num_par, at most one node manager each)
 * times its deadline. An island manager reports no CPU time, so its runs count no CPU-seconds.
 */
export const estimateSeconds = (
  s: Omit<InFlightShape, 'count'>,
  unit: Budget['unit'],
  rest: RestRunLimit,
): number => {
  const wall = s.minutes !== null ? s.minutes * 60 : rest.poll_interval_seconds * rest.poll_max_rounds;
  if (unit === 'node_hours') return s.nodes * wall;
  return s.kind === 'batch_remote' ? s.nodes * wall * (s.cpusPerTask ?? 1) : 0;
};

export interface BudgetFigures {
  readonly unit: Budget['unit'];
  readonly budget: number;
  /** Settled usage in the period. */
  readonly used: number;
  /** The estimate of the runs in flight. */
  readonly in_flight: number;
  readonly period_start: string;
  readonly period_end: string;
}

const hours = (s: number) => Math.round((s / 3600) * 10_000) / 10_000;

/** The budget's figures now: its period (the UTC month of `now`), what was spent and what is in flight. */
export const budgetFigures = (
  b: Budget,
  spent: Spent,
  inFlight: readonly InFlightShape[],
  rest: RestRunLimit,
  now: Date,
): BudgetFigures => {
  const period = monthOf(now);
  return {
    unit: b.unit,
    budget: b.limit,
    used: hours(b.unit === 'node_hours' ? spent.nodeSeconds : spent.cpuSeconds),
    in_flight: hours(inFlight.reduce((n, s) => n + s.count * estimateSeconds(s, b.unit, rest), 0)),
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
  };
};

/**
 * Whether a run of this shape would go past the budget: what was spent in the period, plus the
 * runs in flight, plus this run's own estimate, over the limit. A run counts its whole estimate
 * until it settles; a settled run counts what its backend reported.
 */
export const wouldExceed = (
  f: BudgetFigures,
  run: Omit<InFlightShape, 'count'>,
  rest: RestRunLimit,
): { readonly exceeds: boolean; readonly this_run: number } => {
  const thisRun = hours(estimateSeconds(run, f.unit, rest));
  return { exceeds: f.used + f.in_flight + thisRun > f.budget, this_run: thisRun };
};

const unitName = { node_hours: 'node-hours', cpu_hours: 'CPU-hours' } as const;

/** The blocker's words: the figures a user needs to decide (raise the budget, or wait). */
export const budgetText = (f: BudgetFigures, thisRun: number, onExhausted: Budget['on_exhausted']): string =>
  `budget_exhausted: ${f.used} ${unitName[f.unit]} used this month and ${f.in_flight} estimated for runs in flight; this run may take ${thisRun} more, past the budget of ${f.budget} (the period ends ${f.period_end})${onExhausted === 'warn' ? '; on_exhausted is warn, so it runs' : ''}`;

/** A project's budget as admission sees it: the rule, its figures now, and the deadline of a DALiuGE run. */
export interface BudgetState {
  readonly budget: Budget;
  readonly figures: BudgetFigures;
  readonly rest: RestRunLimit;
}

/**
 * Why the budget holds a run back, or null: only a run that would submit (a dry run costs
 * nothing), only with on_exhausted `block`.
 */
export const budgetBlocker = (
  s: BudgetState | null,
  run: { readonly doSubmit: boolean | null; readonly profile: DeploymentProfile },
): string | null => {
  if (!s || run.doSubmit === false) return null;
  const v = wouldExceed(s.figures, shapeOf(run.profile), s.rest);
  return v.exceeds && s.budget.on_exhausted === 'block' ? budgetText(s.figures, v.this_run, 'block') : null;
};

/** The budget after admitting a run: its estimate counts in flight from now on. */
export const withAdmitted = (
  s: BudgetState,
  run: { readonly doSubmit: boolean | null; readonly profile: DeploymentProfile },
): BudgetState => {
  if (run.doSubmit === false) return s;
  const more = hours(estimateSeconds(shapeOf(run.profile), s.budget.unit, s.rest));
  return {
    ...s,
    figures: { ...s.figures, in_flight: Math.round((s.figures.in_flight + more) * 10_000) / 10_000 },
  };
};

/** Whether the budget is used up or committed already (no run of any size fits): automation stops making runs. */
export const budgetSpent = (s: BudgetState): boolean =>
  s.budget.on_exhausted === 'block' && s.figures.used + s.figures.in_flight >= s.figures.budget;

/** A budget as a pending execution's status shows it: the figures, this run's estimate, and the rule. */
export const budgetView = (s: BudgetState, profile: DeploymentProfile) => {
  const v = wouldExceed(s.figures, shapeOf(profile), s.rest);
  return { ...s.figures, this_run: v.this_run, exceeded: v.exceeds, on_exhausted: s.budget.on_exhausted };
};
