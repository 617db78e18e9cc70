import { createUser, type CreateUserInput } from '../usecases/auth/createUser.js';
import { authenticate } from '../usecases/auth/authenticate.js';
import { listUsers } from '../usecases/auth/listUsers.js';
import { login, type LoginInput } from '../usecases/auth/login.js';
import { logout } from '../usecases/auth/logout.js';
import { refreshTokens } from '../usecases/auth/refreshTokens.js';
import type { SurveyorDeps } from './deps.js';

/** Logins, tokens and users. */
export const authOperations = (d: SurveyorDeps) => ({
  auth: {
    /** Failures carry the cause for the log; the client hears only `error`. */
    login: (input: LoginInput) => login(d.auth, input),
    refresh: (refreshToken: string) => refreshTokens(d.auth, refreshToken),
    logout: (sessionId: string) => logout(d.auth, sessionId),
    /** The principal behind a bearer token whose login is live. */
    authenticate: (bearer: string | undefined) => authenticate(d.auth, bearer),
  },
  users: {
    create: (input: CreateUserInput) => createUser(d.auth, input),
    list: () => listUsers(d.auth),
  },
});
