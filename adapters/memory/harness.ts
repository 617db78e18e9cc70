import type * as E from 'fp-ts/lib/Either.js';
import type { AuthPolicy } from '../../core/domain/authPolicy.js';
import type { AppError } from '../../core/errors.js';
import { authenticate, type Principal } from '../../core/usecases/auth/authenticate.js';
import { createUser, type CreateUserInput } from '../../core/usecases/auth/createUser.js';
import { listUsers } from '../../core/usecases/auth/listUsers.js';
import { login, type LoginInput } from '../../core/usecases/auth/login.js';
import { logout } from '../../core/usecases/auth/logout.js';
import { refreshTokens } from '../../core/usecases/auth/refreshTokens.js';
import { JwtAccessTokens } from '../auth/jwtAccessTokens.js';
import { Sha256Digest } from '../auth/sha256Digest.js';
import { MemoryAuthSessionRepository } from './authSessionRepository.js';
import { ManualClock } from './clock.js';
import { MemoryLoginThrottle } from './loginThrottle.js';
import { FastTestHasher } from './passwordHasher.js';
import { SequentialRandom } from './random.js';
import { MemoryUserRepository } from './userRepository.js';
import { MemoryWorkerRegistry } from './workerRegistry.js';

export const defaultTestPolicy: AuthPolicy = {
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 14 * 24 * 3600,
  loginWindowSeconds: 900,
  maxFailuresPerUsername: 5,
  maxFailuresPerAddress: 20,
};

export interface HarnessOptions {
  readonly policy?: Partial<AuthPolicy>;
  readonly jwtSecret?: string;
  readonly start?: Date;
}

/**
 * The core wired to in-memory adapters: for unit tests and for tools that embed the library and
 * want the rules without a database. Time moves only through `clock.advance`.
 */
export const createHarness = (opts: HarnessOptions = {}) => {
  const clock = new ManualClock(opts.start);
  const random = new SequentialRandom();
  const users = new MemoryUserRepository();
  const sessions = new MemoryAuthSessionRepository();
  const throttle = new MemoryLoginThrottle();
  const workers = new MemoryWorkerRegistry();
  const hasher = new FastTestHasher();
  const tokens = new JwtAccessTokens(opts.jwtSecret ?? 'harness-secret-harness-secret-123456');
  const digest = new Sha256Digest();
  const policy: AuthPolicy = { ...defaultTestPolicy, ...opts.policy };
  const authDeps = { users, sessions, hasher, tokens, digest, random, clock, throttle, policy };
  return {
    clock,
    ports: { random, users, sessions, throttle, workers, hasher, tokens, digest },
    policy,
    createUser: (input: CreateUserInput) => createUser(authDeps, input),
    login: (input: LoginInput) => login(authDeps, input),
    refresh: (token: string) => refreshTokens(authDeps, token),
    logout: (sessionId: string) => logout(authDeps, sessionId),
    authenticate: (bearer: string | undefined): Promise<E.Either<AppError, Principal>> =>
      authenticate(authDeps, bearer),
    listUsers: () => listUsers(authDeps),
  };
};

export type Harness = ReturnType<typeof createHarness>;
