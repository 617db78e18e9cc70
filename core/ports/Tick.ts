/** What a tick did: counts for the log and metrics, and what a person should hear about. */
export interface TickReport {
  readonly counts: Readonly<Record<string, number>>;
  /** Each logged once, at warn, by the host that runs the tick. */
  readonly warnings: readonly string[];
}

/** A recurring piece of scheduler work; it runs only in the leader process. */
export interface Tick {
  readonly name: string;
  readonly everySeconds: number;
  run(now: Date): Promise<TickReport>;
}
