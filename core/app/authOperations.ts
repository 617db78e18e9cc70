import { type ChangeUserInput, changeUser } from '../usecases/auth/changeUser.js';
import { createUser, type CreateUserInput } from '../usecases/auth/createUser.js';
import { authenticate } from '../usecases/auth/authenticate.js';
import { listUsers } from '../usecases/auth/listUsers.js';
import { login, type LoginInput } from '../usecases/auth/login.js';
import { logout } from '../usecases/auth/logout.js';
import { refreshTokens } from '../usecases/auth/refreshTokens.js';
import { unlockLogin } from '../usecases/auth/unlockLogin.js';
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
    /** Role, enabled state or password (the CLI's `user set-role`, `disable`, `enable`, `set-password`). */
    change: (input: ChangeUserInput) => changeUser(d.auth, input),
    /** Forgets the failed logins of a username or a client address. */
    unlock: (input: { username?: string; address?: string }) => unlockLogin(d.auth, input),
  },
});
