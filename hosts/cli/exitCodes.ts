/** Exit codes of every surveyor command (documented in hosts/cli/README.md). */
export const exitCodes = {
  ok: 0,
  failure: 1,
  usage: 2,
  schema: 3,
  security: 4,
} as const;
