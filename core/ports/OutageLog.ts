/** A stretch of time in which this process could not reach the database. */
export interface Outage {
  readonly dependency: 'database';
  readonly from: Date;
  readonly to: Date;
  /** The first error seen. */
  readonly detail: string;
}

/**
 * What this process saw of the database's outages. While the database is down nothing can be
 * recorded in it, so each process keeps them in memory (fed by its worker heartbeats) and the
 * leader's alert tick reports them once the database answers again.
 */
export interface OutageLog {
  /** A request to the database failed at `now`: down since now, unless already down. */
  failed(now: Date, detail: string): void;
  /** The database answered at `now`: an outage that was open has ended. */
  answered(now: Date): void;
  /** Outages that ended since the last call, oldest first (each is handed out once). */
  takeEnded(): readonly Outage[];
}
