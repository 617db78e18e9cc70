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
  /**
   * Enabled sources whose metadata is in, whose required flags hold, whose signature differs from
   * the one last processed, and that no unfinished execution holds: what automation may run.
   */
  sourcesToProcess(
    projectModule: string,
    requiredFlags: readonly string[],
    limit: number,
  ): Promise<{ id: string; sourceIdentifier: string; discoveredAt: Date }[]>;
}
