import * as E from 'fp-ts/lib/Either.js';
import type { User } from '../../domain/user.js';
import { applyGroups, groupsOf, type IdentityFailure, identityFailure } from './identityAccount.js';
import type { IdentityDeps } from './identityDeps.js';

/** Why a refresh of a login through the provider was refused, and whether the login ends with it. */
export interface ReconfirmFailure extends IdentityFailure {
  /** The revocation reason when the login is over; absent when the provider only did not answer. */
  readonly ends?: 'identity_ended' | 'identity_groups_removed';
}

/**
 * Before a login through the provider is refreshed, the provider is asked again (its refresh
 * token), so a person removed from a group or from the provider loses the roles at this refresh.
 * A provider that does not answer ends nothing and grants nothing: the refresh fails, the login
 * stays, and the next refresh asks again.
 */
export const reconfirmLogin = async (
  deps: IdentityDeps,
  sessionId: string,
  user: User,
): Promise<E.Either<ReconfirmFailure, 'local' | 'reconfirmed'>> => {
  const login = await deps.identities.findLogin(sessionId);
  if (login === null) return E.right('local');
  const ended = (cause: string, message: string): E.Either<ReconfirmFailure, never> =>
    E.left({ ...identityFailure(cause, message), ends: 'identity_ended' });
  if (deps.provider === null || deps.provider.issuer !== login.issuer)
    return ended(
      'provider_gone',
      'this login came from an identity provider the service no longer uses; sign in again',
    );
  if (login.sealedRefresh === null)
    return ended('not_refreshable', 'the identity provider gave this login no refresh token; sign in again');
  const refreshed = await deps.provider.refresh(
    deps.box.open<{ refresh_token?: string }>(login.sealedRefresh).refresh_token ?? '',
  );
  if (!refreshed.ok)
    return refreshed.kind === 'unreachable'
      ? E.left(
          identityFailure(
            'provider_unreachable',
            `the identity provider did not answer (${refreshed.reason}); try again`,
            'unavailable',
          ),
        )
      : ended(
          'provider_refused',
          `the identity provider ended this login (${refreshed.reason}); sign in again`,
        );
  const { identity, refreshToken } = refreshed.value;
  if (identity.issuer !== login.issuer || identity.subject !== login.subject)
    return ended('identity_changed', 'the identity provider named someone else; sign in again');
  const roles = await applyGroups(deps, user, await groupsOf(deps, identity));
  // The login is over (401, sign in again), not only refused.
  if (E.isLeft(roles))
    return E.left({
      ...identityFailure(roles.left.cause, roles.left.error.message),
      ends: 'identity_groups_removed',
    });
  if (refreshToken !== null)
    await deps.identities.saveLogin(
      sessionId,
      { ...login, sealedRefresh: deps.box.seal({ refresh_token: refreshToken }) },
      deps.clock.now(),
    );
  return E.right('reconfirmed');
};
