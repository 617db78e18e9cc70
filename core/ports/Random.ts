/** Ids and secrets come through this port so the core stays deterministic under test. */
export interface Random {
  uuid(): string;
  /** A URL-safe random token carrying `bytes` bytes of entropy. */
  token(bytes: number): string;
  /** A number in [0, 1), for jitter. */
  fraction(): number;
}
