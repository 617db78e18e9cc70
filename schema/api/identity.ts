import * as t from 'io-ts';
import { boundedString, strictObject } from '../codecs.js';
import { component } from '../jsonSchema.js';

/** Whether people may sign in through an identity provider here, and what the button says. */
export const IdentityProviderView = component(
  'IdentityProvider',
  t.type({
    enabled: t.boolean,
    label: t.union([t.string, t.null]),
    issuer: t.union([t.string, t.null]),
  }),
);

export const OidcStartQuery = t.partial({
  return_to: boundedString(1, 310),
});

/** What the provider sends back to the callback (RFC 6749 4.1.2, RFC 9207's `iss`), kept as received. */
export const OidcCallbackQuery = t.partial({
  code: boundedString(1, 2048),
  state: boundedString(1, 512),
  iss: boundedString(1, 500),
  error: boundedString(1, 200),
  error_description: boundedString(1, 1000),
  session_state: boundedString(1, 512),
  scope: boundedString(1, 1000),
});

export const RedirectAnswer = component('Redirect', t.type({ location: t.string }));

export const DeviceSignInStarted = component(
  'DeviceSignInStarted',
  t.type({
    handle: t.string,
    user_code: t.string,
    verification_uri: t.string,
    verification_uri_complete: t.union([t.string, t.null]),
    expires_in: t.number,
    interval: t.number,
  }),
);

export const DevicePollRequest = component(
  'DevicePollRequest',
  strictObject('DevicePollRequest', { handle: boundedString(16, 128) }),
);

export const DevicePollAnswer = component(
  'DevicePollAnswer',
  t.union([
    t.type({ status: t.keyof({ pending: null, slow_down: null }), interval: t.number }),
    t.type({
      status: t.literal('signed_in'),
      access_token: t.string,
      token_type: t.literal('Bearer'),
      expires_in: t.number,
      refresh_token: t.string,
      refresh_expires_in: t.number,
    }),
  ]),
);
