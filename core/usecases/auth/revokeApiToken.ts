import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { tokenRevokedEvent } from '../../domain/accountEvents.js';
import type { ApiTokenView } from '../../domain/apiToken.js';
import { roleAllows } from '../../domain/roles.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { TokenOwner } from './apiTokenOwner.js';

/**
 * Revokes a live API token: one's own, or (an admin) anyone's. Its next request is refused with the
 * reason. Recorded in the account audit with who revoked it. A token may revoke itself (as a
 * logout), never another.
 */
export const revokeApiToken = async (
  deps: { readonly sessions: AuthSessionRepository; readonly clock: Clock },
  who: TokenOwner & { readonly sessionId: string },
  id: string,
): Promise<E.Either<AppError, ApiTokenView>> => {
  if (who.viaApiToken && who.sessionId !== id)
    return E.left(appError('forbidden', 'an API token may revoke itself only; log in to revoke others'));
  const anyone = roleAllows(who.role, 'admin') && !who.viaApiToken;
  const r = await deps.sessions.revokeApiToken(id, anyone ? null : who.userId, deps.clock.now(), (t) =>
    tokenRevokedEvent(t, who.username),
  );
  return r === null ? E.left(appError('not_found', `no live API token ${id} of yours`)) : E.right(r);
};
