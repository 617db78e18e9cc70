import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import type { LoginThrottle } from '../../ports/LoginThrottle.js';
import { throttleKeys } from './login.js';

/**
 * Forgets a username's failed logins (its owner was held back by someone else's guesses, or by
 * their own), or a client address's with `address`. What an attacker keeps trying is counted
 * again from then on.
 */
export const unlockLogin = async (
  deps: { readonly throttle: LoginThrottle },
  input: { readonly username?: string; readonly address?: string },
): Promise<E.Either<AppError, void>> => {
  if (input.username === undefined && input.address === undefined)
    return E.left(appError('validation_failed', 'name a username or a client address to unlock'));
  const keys = throttleKeys(input.username ?? '', input.address ?? '');
  if (input.username !== undefined) await deps.throttle.clear(keys.user);
  if (input.address !== undefined) await deps.throttle.clear(keys.address);
  return E.right(undefined);
};
