import { fromEnv, int, oneOf, optionalHttpUrl, optionalString, spec } from './envCodecs.js';

/** Signing algorithms an ID token may be checked with: asymmetric only (never `none`, never HMAC). */
export const oidcSigningAlgs = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

/** Signing in through an OpenID Connect provider (docs/identity.md). */
export const identityVariables = {
  SERVICE_OIDC_ISSUER: spec(
    optionalHttpUrl,
    '(unset: local accounts only)',
    'Issuer of the OpenID Connect provider people sign in with (Keycloak, CILogon, the AAF, SKA IAM): its discovery document is read from `<issuer>/.well-known/openid-configuration`. HTTPS, unless the host is loopback; the host must be one SERVICE_OUTBOUND_HOSTS allows. Its redirect URI is SERVICE_PUBLIC_URL + `/api/v2/auth/oidc/callback`.',
  ),
  SERVICE_OIDC_CLIENT_ID: spec(
    optionalString,
    '(unset; required with the issuer)',
    "This service's client id at the provider.",
  ),
  SERVICE_OIDC_CLIENT_SECRET_FILE: spec(
    optionalString,
    '(unset: a public client, PKCE only)',
    "Path of a file holding the client's secret (sent to the token endpoint with HTTP Basic; never logged or stored).",
  ),
  SERVICE_OIDC_SCOPES: spec(
    fromEnv<string>(
      'string',
      (s) =>
        /^[\x21-\x7e]+( [\x21-\x7e]+)*$/.test(s) && s.split(' ').includes('openid')
          ? s
          : '!must be scopes separated by single spaces, openid among them',
      'openid profile email offline_access',
    ),
    'openid profile email offline_access',
    'Scopes asked for, space-separated; `openid` is required, and `offline_access` gives the refresh token each refresh of a login asks the provider with.',
  ),
  SERVICE_OIDC_GROUPS_CLAIM: spec(
    fromEnv<string>(
      'string',
      (s) => (/^[A-Za-z0-9_:./-]{1,100}$/.test(s) ? s : '!must be a claim name (letters, digits, _ : . / -)'),
      'groups',
    ),
    'groups',
    "The claim (in the ID token, else from the userinfo endpoint) listing the person's groups, which `surveyor identity map` gives roles per project.",
  ),
  SERVICE_OIDC_SIGNING_ALG: spec(
    oneOf(oidcSigningAlgs, 'RS256'),
    'RS256',
    `The one algorithm ID tokens must be signed with: ${oidcSigningAlgs.join(', ')}.`,
  ),
  SERVICE_OIDC_CLOCK_SKEW_SECONDS: spec(
    int(30, 0, 300),
    '30',
    "How far the provider's clock may be from ours when a token's times (issued, expires) are checked.",
  ),
  SERVICE_OIDC_TIMEOUT_SECONDS: spec(
    int(10, 1, 60),
    '10',
    'How long one exchange with the provider may take.',
  ),
  SERVICE_OIDC_ACCOUNT_ROLE: spec(
    oneOf(['viewer', 'none'] as const, 'viewer'),
    'viewer',
    "The role of its own an account made at a first sign-in gets: `viewer` reads every project (its groups' roles add to that); `none` reads only the projects its groups give a role in (the web console's pages across every project, such as the overview, then answer 403: name a project).",
  ),
  SERVICE_OIDC_LABEL: spec(
    fromEnv<string>(
      'string',
      (s) =>
        /^[^\p{Cc}<>]{1,60}$/u.test(s) ? s : '!must be 1 to 60 characters, without < > or control characters',
      'your institution',
    ),
    'your institution',
    'What the console\'s sign-in button names: "Sign in with …".',
  ),
};
