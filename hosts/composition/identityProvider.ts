import { readFileSync } from 'node:fs';
import { OidcIdentityProvider } from '../../adapters/auth/oidcProvider.js';
import { apiPrefix } from '../../schema/routes.js';
import { oidcCallbackPath } from '../../schema/routes/identity.js';
import type { Config } from '../../schema/environment.js';
import { ConfigError } from './loadConfig.js';

/** The OpenID Connect provider SERVICE_OIDC_ISSUER names, as a port; none when it is unset. */
export const identityProviderOf = (config: Config): { identityProvider?: OidcIdentityProvider } => {
  if (config.SERVICE_OIDC_ISSUER === undefined || config.SERVICE_OIDC_CLIENT_ID === undefined) return {};
  let clientSecret: string | null = null;
  if (config.SERVICE_OIDC_CLIENT_SECRET_FILE !== undefined) {
    try {
      clientSecret = readFileSync(config.SERVICE_OIDC_CLIENT_SECRET_FILE, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new ConfigError([
        {
          variable: 'SERVICE_OIDC_CLIENT_SECRET_FILE',
          message: `cannot be read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
        },
      ]);
    }
  }
  return {
    identityProvider: new OidcIdentityProvider({
      issuer: config.SERVICE_OIDC_ISSUER,
      clientId: config.SERVICE_OIDC_CLIENT_ID,
      clientSecret,
      redirectUri: config.SERVICE_PUBLIC_URL.replace(/\/+$/, '') + apiPrefix + oidcCallbackPath,
      scopes: config.SERVICE_OIDC_SCOPES,
      groupsClaim: config.SERVICE_OIDC_GROUPS_CLAIM,
      signingAlg: config.SERVICE_OIDC_SIGNING_ALG,
      clockSkewSeconds: config.SERVICE_OIDC_CLOCK_SKEW_SECONDS,
      timeoutMs: config.SERVICE_OIDC_TIMEOUT_SECONDS * 1000,
      label: config.SERVICE_OIDC_LABEL,
      newAccountRole: config.SERVICE_OIDC_ACCOUNT_ROLE,
    }),
  };
};
