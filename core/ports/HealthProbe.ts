/** One part of readiness: the database, the queue, the workers, an external dependency. */
export interface ProbeResult {
  readonly ok: boolean;
  readonly detail: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface HealthProbe {
  readonly name: string;
  check(now: Date): Promise<ProbeResult>;
}
