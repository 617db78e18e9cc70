/**
 * How execution automation treats a source whose runs failed. Without a rule, a source that fails
 * every run (bad data, a graph that breaks on it) is made into a new execution on every tick: a
 * job submitted to a shared cluster every few minutes, for ever. Automation therefore waits after
 * each failed run of its own, longer each time, and after `max_failed_runs` it stops and says so
 * (`automation.source_held`), until something changes: new data (the source's signature), a new
 * configuration version, or an operator's retry of a failed run.
 */

/** The project settings the rule reads (automation.execution). */
export interface AutomationRetryPolicy {
  readonly max_failed_runs: number;
  readonly retry_wait_minutes: number;
}

/**
 * The runs that count against a source: executions automation made of it on the project's active
 * configuration version, created since its current signature was found, that ended failed.
 */
export interface FailedRuns {
  readonly count: number;
  /** When the latest of them ended. */
  readonly lastAt: Date;
  readonly lastExecutionId: string;
}

/** What the rule reads of the project and the time, passed to the store that applies it in a query. */
export interface AutomationRetryRule {
  readonly policy: AutomationRetryPolicy;
  readonly configVersion: number;
  readonly now: Date;
}

/** The wait never grows past a day, or the first wait when that is longer. */
export const retryWaitCapMinutes = (waitMinutes: number): number => Math.max(1440, waitMinutes);

/** Minutes automation waits after the `failures`th failed run: the wait, doubled per failure after the first, capped. */
export const retryWaitAfter = (failures: number, waitMinutes: number): number =>
  Math.min(retryWaitCapMinutes(waitMinutes), waitMinutes * 2 ** Math.max(0, failures - 1));

export type AutomationHold =
  /** Automation makes a run of the source again at `until`. */
  | { readonly kind: 'waiting'; readonly failures: number; readonly until: Date }
  /** Automation makes no run of the source until its data, the configuration or a retry changes that. */
  | { readonly kind: 'held'; readonly failures: number };

/** Whether automation holds back a source with these failed runs now; null: it may run it. */
export const automationHold = (
  failed: FailedRuns | null,
  policy: AutomationRetryPolicy,
  now: Date,
): AutomationHold | null => {
  if (failed === null || failed.count === 0) return null;
  if (failed.count >= policy.max_failed_runs) return { kind: 'held', failures: failed.count };
  const until = new Date(
    failed.lastAt.getTime() + retryWaitAfter(failed.count, policy.retry_wait_minutes) * 60_000,
  );
  return until.getTime() > now.getTime() ? { kind: 'waiting', failures: failed.count, until } : null;
};

export const retryRule = (
  policy: AutomationRetryPolicy,
  configVersion: number,
  now: Date,
): AutomationRetryRule => ({
  policy,
  configVersion,
  now,
});

/** Whether an execution counts against its sources for this rule (see FailedRuns). */
export const countsAgainst = (
  e: {
    readonly state: string;
    readonly createdBy: string;
    readonly configVersion: number;
    readonly createdAt: Date;
  },
  signatureAt: Date | null,
  configVersion: number,
): boolean =>
  e.state === 'failed' &&
  e.createdBy === automationActor &&
  e.configVersion === configVersion &&
  (signatureAt === null || e.createdAt.getTime() >= signatureAt.getTime());

/** The event that tells automation stopped trying a source (subject: the source). */
export const sourceHeldKind = 'automation.source_held';

/** The actor automation's executions are created by (an account may not take it: user.ts). */
export const automationActor = 'scheduler';
