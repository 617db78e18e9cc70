import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import { addSeconds, type IssuedTokens } from '../../domain/authPolicy.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { EventLog } from '../../ports/EventLog.js';
import type { LoginThrottle } from '../../ports/LoginThrottle.js';
import type { PasswordHasher } from '../../ports/PasswordHasher.js';
import type { UserRepository } from '../../ports/UserRepository.js';
import { type CounterNow, heldBackEvent, heldBackTold } from '../../domain/accountEvents.js';
import { attemptsAt, nextAllowedAt } from '../../domain/loginAttempts.js';
import { usernamePattern } from '../../domain/user.js';
import { issueTokens, newRefreshToken, type TokenIssuerDeps } from './issueTokens.js';

export interface LoginDeps extends TokenIssuerDeps {
  readonly users: UserRepository;
  readonly sessions: AuthSessionRepository;
  readonly hasher: PasswordHasher;
  readonly throttle: LoginThrottle;
  readonly events: EventLog;
  readonly clock: Clock;
}

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly clientAddress: string;
}

/** Why a login failed: logged by the host, never shown to the client (no user enumeration). */
export type LoginFailureCause =
  | 'no_such_user'
  | 'no_admin_exists'
  | 'wrong_password'
  | 'disabled'
  | 'rate_limited';

export interface LoginFailure {
  readonly error: AppError;
  readonly cause: LoginFailureCause;
  readonly retryAfterSeconds?: number;
  /** The account the attempt named, when it exists (for the log; never for the client). */
  readonly userId?: string;
}

export interface LoginSuccess {
  readonly tokens: IssuedTokens;
  readonly userId: string;
  readonly role: string;
}

export const invalidCredentials = appError('invalid_credentials', 'invalid username or password');

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
 * The account audit hears of a login held back once per stretch (domain/accountEvents.ts). A
 * username is looked up only then, once a window at most: the few hundred microseconds the event
 * of an account adds to that one 429 are all it could tell of which usernames exist.
 */
const tellHeldBack = async (
  deps: LoginDeps,
  input: LoginInput,
  counters: { readonly byUser: CounterNow; readonly byAddress: CounterNow },
) => {
  const now = deps.clock.now();
  const window = deps.policy.loginWindowSeconds;
  const told = heldBackTold(counters.byUser, counters.byAddress);
  if (told === 'address')
    await deps.events.append(
      heldBackEvent({ address: input.clientAddress }, counters.byAddress.limit, window),
      now,
    );
  if (told !== 'user' || !usernamePattern.test(input.username)) return;
  const user = await deps.users.findByUsername(input.username);
  if (user)
    await deps.events.append(heldBackEvent({ account: user.username }, counters.byUser.limit, window), now);
};

/**
 * Rate-limited login. The attempt is reserved on both counters (username and client address,
 * each over a sliding window: domain/loginAttempts.ts) before anything else, atomically, so a burst of concurrent wrong passwords gets at most the
 * limit through to the password check and 429 for the rest; a successful login gives the address
 * reservation back and clears the username's. A username that cannot exist is checked against the
 * decoy hash, so timing tells nothing.
 */
export const login = async (
  deps: LoginDeps,
  input: LoginInput,
): Promise<E.Either<LoginFailure, LoginSuccess>> => {
  const now = deps.clock.now();
  const { policy, throttle } = deps;
  const keys = throttleKeys(input.username, input.clientAddress);
  const [byUser, byAddress] = await Promise.all([
    throttle.reserve(keys.user, now, policy.loginWindowSeconds),
    throttle.reserve(keys.address, now, policy.loginWindowSeconds),
  ]);
  const window = policy.loginWindowSeconds;
  const blocked = (
    [
      [byUser, policy.maxFailuresPerUsername],
      [byAddress, policy.maxFailuresPerAddress],
    ] as const
  )
    .filter(([attempts, limit]) => attemptsAt(attempts, now, window) > limit)
    .map(([attempts, limit]) => nextAllowedAt(attempts, now, window, limit));
  if (blocked.length > 0) {
    await tellHeldBack(deps, input, {
      byUser: { attempts: attemptsAt(byUser, now, window), limit: policy.maxFailuresPerUsername },
      byAddress: { attempts: attemptsAt(byAddress, now, window), limit: policy.maxFailuresPerAddress },
    });
    const until = Math.max(...blocked.map((d) => d.getTime()));
    const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    return E.left({
      error: appError('rate_limited', 'too many failed logins; try again later', {
        retry_after_seconds: retryAfterSeconds,
      }),
      cause: 'rate_limited',
      retryAfterSeconds,
    });
  }

  const fail = (cause: LoginFailureCause, userId?: string): E.Either<LoginFailure, LoginSuccess> =>
    E.left({ error: invalidCredentials, cause, ...(userId ? { userId } : {}) });

  const user = usernamePattern.test(input.username) ? await deps.users.findByUsername(input.username) : null;
  if (user === null) {
    // Spend the same time as a real check, so timing does not tell which usernames exist.
    await deps.hasher.verify(deps.hasher.decoyHash, input.password);
    return fail((await deps.users.countAdmins()) === 0 ? 'no_admin_exists' : 'no_such_user');
  }
  const passwordOk = await deps.hasher.verify(user.passwordHash, input.password);
  if (!passwordOk) return fail('wrong_password', user.id);
  if (user.disabledAt !== null) return fail('disabled', user.id);

  await Promise.all([
    throttle.clear(keys.user),
    throttle.release(keys.address, now, policy.loginWindowSeconds),
  ]);
  const sessionId = deps.random.uuid();
  const expiresAt = addSeconds(now, policy.refreshTokenTtlSeconds);
  const refresh = newRefreshToken(deps, sessionId, now, expiresAt);
  await deps.sessions.create(
    { id: sessionId, userId: user.id, createdAt: now, expiresAt, revokedAt: null, revokeReason: null },
    refresh.record,
  );
  return E.right({
    tokens: issueTokens(deps, user, sessionId, refresh.raw, expiresAt, now),
    userId: user.id,
    role: user.role,
  });
};
