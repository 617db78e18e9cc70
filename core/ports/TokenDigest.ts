/** Refresh tokens are stored only as digests; the raw token is shown once to its holder. */
export interface TokenDigest {
  digest(token: string): string;
}
