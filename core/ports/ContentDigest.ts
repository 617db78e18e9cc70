/**
 * A content digest (sha256, hex): of refresh tokens (stored only as digests; the raw token is shown
 * once to its holder), configurations, graphs, source signatures, request bodies and artifacts.
 */
export interface ContentDigest {
  digest(content: string): string;
}
