import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { projectRoleEvent, userCreatedEvent } from '../../domain/accountEvents.js';
import type { IssuedTokens } from '../../domain/authPolicy.js';
import { type GroupRoles, type Identity, rolesFromGroups, usernamesFor } from '../../domain/identity.js';
import type { ProjectRoles } from '../../domain/roles.js';
import { emailPattern, type User } from '../../domain/user.js';
import type { NewEvent } from '../../domain/event.js';
import type { ProviderGrant } from '../../ports/IdentityProvider.js';
import { identityActor, type IdentityDeps } from './identityDeps.js';
import { openLogin } from './issueTokens.js';

/** Why a sign-in through the provider failed: `cause` for the log, `error` for the person. */
export interface IdentityFailure {
  readonly error: AppError;
  readonly cause: string;
}

export const identityFailure = (
  cause: string,
  message: string,
  code: 'unauthorized' | 'forbidden' | 'unavailable' | 'not_found' = 'unauthorized',
): IdentityFailure => ({
  error: appError(code, message, { reason: cause }),
  cause,
});

const notAdmitted = identityFailure(
  'no_mapped_group',
  'none of your groups at the identity provider is given a role in this service; ask one of its admins',
  'forbidden',
);

/** The account an identity signs in as: the one linked to its issuer and subject, or a new one. */
const accountFor = async (deps: IdentityDeps, identity: Identity): Promise<string> => {
  const linked = await deps.identities.accountOf(identity.issuer, identity.subject);
  if (linked !== null) return linked;
  const tag = deps.digest.digest(`${identity.issuer}\n${identity.subject}`);
  const now = deps.clock.now();
  // No one knows this password: the account signs in through the provider (an admin may set one).
  const passwordHash = await deps.hasher.hash(deps.random.token(32));
  for (const username of usernamesFor(identity, tag)) {
    const user: User = {
      id: deps.random.uuid(),
      username,
      // The address is the provider's, when it gives a valid one; `.invalid` never delivers.
      email:
        identity.email !== null && emailPattern.test(identity.email) && identity.email.length <= 254
          ? identity.email
          : `${username}@identity.invalid`,
      role: deps.provider?.newAccountRole ?? 'viewer',
      passwordHash,
      createdAt: now,
      disabledAt: null,
    };
    const made = await deps.identities.createLinked(
      user,
      identity.issuer,
      identity.subject,
      userCreatedEvent(user, identityActor),
      now,
    );
    if (made === 'created') return user.id;
    if (made === 'linked_already') break;
  }
  const again = await deps.identities.accountOf(identity.issuer, identity.subject);
  if (again === null) throw new Error('no username could be made for a new identity');
  return again;
};

/** The events that turn one set of roles from groups into another. */
const roleChangeEvents = (username: string, before: ProjectRoles, after: ProjectRoles): NewEvent[] => [
  ...Object.entries(after)
    .filter(([m, r]) => before[m] !== r)
    .map(([m, r]) => projectRoleEvent(username, 'granted', m, r, identityActor)),
  ...Object.entries(before)
    .filter(([m]) => after[m] === undefined)
    .map(([m, r]) => projectRoleEvent(username, 'revoked', m, r, identityActor)),
];

/**
 * Makes the account's roles from groups what its groups say now (at each sign-in and refresh):
 * whether it is let in at all, and nothing written when nothing changed.
 */
export const applyGroups = async (
  deps: IdentityDeps,
  user: User,
  given: GroupRoles,
): Promise<E.Either<IdentityFailure, void>> => {
  const before = await deps.identities.rolesFromGroups(user.id);
  const events = roleChangeEvents(user.username, before, given.projectRoles);
  if (events.length > 0)
    await deps.identities.replaceRolesFromGroups(user.id, given.projectRoles, events, deps.clock.now());
  return given.admitted ? E.right(undefined) : E.left(notAdmitted);
};

export interface SignedIn {
  readonly tokens: IssuedTokens;
  readonly userId: string;
  readonly username: string;
}

/** What the identity's groups give now, by the admin's mapping. */
export const groupsOf = async (deps: IdentityDeps, identity: Identity): Promise<GroupRoles> =>
  rolesFromGroups(await deps.identities.groupRoles(), identity.groups);

/** A login for the identity the provider vouched for: its account (made on first sign-in), its roles, its session. */
export const signInWith = async (
  deps: IdentityDeps,
  grant: ProviderGrant,
): Promise<E.Either<IdentityFailure, SignedIn>> => {
  const { identity } = grant;
  const given = await groupsOf(deps, identity);
  // A person in no mapped group gets no account either.
  if (!given.admitted && (await deps.identities.accountOf(identity.issuer, identity.subject)) === null)
    return E.left(notAdmitted);
  const user = await deps.users.findById(await accountFor(deps, identity));
  if (user === null) return E.left(identityFailure('user_gone', 'the account was removed; ask an admin'));
  if (user.disabledAt !== null)
    return E.left(identityFailure('disabled', 'this account is disabled; ask an admin', 'forbidden'));
  const roles = await applyGroups(deps, user, given);
  if (E.isLeft(roles)) return roles;

  // The identity first: a session from the provider is never without it (refresh asks the provider).
  const tokens = await openLogin(deps, user, (sessionId, now) =>
    deps.identities.saveLogin(
      sessionId,
      {
        issuer: identity.issuer,
        subject: identity.subject,
        sealedRefresh:
          grant.refreshToken === null ? null : deps.box.seal({ refresh_token: grant.refreshToken }),
      },
      now,
    ),
  );
  return E.right({
    tokens,
    userId: user.id,
    username: user.username,
  });
};
