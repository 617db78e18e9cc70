import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';

/** Ends the login the access token belongs to: its access and refresh tokens stop working. */
export const logout = async (
  deps: { readonly sessions: AuthSessionRepository; readonly clock: Clock },
  sessionId: string,
): Promise<void> => {
  await deps.sessions.revoke(sessionId, deps.clock.now(), 'logout');
};
