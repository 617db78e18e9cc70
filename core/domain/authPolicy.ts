export interface AuthPolicy {
  readonly accessTokenTtlSeconds: number;
  /** Lifetime of a login: refresh tokens rotate within it, and it ends at this age at the latest. */
  readonly refreshTokenTtlSeconds: number;
  readonly loginWindowSeconds: number;
  readonly maxFailuresPerUsername: number;
  readonly maxFailuresPerAddress: number;
  /** The longest an API token may live, in days; 0: API tokens are off (none made, none taken). */
  readonly apiTokenMaxDays: number;
}

export interface IssuedTokens {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly refresh_expires_in: number;
}

/** Bytes of entropy in a refresh token. */
export const refreshTokenBytes = 32;

export const addSeconds = (d: Date, s: number): Date => new Date(d.getTime() + s * 1000);
