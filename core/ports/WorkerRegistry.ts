export interface WorkerRecord {
  readonly id: string;
  readonly hostname: string;
  readonly pid: number;
  readonly roles: readonly string[];
  readonly startedAt: Date;
  readonly heartbeatAt: Date;
  /** When someone asked it to drain, and who (null: not asked). */
  readonly drainRequestedAt?: Date | null;
  readonly drainRequestedBy?: string | null;
}

export interface WorkerRegistry {
  register(worker: WorkerRecord): Promise<void>;
  /**
   * Records a heartbeat; answers whether the worker has been asked to drain, and whether the
   * database knows it at all (a copy restored from before it started does not: it registers again).
   */
  heartbeat(workerId: string, now: Date): Promise<{ readonly drain: boolean; readonly known: boolean }>;
  /** Asks a worker to drain (it reads it at its next heartbeat); the worker, or null when unknown. */
  requestDrain(workerId: string, now: Date, by: string): Promise<WorkerRecord | null>;
  deregister(workerId: string): Promise<void>;
  /** Workers whose last heartbeat is no older than `staleAfterSeconds`. */
  live(now: Date, staleAfterSeconds: number): Promise<readonly WorkerRecord[]>;
  /** Workers whose last heartbeat is older than `staleAfterSeconds`, but not by more than `withinSeconds` more. */
  lost(now: Date, staleAfterSeconds: number, withinSeconds: number): Promise<readonly WorkerRecord[]>;
}
