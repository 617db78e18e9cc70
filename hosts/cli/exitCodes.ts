/** Exit codes of every surveyor command (documented in hosts/cli/README.md). */
export const exitCodes = {
  ok: 0,
  failure: 1,
  usage: 2,
  schema: 3,
  security: 4,
  /** `exec watch`: the execution ended failed. */
  executionFailed: 10,
  /** `exec watch`: the execution ended cancelled. */
  executionCancelled: 11,
  /** `exec watch`: it had not ended when --max-minutes ran out. */
  watchTimedOut: 12,
} as const;
