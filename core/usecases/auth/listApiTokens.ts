import { apiTokenState, type ApiTokenState, type ApiTokenView } from '../../domain/apiToken.js';
import { roleAllows } from '../../domain/roles.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { TokenOwner } from './apiTokenOwner.js';

/** The asking user's API tokens, newest first, each with its state; an admin asking for `all` sees every account's. */
export const listApiTokens = async (
  deps: { readonly sessions: AuthSessionRepository; readonly clock: Clock },
  who: TokenOwner,
  all: boolean,
): Promise<readonly (ApiTokenView & { readonly state: ApiTokenState })[]> => {
  const now = deps.clock.now();
  const tokens = await deps.sessions.listApiTokens(all && roleAllows(who.role, 'admin') ? null : who.userId);
  return tokens.map((t) => ({ ...t, state: apiTokenState(t, now) }));
};
