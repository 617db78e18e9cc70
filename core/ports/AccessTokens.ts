import type { Role } from '../domain/roles.js';

/** The claims of an access token (documented in hosts/api/README.md). */
export interface AccessClaims {
  readonly sub: string;
  readonly username: string;
  readonly role: Role;
  readonly sid: string;
}

export interface VerifiedAccessToken extends AccessClaims {
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

export type AccessTokenFailure = 'malformed' | 'bad_signature' | 'expired' | 'wrong_type';

export interface AccessTokens {
  sign(claims: AccessClaims, now: Date, ttlSeconds: number): string;
  verify(token: string, now: Date): VerifiedAccessToken | AccessTokenFailure;
}
