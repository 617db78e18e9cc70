/** Counts over the executions, for metrics, the overview and alerting's summaries. */
export interface ExecutionFigures {
  countsByState(): Promise<readonly { projectModule: string; state: string; count: number }[]>;
  /** Batch jobs submitted and not seen starting, per project: how many, and the longest wait so far. */
  remoteQueueWaits(
    now: Date,
  ): Promise<readonly { projectModule: string; waiting: number; longestSeconds: number }[]>;
  /** Executions that ended since `since` (by state) and the latest failures, for a summary. */
  endedSince(
    since: Date,
    projectModule: string | null,
    failedLimit: number,
  ): Promise<{
    readonly byState: Readonly<Record<string, number>>;
    readonly failed: readonly {
      readonly id: string;
      readonly projectModule: string;
      readonly error: string | null;
    }[];
  }>;
  /** Executions that ended at or after `since`, by the UTC hour they ended in and their state. */
  endedByHour(since: Date): Promise<readonly { hour: Date; state: string; count: number }[]>;
  /**
   * Per profile of `profileIds`, the executions that would wait on its pause (domain/profilePause.ts
   * `waitsOnPause`); a profile with none is absent.
   */
  waitingOn(profileIds: readonly string[]): Promise<ReadonlyMap<string, number>>;
  /** Executions asked to run and pending since before `before`: how many, and the oldest `limit`. */
  pendingSince(
    before: Date,
    projectModule: string | null,
    limit: number,
  ): Promise<{
    readonly count: number;
    readonly sample: readonly { readonly id: string; readonly projectModule: string; readonly since: Date }[];
  }>;
}
