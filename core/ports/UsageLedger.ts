import type { InFlightShape, Spent } from '../domain/budget.js';
import type { AttemptUsage } from '../domain/usage.js';
import type { WalltimeSample } from '../domain/walltime.js';

/**
 * What attempts used on their backends. Rows are written with the execution write that ends an
 * attempt (`ExecutionWrite.usage`), once per attempt; this port reads them.
 */
export interface UsageLedger {
  /** An execution's attempts' usage, by attempt. */
  ofExecution(executionId: string): Promise<AttemptUsage[]>;
  /**
   * The attempts of a project (every project: null) that ran or ended in [from, to): started
   * before `to` and ended at or after `from`. At most `limit` rows, oldest end first; `more` says
   * there were others.
   */
  within(
    projectModule: string | null,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<{ rows: AttemptUsage[]; more: boolean }>;
  /** What a project's settled runs spent in [from, to), each counted by the share of its run inside it. */
  spent(projectModule: string, from: Date, to: Date): Promise<Spent>;
  /** A project's runs in flight (queued to cancelling), grouped by the shape the budget's estimate counts. */
  inFlight(projectModule: string): Promise<InFlightShape[]>;
  /**
   * A batch profile's newest `limit` runs in a project that completed or reached their time limit
   * (TIMEOUT), newest first, with their executions' numbers of sources: what a walltime estimate
   * reads (domain/walltime.ts).
   */
  walltimeHistory(projectModule: string, profileName: string, limit: number): Promise<WalltimeSample[]>;
  /**
   * The source identifiers of these executions, by execution id (an execution gone by retention
   * is absent): a grouped run's usage is split among its sources.
   */
  sourcesOf(executionIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Totals since the beginning, by project, profile and outcome: the Prometheus counters. */
  totals(): Promise<
    readonly {
      projectModule: string;
      profileName: string;
      outcome: string;
      /** Attempts that ended on a backend. */
      attempts: number;
      nodeSeconds: number;
      cpuSeconds: number;
    }[]
  >;
  /**
   * Every ended attempt's run time and queue wait, by backend kind, as Prometheus histograms:
   * `counts[i]` attempts took at most `bounds[i]` seconds (cumulative), `count` in all, `sum` their
   * seconds. Rows are never removed, so each figure only grows.
   */
  durationHistograms(bounds: readonly number[]): Promise<readonly DurationHistogram[]>;
}

/** One histogram of ended attempts' seconds (see UsageLedger.durationHistograms). */
export interface DurationHistogram {
  readonly backend: string;
  readonly field: 'run' | 'queue';
  readonly counts: readonly number[];
  readonly count: number;
  readonly sum: number;
}
