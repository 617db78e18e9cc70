import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { IdentityProvider } from '../../ports/IdentityProvider.js';
import type { IdentityRepository } from '../../ports/IdentityRepository.js';
import type { PasswordHasher } from '../../ports/PasswordHasher.js';
import type { SecretBox } from '../../ports/SecretBox.js';
import type { UserRepository } from '../../ports/UserRepository.js';
import type { TokenIssuerDeps } from './issueTokens.js';

/** Signing in through an OpenID Connect provider: present when the service is configured for one. */
export interface IdentityDeps extends TokenIssuerDeps {
  readonly users: UserRepository;
  readonly sessions: AuthSessionRepository;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly identities: IdentityRepository;
  /** Null when no provider is configured: sign-in routes say so, and logins from one end at refresh. */
  readonly provider: IdentityProvider | null;
  readonly box: SecretBox;
}

/** How long a browser has between leaving for the provider and coming back. */
export const browserAttemptSeconds = 600;
/** Sign-ins under way at once, at most: they are made by a public route. */
export const maxOpenAttempts = 1000;
/** Who the account audit names for what a sign-in through the provider changed. */
export const identityActor = 'identity provider';
