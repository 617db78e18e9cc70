import { grantProjectRole, type ProjectRoleInput, revokeProjectRole } from '../usecases/auth/projectRoles.js';
import {
  changeOwnPassword,
  type OwnLogin,
  type OwnPasswordInput,
} from '../usecases/auth/changeOwnPassword.js';
import { type ChangeUserInput, changeUser } from '../usecases/auth/changeUser.js';
import { createUser, type CreateUserInput } from '../usecases/auth/createUser.js';
import { authenticate } from '../usecases/auth/authenticate.js';
import { listUsers } from '../usecases/auth/listUsers.js';
import { login, type LoginInput } from '../usecases/auth/login.js';
import { logout } from '../usecases/auth/logout.js';
import { refreshTokens } from '../usecases/auth/refreshTokens.js';
import { unlockLogin } from '../usecases/auth/unlockLogin.js';
import type { TokenOwner } from '../usecases/auth/apiTokenOwner.js';
import { type ApiTokenInput, createApiToken } from '../usecases/auth/createApiToken.js';
import { listApiTokens } from '../usecases/auth/listApiTokens.js';
import { revokeApiToken } from '../usecases/auth/revokeApiToken.js';
import { userSubject } from '../domain/accountEvents.js';
import {
  type GroupRoleInput,
  listGroupRoles,
  removeGroupRole,
  setGroupRole,
} from '../usecases/auth/groupRoles.js';
import type { IdentityDeps } from '../usecases/auth/identityDeps.js';
import {
  finishBrowserSignIn,
  notConfigured,
  pollDeviceSignIn,
  startBrowserSignIn,
  startDeviceSignIn,
} from '../usecases/auth/identitySignIn.js';
import * as E from 'fp-ts/lib/Either.js';
import type { SurveyorDeps } from './deps.js';
import { type EventPageRequest, eventPage } from './pages.js';

/** Logins, tokens and users. */
export const authOperations = (d: SurveyorDeps) => {
  // Signing in through a provider needs the identity store (every host on PostgreSQL has it).
  const identityDeps: IdentityDeps | null = d.auth.identities
    ? { ...d.auth, identities: d.auth.identities }
    : null;
  const noStore = E.left(notConfigured);
  return {
    auth: {
      /** Failures carry the cause for the log; the client hears only `error`. */
      login: (input: LoginInput) => login(d.auth, input),
      refresh: (refreshToken: string) => refreshTokens(d.auth, refreshToken),
      logout: (sessionId: string) => logout(d.auth, sessionId),
      /** A user sets their own password, giving the current one; their other logins end. */
      changePassword: (who: OwnLogin, input: OwnPasswordInput) => changeOwnPassword(d.auth, who, input),
      /** The principal behind a bearer token whose login is live. */
      authenticate: (bearer: string | undefined) => authenticate(d.auth, bearer),
    },
    /** Signing in through an OpenID Connect provider (usecases/auth/identity*.ts). */
    identity: {
      /** The provider people sign in with, if any: its issuer and what it is called. */
      provider: (): { readonly issuer: string; readonly label: string } | null =>
        identityDeps?.provider
          ? { issuer: identityDeps.provider.issuer, label: identityDeps.provider.label }
          : null,
      startBrowser: async (input: { readonly returnTo?: string }) =>
        identityDeps ? startBrowserSignIn(identityDeps, input) : noStore,
      finishBrowser: async (input: Parameters<typeof finishBrowserSignIn>[1]) =>
        identityDeps ? finishBrowserSignIn(identityDeps, input) : noStore,
      startDevice: async () => (identityDeps ? startDeviceSignIn(identityDeps) : noStore),
      pollDevice: async (handle: string) => (identityDeps ? pollDeviceSignIn(identityDeps, handle) : noStore),
      /** The admin's mapping of groups to roles per project (the CLI's `identity map`, `unmap`, `mappings`). */
      groupRoles: () => listGroupRoles(d.auth),
      setGroupRole: (input: GroupRoleInput, actor: string) => setGroupRole(d.auth, input, actor),
      removeGroupRole: (input: GroupRoleInput, actor: string) => removeGroupRole(d.auth, input, actor),
    },
    /** API tokens: logins for programs, made, listed and revoked by their owners (and admins). */
    apiTokens: {
      create: (who: TokenOwner, input: ApiTokenInput) => createApiToken(d.auth, who, input),
      list: (who: TokenOwner, all: boolean) => listApiTokens(d.auth, who, all),
      revoke: (who: TokenOwner & { readonly sessionId: string }, id: string) =>
        revokeApiToken(d.auth, who, id),
    },
    /** Accounts. `actor` names who acts, for the account audit (the CLI: `host:` and the host's user). */
    users: {
      create: (input: CreateUserInput, actor?: string) => createUser(d.auth, input, actor ?? null),
      list: () => listUsers(d.auth),
      /** Role, enabled state or password (the CLI's `user set-role`, `disable`, `enable`, `set-password`). */
      change: (input: ChangeUserInput, actor?: string) => changeUser(d.auth, input, actor ?? null),
      /** A role for one project, beside the account's own (the CLI's `user grant`, `user revoke`). */
      grantProjectRole: (input: ProjectRoleInput, actor: string) => grantProjectRole(d.auth, input, actor),
      revokeProjectRole: (input: ProjectRoleInput, actor: string) => revokeProjectRole(d.auth, input, actor),
      /** Each account's roles per project, by user id. */
      projectRoles: (userId: string) => d.auth.users.projectRoles(userId),
      /** Forgets the failed logins of a username or a client address. */
      unlock: (input: { username?: string; address?: string }, actor?: string) =>
        unlockLogin(d.auth, input, actor ?? null),
      /** The account audit (oldest first unless the page asks for newest): every account's, or one username's. */
      events: (page: EventPageRequest = {}, username?: string) =>
        eventPage(
          d.auth.events,
          username === undefined
            ? { kind: 'accounts' }
            : { kind: 'subject', subjectType: 'user', subjectId: userSubject(username) },
          page,
        ),
    },
  };
};
