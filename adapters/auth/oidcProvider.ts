import fetch from 'cross-fetch';
import { createRemoteJWKSet, customFetch as joseFetch, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { Identity } from '../../core/domain/identity.js';
import type {
  DevicePoll,
  DeviceStart,
  IdentityProvider,
  ProviderAnswer,
  ProviderGrant,
} from '../../core/ports/IdentityProvider.js';
import { agentFor, checkOutbound, isOutboundRefusal, outbound } from '../shared/outbound.js';
import { peerText } from '../shared/peerText.js';

export interface OidcSettings {
  readonly issuer: string;
  readonly clientId: string;
  /** Null: a public client (PKCE only, no secret at the token endpoint). */
  readonly clientSecret: string | null;
  readonly redirectUri: string;
  readonly scopes: string;
  readonly groupsClaim: string;
  readonly signingAlg: string;
  readonly clockSkewSeconds: number;
  /** Every exchange with the provider, from the request to the whole answer. */
  readonly timeoutMs: number;
  readonly label: string;
  readonly newAccountRole: 'none' | 'viewer';
}

/** The largest answer read from the provider (a discovery document, keys, tokens). */
const maxAnswerBytes = 1024 * 1024;

/**
 * openid-client's requests through the outbound policy (checked before, and again on the
 * addresses a name resolves to), with a size limit; the answer is handed back as a Fetch API
 * Response, which is what the library reads.
 */
const policedFetch = async (
  url: string,
  options: { method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal | null },
): Promise<Response> => {
  const { policy, agents } = outbound();
  checkOutbound(policy, url);
  const res = await fetch(url, {
    method: options.method,
    headers: options.headers as Record<string, string>,
    body: options.body as string | undefined,
    signal: options.signal as AbortSignal,
    redirect: 'manual',
    ...({ agent: agentFor(agents), size: maxAnswerBytes } as object),
  });
  const body = await res.arrayBuffer();
  const headers = new Headers();
  res.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  return new Response(res.status === 204 || res.status === 304 ? null : body, {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
};

const isLoopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

const refused = (reason: string) => ({ ok: false as const, kind: 'refused' as const, reason });
const unreachable = (reason: string) => ({ ok: false as const, kind: 'unreachable' as const, reason });

/** Whether the provider said no (or its answer failed a check), or only could not be heard. */
const failureOf = (err: unknown) => {
  const e = err as Error & { error?: string; status?: number; code?: string; cause?: unknown };
  if (isOutboundRefusal(err)) return unreachable(peerText(e.message, 200));
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return unreachable('no answer in time');
  if (e instanceof oidc.ResponseBodyError)
    return e.status >= 500 ? unreachable(`HTTP ${e.status}`) : refused(e.error);
  if (e instanceof oidc.AuthorizationResponseError) return refused(e.error);
  if (typeof e.status === 'number' && e.status >= 500) return unreachable(`HTTP ${e.status}`);
  const cause = e.cause as { name?: string; code?: string } | undefined;
  if (
    e instanceof TypeError ||
    e.name === 'FetchError' ||
    cause?.name === 'AbortError' ||
    cause?.name === 'FetchError'
  )
    return unreachable(peerText(e.message, 200));
  return refused(peerText(e.message, 300));
};

const stringClaim = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * An OpenID Connect provider through openid-client: discovery (read at first use, again after a
 * failure), the code flow with PKCE, the device grant and refresh. Every ID token is checked:
 * issuer, audience, `azp`, expiry and issue time with the clock skew allowed, nonce, and its
 * signature against the provider's published keys with the one algorithm configured (so `none`
 * and an HMAC made with the public key are refused). The signature is checked here, with jose, on
 * the provider's published keys: fetched again as soon as a token names a key not among them (at
 * most every five seconds), so a key the provider starts signing with unannounced is picked up at
 * once, and every ten minutes.
 */
export class OidcIdentityProvider implements IdentityProvider {
  readonly issuer: string;
  readonly label: string;
  readonly newAccountRole: 'none' | 'viewer';
  private config: Promise<oidc.Configuration> | null = null;
  private keys: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(private readonly s: OidcSettings) {
    this.issuer = s.issuer;
    this.label = s.label;
    this.newAccountRole = s.newAccountRole;
  }

  private configuration(): Promise<oidc.Configuration> {
    this.config ??= (async () => {
      const insecure = new URL(this.s.issuer).protocol === 'http:' && isLoopback(new URL(this.s.issuer));
      const config = await oidc.discovery(
        new URL(this.s.issuer),
        this.s.clientId,
        {
          id_token_signed_response_alg: this.s.signingAlg,
          [oidc.clockTolerance]: this.s.clockSkewSeconds,
        },
        this.s.clientSecret === null ? oidc.None() : oidc.ClientSecretBasic(this.s.clientSecret),
        {
          [oidc.customFetch]: policedFetch,
          timeout: Math.ceil(this.s.timeoutMs / 1000),
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      config[oidc.customFetch] = policedFetch;
      config.timeout = Math.ceil(this.s.timeoutMs / 1000);
      const jwksUri = config.serverMetadata().jwks_uri;
      if (jwksUri === undefined) throw new Error('the discovery document names no jwks_uri');
      this.keys = createRemoteJWKSet(new URL(jwksUri), {
        cooldownDuration: 5_000,
        cacheMaxAge: 600_000,
        timeoutDuration: this.s.timeoutMs,
        [joseFetch]: policedFetch,
      });
      return config;
    })();
    this.config.catch(() => {
      this.config = null;
    });
    return this.config;
  }

  private async attempt<T>(f: (c: oidc.Configuration) => Promise<T>): Promise<ProviderAnswer<T>> {
    try {
      return { ok: true, value: await f(await this.configuration()) };
    } catch (err) {
      return failureOf(err);
    }
  }

  /** Who the tokens name, the groups from the ID token or else from the userinfo endpoint. */
  private async grantOf(
    c: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<ProviderGrant> {
    const claims = tokens.claims();
    if (claims === undefined || tokens.id_token === undefined)
      throw new Error('the provider sent no ID token');
    // openid-client checked the claims (issuer, audience, azp, times, nonce) and the algorithm;
    // the signature is checked here against the provider's keys, with the same expectations.
    await jwtVerify(tokens.id_token, this.keys!, {
      algorithms: [this.s.signingAlg],
      issuer: this.s.issuer,
      audience: this.s.clientId,
      clockTolerance: this.s.clockSkewSeconds,
    });
    let groups: unknown = claims[this.s.groupsClaim];
    if (groups === undefined)
      groups = (await oidc.fetchUserInfo(c, tokens.access_token, claims.sub))[this.s.groupsClaim];
    const identity: Identity = {
      issuer: claims.iss,
      subject: claims.sub,
      preferredUsername: stringClaim(claims['preferred_username']),
      email: claims['email_verified'] === false ? null : stringClaim(claims['email']),
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    };
    return { identity, refreshToken: tokens.refresh_token ?? null };
  }

  authorizationUrl(p: { state: string; nonce: string; codeVerifier: string }) {
    return this.attempt(async (c) =>
      oidc
        .buildAuthorizationUrl(c, {
          redirect_uri: this.s.redirectUri,
          scope: this.s.scopes,
          state: p.state,
          nonce: p.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
          code_challenge_method: 'S256',
          // Providers give a refresh token for offline_access only with consent asked.
          ...(this.s.scopes.split(' ').includes('offline_access') ? { prompt: 'consent' } : {}),
        })
        .toString(),
    );
  }

  redeemCode(p: { callbackQuery: string; state: string; nonce: string; codeVerifier: string }) {
    return this.attempt(async (c) => {
      const current = new URL(this.s.redirectUri);
      current.search = p.callbackQuery;
      const tokens = await oidc.authorizationCodeGrant(c, current, {
        pkceCodeVerifier: p.codeVerifier,
        expectedState: p.state,
        expectedNonce: p.nonce,
        idTokenExpected: true,
      });
      return this.grantOf(c, tokens);
    });
  }

  startDevice(): Promise<ProviderAnswer<DeviceStart>> {
    return this.attempt(async (c) => {
      const d = await oidc.initiateDeviceAuthorization(c, { scope: this.s.scopes });
      return {
        deviceCode: d.device_code,
        userCode: d.user_code,
        verificationUri: d.verification_uri,
        verificationUriComplete: d.verification_uri_complete ?? null,
        expiresInSeconds: d.expires_in,
        intervalSeconds: d.interval ?? 5,
      };
    });
  }

  async pollDevice(deviceCode: string): Promise<ProviderAnswer<DevicePoll>> {
    try {
      const c = await this.configuration();
      const tokens = await oidc.genericGrantRequest(c, 'urn:ietf:params:oauth:grant-type:device_code', {
        device_code: deviceCode,
      });
      return { ok: true, value: await this.grantOf(c, tokens) };
    } catch (err) {
      if (
        err instanceof oidc.ResponseBodyError &&
        (err.error === 'authorization_pending' || err.error === 'slow_down')
      )
        return { ok: true, value: err.error === 'slow_down' ? 'slow_down' : 'pending' };
      return failureOf(err);
    }
  }

  refresh(refreshToken: string) {
    return this.attempt(async (c) => this.grantOf(c, await oidc.refreshTokenGrant(c, refreshToken)));
  }
}
