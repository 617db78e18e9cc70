import type { AutomationRetryRule, FailedRuns } from '../domain/automationRetry.js';
import type { NewEvent } from '../domain/event.js';
import type { ExecutionState } from '../domain/execution.js';
import type { Execution } from '../domain/executionRecord.js';
import type { EnqueueRequest } from '../domain/job.js';

export interface ExecutionAdmission {
  readonly id: string;
  readonly state: ExecutionState;
  readonly events: readonly NewEvent[];
  readonly job: EnqueueRequest;
}

/** What admission and automation read and write: pending executions, runs in flight, sources to run. */
export interface ExecutionAdmissions {
  /** Pending executions asked to run, oldest request first. */
  awaitingAdmission(limit: number): Promise<Execution[]>;
  /**
   * Moves each execution still pending to `state` with its events and its job, all in one
   * transaction; one that is no longer pending is left as it is. Returns the ids it moved.
   */
  admitMany(items: readonly ExecutionAdmission[], now: Date): Promise<ReadonlySet<string>>;
  /** Executions between queued and cancelling, per project. */
  inFlightByProject(): Promise<ReadonlyMap<string, number>>;
  /** Executions between queued and cancelling in one project (what its concurrent_runs cap counts). */
  inFlightIn(projectModule: string): Promise<number>;
  /** Executions between queued and cancelling, per profile (what each one's max_queued_jobs counts). */
  inFlightByProfile(): Promise<ReadonlyMap<string, number>>;
  /** The same for one profile. */
  inFlightOfProfile(profileId: string): Promise<number>;
  /**
   * Enabled sources whose metadata is in, whose required flags hold, whose data the archive does
   * not hold from the account (metadata.access.held), whose signature differs from the one last
   * processed, that no unfinished execution holds, and that the retry rule does not
   * hold back (`automationHold`, domain/automationRetry.ts): what automation may run.
   */
  sourcesToProcess(
    projectModule: string,
    requiredFlags: readonly string[],
    limit: number,
    retry: AutomationRetryRule,
  ): Promise<{ id: string; sourceIdentifier: string; discoveredAt: Date }[]>;
  /** Every source of the project with runs that count against it at this version (any order). */
  failedRunsIn(
    projectModule: string,
    configVersion: number,
  ): Promise<{ id: string; sourceIdentifier: string; failed: FailedRuns }[]>;
  /** The runs that count against a source for automation's retry rule at this version, or null. */
  failedRunsOf(sourceId: string, configVersion: number): Promise<FailedRuns | null>;
  /**
   * Sources of the project whose failed runs reached the rule's most, and that no
   * `automation.source_held` event has told of since their latest failed run ended.
   */
  heldUntold(
    projectModule: string,
    retry: AutomationRetryRule,
    limit: number,
  ): Promise<{ id: string; sourceIdentifier: string; failed: FailedRuns }[]>;
}
