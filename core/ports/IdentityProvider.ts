import type { Identity } from '../domain/identity.js';

/** What the provider answered for a sign-in or a refresh: who, and the grant to refresh it by. */
export interface ProviderGrant {
  readonly identity: Identity;
  /** Absent when the provider gave none (no `offline_access`): the login cannot be refreshed. */
  readonly refreshToken: string | null;
}

/**
 * Why the provider's answer was not accepted. `refused`: the provider said no (a denied consent,
 * a spent code, a refresh token it ended) or its token failed a check (issuer, audience,
 * algorithm, signature, nonce, expiry): the person signs in again. `unreachable`: no answer in
 * time; nothing is concluded from it.
 */
export type ProviderFailure =
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'unreachable'; readonly reason: string };

export type ProviderAnswer<T> =
  | { readonly ok: true; readonly value: T }
  | ({ readonly ok: false } & ProviderFailure);

/** A device authorization the provider started (RFC 8628): what the person is shown. */
export interface DeviceStart {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly verificationUriComplete: string | null;
  readonly expiresInSeconds: number;
  readonly intervalSeconds: number;
}

export type DevicePoll = ProviderGrant | 'pending' | 'slow_down';

/**
 * An OpenID Connect provider the service signs people in with (adapters/auth/oidcProvider.ts).
 * Every check of its tokens (issuer, audience, algorithm, signature against its keys, nonce, expiry
 * with the allowed clock skew) happens behind this port: what it returns was checked.
 */
export interface IdentityProvider {
  readonly issuer: string;
  /** What people call it ("Sign in with …"). */
  readonly label: string;
  /**
   * The role of its own an account made at a first sign-in gets: `viewer` (it reads every project,
   * and its groups' roles add to that) or `none` (it reads only the projects its groups give).
   */
  readonly newAccountRole: 'none' | 'viewer';
  /** Where the browser goes to sign in: the code flow with this state, nonce and PKCE verifier. */
  authorizationUrl(p: {
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<ProviderAnswer<string>>;
  /** Redeems the callback (its query, as received) for the identity it names. */
  redeemCode(p: {
    callbackQuery: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<ProviderAnswer<ProviderGrant>>;
  startDevice(): Promise<ProviderAnswer<DeviceStart>>;
  pollDevice(deviceCode: string): Promise<ProviderAnswer<DevicePoll>>;
  /** The identity as it is now (its groups too), or why not: the refresh a login's refresh waits on. */
  refresh(refreshToken: string): Promise<ProviderAnswer<ProviderGrant>>;
}
