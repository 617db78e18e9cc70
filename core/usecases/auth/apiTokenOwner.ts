import type { Role } from '../../domain/roles.js';

/** Who manages API tokens: the authenticated user, and whether this request came with a token. */
export interface TokenOwner {
  readonly userId: string;
  readonly username: string;
  readonly role: Role;
  readonly viaApiToken: boolean;
}
