export interface WorkerRecord {
  readonly id: string;
  readonly hostname: string;
  readonly pid: number;
  readonly roles: readonly string[];
  readonly startedAt: Date;
  readonly heartbeatAt: Date;
}

export interface WorkerRegistry {
  register(worker: WorkerRecord): Promise<void>;
  heartbeat(workerId: string, now: Date): Promise<void>;
  deregister(workerId: string): Promise<void>;
  /** Workers whose last heartbeat is no older than `staleAfterSeconds`. */
  live(now: Date, staleAfterSeconds: number): Promise<readonly WorkerRecord[]>;
  /** Workers whose last heartbeat is older than `staleAfterSeconds`, but not by more than `withinSeconds` more. */
  lost(now: Date, staleAfterSeconds: number, withinSeconds: number): Promise<readonly WorkerRecord[]>;
}
