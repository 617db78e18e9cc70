import type { NewEvent } from '../domain/event.js';
import type { GroupRole } from '../domain/identity.js';
import type { ProjectRoles } from '../domain/roles.js';
import type { User } from '../domain/user.js';

/**
 * A sign-in under way at the identity provider. A browser's is found by its `state`'s digest and
 * bound to the browser by a cookie's digest; a device's by the handle the CLI polls with.
 */
export interface SignInAttempt {
  readonly kind: 'browser' | 'device';
  readonly keyHash: string;
  readonly bindingHash: string | null;
  readonly nonce: string | null;
  readonly codeVerifier: string | null;
  /** Sealed by the SecretBox: the provider's device code is a credential until it is spent. */
  readonly sealedDeviceCode: string | null;
  /** Where in the console the person was (a hash route), to go back to. */
  readonly returnTo: string | null;
  readonly intervalSeconds: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** What a login through the provider keeps, beside its session: whose it is and how to refresh it. */
export interface IdentityLogin {
  readonly issuer: string;
  readonly subject: string;
  /** The provider's refresh token, sealed by the SecretBox; null when it gave none. */
  readonly sealedRefresh: string | null;
}

/** Accounts' identities at the provider, sign-ins under way, and the admin's group mapping. */
export interface IdentityRepository {
  /** Attempts not yet expired nor spent (a public route makes them, so they are bounded). */
  countOpenAttempts(now: Date): Promise<number>;
  saveAttempt(a: SignInAttempt): Promise<void>;
  /**
   * Spends an attempt once: 'spent' when it was spent before (a replayed state or a handle used
   * twice), null when there is none or it expired.
   */
  spendAttempt(keyHash: string, now: Date): Promise<SignInAttempt | 'spent' | null>;
  /** A device attempt still open, without spending it (the CLI polls it). */
  findOpenAttempt(keyHash: string, now: Date): Promise<SignInAttempt | null>;

  /** The account an identity signed in as before. */
  accountOf(issuer: string, subject: string): Promise<string | null>;
  /**
   * Makes the account and links the identity to it, with the event, in one step: 'username_taken'
   * when another account has the name, 'linked_already' when the identity got an account meanwhile.
   */
  createLinked(
    user: User,
    issuer: string,
    subject: string,
    event: NewEvent,
    now: Date,
  ): Promise<'created' | 'username_taken' | 'linked_already'>;

  /** A login's identity, written before its session so a session from the provider never lacks it. */
  saveLogin(sessionId: string, login: IdentityLogin, now: Date): Promise<void>;
  findLogin(sessionId: string): Promise<IdentityLogin | null>;

  groupRoles(): Promise<readonly GroupRole[]>;
  /** Adds or changes a rule, with the event. */
  setGroupRole(rule: GroupRole, by: string, event: NewEvent, now: Date): Promise<void>;
  removeGroupRole(
    group: string,
    projectModule: string,
    event: NewEvent,
    now: Date,
  ): Promise<'removed' | 'not_found'>;
  /** The account's roles per project that came from its groups (an admin's own grants are not among them). */
  rolesFromGroups(userId: string): Promise<ProjectRoles>;
  /**
   * Makes the account's roles from groups these, with the events of each change; a project where an
   * admin granted the role is left as the admin set it.
   */
  replaceRolesFromGroups(
    userId: string,
    roles: ProjectRoles,
    events: readonly NewEvent[],
    now: Date,
  ): Promise<void>;
}
