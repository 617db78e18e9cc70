import {
  DevicePollAnswer,
  DevicePollRequest,
  DeviceSignInStarted,
  IdentityProviderView,
  OidcCallbackQuery,
  OidcStartQuery,
  RedirectAnswer,
} from '../api/identity.js';
import type { RouteSpec } from '../routeSpec.js';

/** Where the provider sends the browser back: the redirect URI registered at the provider. */
export const oidcCallbackPath = '/auth/oidc/callback';

/** Signing in through an OpenID Connect provider (docs/identity.md). */
export const identityRoutes: readonly RouteSpec[] = [
  {
    id: 'identityProvider',
    method: 'GET',
    path: '/auth/oidc',
    summary: 'Whether people sign in through an identity provider here, and what the sign-in button names',
    tag: 'auth',
    auth: 'public',
    success: { status: 200, description: 'The provider, or enabled: false', codec: IdentityProviderView },
    errors: [],
  },
  {
    id: 'oidcStart',
    method: 'GET',
    path: '/auth/oidc/start',
    summary:
      "Start signing in through the identity provider in a browser: 302 to the provider's authorization endpoint (code flow with PKCE), with a cookie binding the sign-in to this browser. `return_to`: a console route (#/…) to come back to",
    tag: 'auth',
    auth: 'public',
    query: OidcStartQuery,
    success: { status: 302, description: 'To the provider (Location)', codec: RedirectAnswer },
    errors: ['unavailable', 'rate_limited'],
  },
  {
    id: 'oidcCallback',
    method: 'GET',
    path: oidcCallbackPath,
    summary:
      "The provider's redirect back: the state is spent once, the code redeemed with the PKCE verifier and the ID token checked (issuer, audience, algorithm, signature, nonce, expiry). 302 to the console, signed in (its refresh cookie set) or with `signin_error` naming why not",
    tag: 'auth',
    auth: 'public',
    query: OidcCallbackQuery,
    success: { status: 302, description: 'To the console (Location)', codec: RedirectAnswer },
    errors: [],
    unredacted: 'credentials',
  },
  {
    id: 'oidcDeviceStart',
    method: 'POST',
    path: '/auth/oidc/device',
    summary:
      'Start signing in a program without a browser (the device authorization grant): the code to enter at the verification URI, and the handle to poll with',
    tag: 'auth',
    auth: 'public',
    success: { status: 200, description: 'What to show the person', codec: DeviceSignInStarted },
    errors: ['not_found', 'unavailable', 'rate_limited'],
  },
  {
    id: 'oidcDevicePoll',
    method: 'POST',
    path: '/auth/oidc/device/token',
    summary:
      'Poll a device sign-in (no sooner than its interval): still pending, or the login (an access and a refresh token, given once)',
    tag: 'auth',
    auth: 'public',
    body: { codec: DevicePollRequest, contentType: 'application/json' },
    success: { status: 200, description: 'Pending, or signed in', codec: DevicePollAnswer },
    errors: ['unauthorized', 'forbidden', 'not_found', 'unavailable'],
    unredacted: 'credentials',
  },
];
