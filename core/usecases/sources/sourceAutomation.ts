import { type AutomationRetryPolicy, automationHold, type FailedRuns } from '../../domain/automationRetry.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { Source } from '../../domain/source.js';
import type { ExecutionAdmissions } from '../../ports/ExecutionAdmissions.js';

/** What execution automation makes of a source after failed runs (a source status's `automation`). */
export interface SourceAutomationView {
  /** Automation's failed runs of the source that count (its current data, this configuration version). */
  readonly failed_runs: number;
  readonly max_failed_runs: number;
  readonly last_failed_execution: string;
  readonly last_failed_at: string;
  /**
   * `trying`: automation may run it again now; `waiting`: not before `retry_at`; `held`: not until
   * discovery finds new data, a new configuration version is active, or a failed run is retried.
   */
  readonly hold: 'trying' | 'waiting' | 'held';
  readonly retry_at: string | null;
}

/**
 * A source's standing with its project's execution automation: null when automation is off for the
 * project or no failed run of its counts (it is run as soon as it is ready and unprocessed).
 */
export const sourceAutomation = async (
  admissions: Pick<ExecutionAdmissions, 'failedRunsOf'>,
  s: Source,
  active: { readonly version: number; readonly config: ProjectConfig } | null,
  now: Date,
): Promise<SourceAutomationView | null> => {
  const a = active?.config.automation.execution;
  if (!active || !a?.enabled) return null;
  const failed = await admissions.failedRunsOf(s.id, active.version);
  return failed === null ? null : automationView(failed, a, now);
};

/** The view of a source's failed runs under the retry rule (here and in the project's standing). */
export const automationView = (
  failed: FailedRuns,
  policy: AutomationRetryPolicy,
  now: Date,
): SourceAutomationView => {
  const hold = automationHold(failed, policy, now);
  return {
    failed_runs: failed.count,
    max_failed_runs: policy.max_failed_runs,
    last_failed_execution: failed.lastExecutionId,
    last_failed_at: failed.lastAt.toISOString(),
    hold: hold?.kind ?? 'trying',
    retry_at: hold?.kind === 'waiting' ? hold.until.toISOString() : null,
  };
};
