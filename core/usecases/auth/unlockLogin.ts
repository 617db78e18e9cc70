import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { unlockEvents } from '../../domain/accountEvents.js';
import type { Clock } from '../../ports/Clock.js';
import type { EventLog } from '../../ports/EventLog.js';
import type { LoginThrottle } from '../../ports/LoginThrottle.js';
import { throttleKeys } from './passwordAttempt.js';

/** Longer than any username or client address a login could have been counted under. */
const maxKeyLength = 256;

/**
 * Forgets a username's failed logins (its owner was held back by someone else's guesses, or by
 * their own), or a client address's with `address`. What an attacker keeps trying is counted
 * again from then on. The account audit records each unlock once it is done.
 */
export const unlockLogin = async (
  deps: { readonly throttle: LoginThrottle; readonly events: EventLog; readonly clock: Clock },
  input: { readonly username?: string; readonly address?: string },
  actor: string | null = null,
): Promise<E.Either<AppError, void>> => {
  if (input.username === undefined && input.address === undefined)
    return E.left(appError('validation_failed', 'name a username or a client address to unlock'));
  const long = [input.username, input.address].find((x) => x !== undefined && x.length > maxKeyLength);
  if (long !== undefined)
    return E.left(
      appError('validation_failed', `a username or address is at most ${maxKeyLength} characters`),
    );
  const keys = throttleKeys(input.username ?? '', input.address ?? '');
  if (input.username !== undefined) await deps.throttle.clear(keys.user);
  if (input.address !== undefined) await deps.throttle.clear(keys.address);
  const now = deps.clock.now();
  for (const e of unlockEvents(input, actor)) await deps.events.append(e, now);
  return E.right(undefined);
};
