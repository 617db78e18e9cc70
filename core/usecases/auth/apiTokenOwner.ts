import type { ProjectRoles } from '../../domain/roles.js';
import type { Role } from '../../domain/roles.js';

/** Who manages API tokens: the authenticated user, and whether this request came with a token. */
export interface TokenOwner {
  readonly userId: string;
  readonly username: string;
  readonly role: Role;
  /** Roles held for single projects: a token may carry them (each no higher than its own role). */
  readonly projectRoles?: ProjectRoles;
  readonly viaApiToken: boolean;
}
