import * as t from 'io-ts';
import { roles } from '../../core/domain/roles.js';
import { boundedString, DateTimeString, strictObject } from '../codecs.js';
import { component, withSchema } from '../jsonSchema.js';
import { eventPageQuery } from './projects.js';

export const RoleC = withSchema(
  t.keyof(Object.fromEntries(roles.map((r) => [r, null])) as Record<(typeof roles)[number], null>),
  { type: 'string', enum: [...roles] },
);

export const LoginRequest = component(
  'LoginRequest',
  strictObject('LoginRequest', { username: boundedString(1, 128), password: boundedString(1, 1024) }),
);

export const PasswordChangeRequest = component(
  'PasswordChangeRequest',
  strictObject('PasswordChangeRequest', {
    current_password: boundedString(1, 1024),
    new_password: boundedString(1, 1024),
  }),
);

export const PasswordChanged = component('PasswordChanged', t.type({ logins_ended: t.number }));

export const RefreshRequest = component(
  'RefreshRequest',
  strictObject('RefreshRequest', { refresh_token: boundedString(1, 512) }),
);

export const TokenResponse = component(
  'TokenResponse',
  t.type({
    access_token: t.string,
    token_type: t.literal('Bearer'),
    expires_in: t.number,
    refresh_token: t.string,
    refresh_expires_in: t.number,
  }),
);

/** The console's tokens: the refresh token travels only in an HttpOnly cookie, never in the body. */
export const ConsoleToken = component(
  'ConsoleToken',
  t.type({
    access_token: t.string,
    token_type: t.literal('Bearer'),
    expires_in: t.number,
    refresh_expires_in: t.number,
  }),
);

export const LogoutResponse = component('LogoutResponse', t.type({ logged_out: t.literal(true) }));

export const UserViewC = component(
  'User',
  t.type({
    id: t.string,
    username: t.string,
    email: t.string,
    role: RoleC,
    created_at: DateTimeString,
    disabled: t.boolean,
  }),
);

/** Roles an account holds for single projects, by project module (beside its own role). */
const ProjectRolesC = t.record(t.string, RoleC);

export const UserList = component(
  'UserList',
  t.type({ items: t.array(t.intersection([UserViewC, t.type({ project_roles: ProjectRolesC })])) }),
);

/** The account audit's paging, and the one username whose events to read (every account's without). */
export const AccountEventsQuery = t.partial({ ...eventPageQuery, username: boundedString(1, 128) });

export const Me = component(
  'Me',
  t.type({
    user_id: t.string,
    username: t.string,
    role: RoleC,
    /** Roles for single projects beside `role` (a token's no higher than its own role). */
    project_roles: ProjectRolesC,
    session_id: t.string,
  }),
);
