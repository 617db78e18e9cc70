import * as E from 'fp-ts/lib/Either.js';
import { appError } from '../../errors.js';
import { addSeconds } from '../../domain/authPolicy.js';
import type { ProviderFailure } from '../../ports/IdentityProvider.js';
import { type IdentityFailure, identityFailure, type SignedIn, signInWith } from './identityAccount.js';
import { browserAttemptSeconds, type IdentityDeps, maxOpenAttempts } from './identityDeps.js';

/** Where the console may send a person back to: one of its own hash routes, nothing else. */
const returnToPattern = /^#\/[A-Za-z0-9/_.?=&%:-]{0,300}$/;

export const notConfigured = identityFailure(
  'not_configured',
  'this service signs in with no identity provider; use a username and password',
  'not_found',
);

const fromProvider = (f: ProviderFailure): IdentityFailure =>
  f.kind === 'unreachable'
    ? identityFailure(
        'provider_unreachable',
        `the identity provider did not answer (${f.reason}); try again`,
        'unavailable',
      )
    : identityFailure('provider_refused', `the identity provider's answer was not accepted: ${f.reason}`);

const tooMany = async (deps: IdentityDeps): Promise<IdentityFailure | null> =>
  (await deps.identities.countOpenAttempts(deps.clock.now())) >= maxOpenAttempts
    ? {
        error: appError('rate_limited', 'too many sign-ins are under way; try again in a minute', {
          retry_after_seconds: 60,
        }),
        cause: 'too_many_attempts',
      }
    : null;

export interface BrowserStart {
  /** The provider's authorization endpoint with this attempt's state, nonce and PKCE challenge. */
  readonly url: string;
  /** For the browser's cookie: the callback is only accepted from the browser that started. */
  readonly binding: string;
}

/** Starts the code flow with PKCE for a browser. */
export const startBrowserSignIn = async (
  deps: IdentityDeps,
  input: { readonly returnTo?: string },
): Promise<E.Either<IdentityFailure, BrowserStart>> => {
  if (deps.provider === null) return E.left(notConfigured);
  const busy = await tooMany(deps);
  if (busy) return E.left(busy);
  const state = deps.random.token(32);
  const nonce = deps.random.token(32);
  const codeVerifier = deps.random.token(48);
  const binding = deps.random.token(32);
  const url = await deps.provider.authorizationUrl({ state, nonce, codeVerifier });
  if (!url.ok) return E.left(fromProvider(url));
  const now = deps.clock.now();
  await deps.identities.saveAttempt({
    kind: 'browser',
    keyHash: deps.digest.digest(state),
    bindingHash: deps.digest.digest(binding),
    nonce,
    codeVerifier,
    sealedDeviceCode: null,
    returnTo: input.returnTo !== undefined && returnToPattern.test(input.returnTo) ? input.returnTo : null,
    intervalSeconds: 0,
    createdAt: now,
    expiresAt: addSeconds(now, browserAttemptSeconds),
  });
  return E.right({ url: url.value, binding });
};

/**
 * The browser back from the provider: the state is spent once (a replayed one is refused), it must
 * come with the cookie of the browser that started, and the code is redeemed with the verifier.
 */
export const finishBrowserSignIn = async (
  deps: IdentityDeps,
  input: { readonly state: string; readonly binding: string | undefined; readonly callbackQuery: string },
): Promise<E.Either<IdentityFailure, SignedIn & { readonly returnTo: string | null }>> => {
  if (deps.provider === null) return E.left(notConfigured);
  const attempt = await deps.identities.spendAttempt(deps.digest.digest(input.state), deps.clock.now());
  if (attempt === 'spent')
    return E.left(identityFailure('state_replayed', 'this sign-in was finished already; sign in again'));
  if (attempt === null || attempt.kind !== 'browser')
    return E.left(
      identityFailure('unknown_state', 'this sign-in is unknown or took too long; sign in again'),
    );
  if (input.binding === undefined || deps.digest.digest(input.binding) !== attempt.bindingHash)
    return E.left(
      identityFailure(
        'wrong_browser',
        'this sign-in was started in another browser; sign in again from this one',
      ),
    );
  const grant = await deps.provider.redeemCode({
    callbackQuery: input.callbackQuery,
    state: input.state,
    nonce: attempt.nonce ?? '',
    codeVerifier: attempt.codeVerifier ?? '',
  });
  if (!grant.ok) return E.left(fromProvider(grant));
  const r = await signInWith(deps, grant.value);
  return E.isLeft(r) ? r : E.right({ ...r.right, returnTo: attempt.returnTo });
};

/** What the CLI shows the person, and the handle it polls with. */
export interface DeviceSignInView {
  readonly handle: string;
  readonly user_code: string;
  readonly verification_uri: string;
  readonly verification_uri_complete: string | null;
  readonly expires_in: number;
  readonly interval: number;
}

/** Starts the device authorization grant (RFC 8628) for a program without a browser of its own. */
export const startDeviceSignIn = async (
  deps: IdentityDeps,
): Promise<E.Either<IdentityFailure, DeviceSignInView>> => {
  if (deps.provider === null) return E.left(notConfigured);
  const busy = await tooMany(deps);
  if (busy) return E.left(busy);
  const started = await deps.provider.startDevice();
  if (!started.ok) return E.left(fromProvider(started));
  const d = started.value;
  const handle = deps.random.token(32);
  const now = deps.clock.now();
  await deps.identities.saveAttempt({
    kind: 'device',
    keyHash: deps.digest.digest(handle),
    bindingHash: null,
    nonce: null,
    codeVerifier: null,
    sealedDeviceCode: deps.box.seal({ device_code: d.deviceCode }),
    returnTo: null,
    intervalSeconds: d.intervalSeconds,
    createdAt: now,
    expiresAt: addSeconds(now, d.expiresInSeconds),
  });
  return E.right({
    handle,
    user_code: d.userCode,
    verification_uri: d.verificationUri,
    verification_uri_complete: d.verificationUriComplete,
    expires_in: d.expiresInSeconds,
    interval: d.intervalSeconds,
  });
};

export type DevicePollView =
  | { readonly status: 'pending' | 'slow_down'; readonly interval: number }
  | ({ readonly status: 'signed_in' } & SignedIn['tokens']);

/** One poll of a device sign-in: still waiting, or the login (given once). */
export const pollDeviceSignIn = async (
  deps: IdentityDeps,
  handle: string,
): Promise<E.Either<IdentityFailure, DevicePollView>> => {
  if (deps.provider === null) return E.left(notConfigured);
  const key = deps.digest.digest(handle);
  const attempt = await deps.identities.findOpenAttempt(key, deps.clock.now());
  if (attempt === null || attempt.kind !== 'device' || attempt.sealedDeviceCode === null)
    return E.left(
      identityFailure('unknown_handle', 'this sign-in is unknown, finished or expired; start again'),
    );
  const deviceCode = deps.box.open<{ device_code?: string }>(attempt.sealedDeviceCode).device_code ?? '';
  const polled = await deps.provider.pollDevice(deviceCode);
  if (!polled.ok) return E.left(fromProvider(polled));
  if (polled.value === 'pending' || polled.value === 'slow_down')
    return E.right({
      status: polled.value,
      interval: attempt.intervalSeconds + (polled.value === 'slow_down' ? 5 : 0),
    });
  // The login is given once: a second poll that raced this one finds the attempt spent.
  const spent = await deps.identities.spendAttempt(key, deps.clock.now());
  if (spent === null || spent === 'spent')
    return E.left(identityFailure('state_replayed', 'this sign-in was finished already; start again'));
  const r = await signInWith(deps, polled.value);
  return E.isLeft(r) ? r : E.right({ status: 'signed_in', ...r.right.tokens });
};
