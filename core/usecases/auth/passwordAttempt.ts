import { type AppError, appError } from '../../errors.js';
import { type CounterNow, heldBackEvent, heldBackTold } from '../../domain/accountEvents.js';
import type { AuthPolicy } from '../../domain/authPolicy.js';
import { attemptsAt, nextAllowedAt } from '../../domain/loginAttempts.js';
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
 * The account audit hears of an attempt held back once per stretch (domain/accountEvents.ts). A
 * username is looked up only then, once a window at most: the few hundred microseconds the event
 * of an account adds to that one 429 are all it could tell of which usernames exist.
 */
const tellHeldBack = async (
  deps: AttemptDeps,
  attempt: Attempt,
  counters: { readonly byUser: CounterNow; readonly byAddress: CounterNow },
) => {
  const now = deps.clock.now();
  const window = deps.policy.loginWindowSeconds;
  const told = heldBackTold(counters.byUser, counters.byAddress);
  if (told === 'address')
    await deps.events.append(
      heldBackEvent({ address: attempt.clientAddress }, counters.byAddress.limit, window),
      now,
    );
  if (told !== 'user' || !usernamePattern.test(attempt.username)) return;
  const user = await deps.users.findByUsername(attempt.username);
  if (user)
    await deps.events.append(heldBackEvent({ account: user.username }, counters.byUser.limit, window), now);
};

/**
 * Reserves a password check on both counters (the username's and the client address's, each over
 * a sliding window: domain/loginAttempts.ts) before the check, atomically, so a burst of concurrent
 * wrong passwords gets at most the limit through and is held back for the rest, with the first
 * second at which one more passes. Null: go on and check the password.
 */
export const reserveAttempt = async (deps: AttemptDeps, attempt: Attempt): Promise<HeldBack | null> => {
  const now = deps.clock.now();
  const { policy, throttle } = deps;
  const window = policy.loginWindowSeconds;
  const keys = throttleKeys(attempt.username, attempt.clientAddress);
  const [byUser, byAddress] = await Promise.all([
    throttle.reserve(keys.user, now, window),
    throttle.reserve(keys.address, now, window),
  ]);
  const blocked = (
    [
      [byUser, policy.maxFailuresPerUsername],
      [byAddress, policy.maxFailuresPerAddress],
    ] as const
  )
    .filter(([attempts, limit]) => attemptsAt(attempts, now, window) > limit)
    .map(([attempts, limit]) => nextAllowedAt(attempts, now, window, limit));
  if (blocked.length === 0) return null;
  await tellHeldBack(deps, attempt, {
    byUser: { attempts: attemptsAt(byUser, now, window), limit: policy.maxFailuresPerUsername },
    byAddress: { attempts: attemptsAt(byAddress, now, window), limit: policy.maxFailuresPerAddress },
  });
  const until = Math.max(...blocked.map((d) => d.getTime()));
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return {
    error: appError('rate_limited', 'too many failed logins; try again later', {
      retry_after_seconds: retryAfterSeconds,
    }),
    retryAfterSeconds,
  };
};

/** A password that was right: the username's counter is cleared and the address's attempt given back. */
export const attemptSucceeded = async (deps: AttemptDeps, attempt: Attempt): Promise<void> => {
  const keys = throttleKeys(attempt.username, attempt.clientAddress);
  await Promise.all([
    deps.throttle.clear(keys.user),
    deps.throttle.release(keys.address, deps.clock.now(), deps.policy.loginWindowSeconds),
  ]);
};
