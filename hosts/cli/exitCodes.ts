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
  /** `exec watch`: stopped by Ctrl-C (the execution goes on). */
  watchInterrupted: 13,
  /** A client command stopped by Ctrl-C (128 + SIGINT, as shells report it). */
  interrupted: 130,
} as const;
