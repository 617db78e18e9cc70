/** One finding of a reachability check (`surveyor profile ping`). */
export interface PingCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  readonly data?: Readonly<Record<string, unknown>>;
}
