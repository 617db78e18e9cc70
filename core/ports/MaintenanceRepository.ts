export interface PruneResult {
  readonly authSessions: number;
  readonly loginFailures: number;
  readonly finishedJobs: number;
  readonly workers: number;
}

export interface MaintenanceRepository {
  /** Deletes what no one needs any more: ended logins, old login counters, finished jobs, gone workers. */
  prune(
    now: Date,
    keep: { readonly finishedJobsDays: number; readonly workerSilenceSeconds: number },
  ): Promise<PruneResult>;
}
