import { type AppError, appError } from '../../errors.js';
import { heldBackEvent } from '../../domain/accountEvents.js';
import type { AuthPolicy } from '../../domain/authPolicy.js';
import { nextAllowedAt, type Reservation } from '../../domain/loginAttempts.js';
import { usernamePattern } from '../../domain/user.js';
import type { Clock } from '../../ports/Clock.js';
import type { EventLog } from '../../ports/EventLog.js';
import type { LoginThrottle } from '../../ports/LoginThrottle.js';
import type { UserRepository } from '../../ports/UserRepository.js';

/** What the throttle in front of every password check needs. */
export interface AttemptDeps {
  readonly users: UserRepository;
  readonly throttle: LoginThrottle;
  readonly events: EventLog;
  readonly clock: Clock;
  readonly policy: AuthPolicy;
}

/** One password check: the username it is for and the client address it came from. */
export interface Attempt {
  readonly username: string;
  readonly clientAddress: string;
}

export interface HeldBack {
  readonly error: AppError;
  readonly retryAfterSeconds: number;
}

/**
 * The throttle's keys. Usernames are ASCII (usernamePattern), matched without case; one that is not
 * a possible username is keyed as it is, never looked up, so no spelling reaches another account's
 * counter or the account itself.
 */
export const throttleKeys = (username: string, address: string) => ({
  user: `user:${usernamePattern.test(username) ? username.toLowerCase() : username}`,
  address: `addr:${address}`,
});

/**
 * An attempt held back: its 429, with the first second one more would pass, and the account audit
 * told of the hold once a window (`Reservation.tell`): of the client address, or of the account.
 * A username is looked up only then: the few hundred microseconds the event of an account adds to
 * that one 429 are all it could tell of which usernames exist.
 */
const heldBack = async (
  deps: AttemptDeps,
  attempt: Attempt,
  by: { readonly address: Reservation } | { readonly user: Reservation },
): Promise<HeldBack> => {
  const now = deps.clock.now();
  const { policy } = deps;
  const window = policy.loginWindowSeconds;
  const [r, limit] =
    'address' in by ? [by.address, policy.maxFailuresPerAddress] : [by.user, policy.maxFailuresPerUsername];
  if (r.tell && 'address' in by)
    await deps.events.append(heldBackEvent({ address: attempt.clientAddress }, limit, window), now);
  if (r.tell && 'user' in by && usernamePattern.test(attempt.username)) {
    const user = await deps.users.findByUsername(attempt.username);
    if (user) await deps.events.append(heldBackEvent({ account: user.username }, limit, window), now);
  }
  const until = nextAllowedAt(r.attempts, now, window, limit).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return {
    error: appError('rate_limited', 'too many failed logins; try again later', {
      retry_after_seconds: retryAfterSeconds,
    }),
    retryAfterSeconds,
  };
};

/**
 * Reserves a password check before it is made, on the client address's counter and then the
 * username's (each a sliding window: domain/loginAttempts.ts), each atomically, so a burst of
 * concurrent wrong passwords gets at most the limit through and is held back for the rest, with the
 * first second at which one more passes. A try the address's limit holds back never reaches the
 * username's counter (one address guessing at many usernames cannot lock an account out, nor add a
 * counter per name it typed), and one the username's limit holds back gives the address its try
 * back (no password was checked). A held back try is not counted, so the wait never grows with
 * more of them. Null: go on and check the password.
 */
export const reserveAttempt = async (deps: AttemptDeps, attempt: Attempt): Promise<HeldBack | null> => {
  const now = deps.clock.now();
  const { policy, throttle } = deps;
  const window = policy.loginWindowSeconds;
  const keys = throttleKeys(attempt.username, attempt.clientAddress);
  const address = await throttle.reserve(keys.address, now, window, policy.maxFailuresPerAddress);
  if (!address.counted) return heldBack(deps, attempt, { address });
  const user = await throttle.reserve(keys.user, now, window, policy.maxFailuresPerUsername);
  if (user.counted) return null;
  await throttle.release(keys.address, now, window);
  return heldBack(deps, attempt, { user });
};

/** A password that was right: the username's counter is cleared and the address's attempt given back. */
export const attemptSucceeded = async (deps: AttemptDeps, attempt: Attempt): Promise<void> => {
  const keys = throttleKeys(attempt.username, attempt.clientAddress);
  await Promise.all([
    deps.throttle.clear(keys.user),
    deps.throttle.release(keys.address, deps.clock.now(), deps.policy.loginWindowSeconds),
  ]);
};
