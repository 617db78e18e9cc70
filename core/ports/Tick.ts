/** A recurring piece of scheduler work; it runs only in the leader process. */
export interface Tick {
  readonly name: string;
  readonly everySeconds: number;
  run(now: Date): Promise<Readonly<Record<string, number>>>;
}
