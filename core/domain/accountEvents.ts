import { type NewEvent, noProject } from './event.js';
import { type User, type UserChange, usernamePattern } from './user.js';

/**
 * The account audit: every change to an account (by an administrator on the host, or a user's own
 * password), every unlock, and logins the throttle holds back are events of the account (subject
 * `user`, its username in lower case, as usernames are unique whatever their case) or of the
 * client address (subject `address`). They belong to no project. Never a password or its hash:
 * what changed, not to what.
 */
export const accountSubjects = ['user', 'address'] as const;

/** Whether an event is the account audit's (of a user or a client address). */
export const isAccountEvent = (e: { readonly subjectType: string }): boolean =>
  (accountSubjects as readonly string[]).includes(e.subjectType);

/** What an `account_changed` alert rule may listen for: each names the events of its kind. */
export const accountChanges = [
  'created',
  'role_changed',
  'disabled',
  'enabled',
  'password_set',
  'login_unlocked',
  'login_held_back',
  'token_created',
  'token_revoked',
  'project_role_granted',
  'project_role_revoked',
] as const;
export type AccountChange = (typeof accountChanges)[number];

/** Changes that happen to a username or to a client address: their events are of both subjects. */
const ofBoth: readonly AccountChange[] = ['login_unlocked', 'login_held_back'];

/** The event kinds of account changes. */
export const accountEventKinds = (changes: readonly AccountChange[]): string[] =>
  changes.flatMap((c) => (ofBoth.includes(c) ? [`user.${c}`, `address.${c}`] : [`user.${c}`]));

/** The subject id of a username's events: lower case where it is a valid username, as the login throttle keys it. */
export const userSubject = (username: string) =>
  usernamePattern.test(username) ? username.toLowerCase() : username;

const userEvent = (
  username: string,
  kind: string,
  payload: Record<string, unknown>,
  actor: string | null,
) => ({
  projectModule: noProject,
  subjectType: 'user' as const,
  subjectId: userSubject(username),
  kind,
  payload: { username, ...payload },
  actor,
});

/** A role for one project granted or taken away (its project is in the payload: the audit belongs to no project). */
export const projectRoleEvent = (
  username: string,
  change: 'granted' | 'revoked',
  projectModule: string,
  role: string,
  actor: string | null,
): NewEvent =>
  userEvent(username, `user.project_role_${change}`, { project_module: projectModule, role }, actor);

export const userCreatedEvent = (u: User, actor: string | null): NewEvent =>
  userEvent(u.username, 'user.created', { role: u.role }, actor);

/**
 * The events of a change to the account as it is stored (read under the lock that writes it):
 * one per field that really changes, so enabling an enabled account records nothing.
 */
export const userChangeEvents = (stored: User, change: UserChange, actor: string | null): NewEvent[] => {
  const events: NewEvent[] = [];
  const name = stored.username;
  if (change.role !== undefined && change.role !== stored.role)
    events.push(userEvent(name, 'user.role_changed', { from: stored.role, to: change.role }, actor));
  if ('disabledAt' in change && (change.disabledAt === null) !== (stored.disabledAt === null))
    events.push(userEvent(name, change.disabledAt === null ? 'user.enabled' : 'user.disabled', {}, actor));
  if (change.passwordHash !== undefined) events.push(userEvent(name, 'user.password_set', {}, actor));
  return events;
};

const addressEvent = (
  address: string,
  kind: string,
  payload: Record<string, unknown>,
  actor: string | null,
): NewEvent => ({
  projectModule: noProject,
  subjectType: 'address',
  subjectId: address,
  kind,
  payload: { address, ...payload },
  actor,
});

/** The events of an unlock: one for the username, one for the client address, as given. */
export const unlockEvents = (
  input: { readonly username?: string | undefined; readonly address?: string | undefined },
  actor: string | null,
): NewEvent[] => [
  ...(input.username !== undefined ? [userEvent(input.username, 'user.login_unlocked', {}, actor)] : []),
  ...(input.address !== undefined ? [addressEvent(input.address, 'address.login_unlocked', {}, actor)] : []),
];

/**
 * The event of a login held back: of the client address, or of an account as stored. Never of a
 * username nobody has: what was typed there is sometimes a password.
 */
export const heldBackEvent = (
  who: { readonly address: string } | { readonly account: string },
  limit: number,
  windowSeconds: number,
): NewEvent => {
  const payload = { limit, window_seconds: windowSeconds };
  return 'address' in who
    ? addressEvent(who.address, 'address.login_held_back', payload, null)
    : userEvent(who.account, 'user.login_held_back', payload, null);
};

/** An API token made: its id, name, role and end (never its secret). */
export const tokenCreatedEvent = (
  username: string,
  token: { readonly id: string; readonly name: string; readonly role: string; readonly expiresAt: Date },
  actor: string | null,
): NewEvent =>
  userEvent(
    username,
    'user.token_created',
    { token_id: token.id, name: token.name, role: token.role, expires_at: token.expiresAt.toISOString() },
    actor,
  );

/** An API token revoked, by its owner or an admin. */
export const tokenRevokedEvent = (
  token: { readonly id: string; readonly name: string; readonly username: string },
  actor: string | null,
): NewEvent =>
  userEvent(token.username, 'user.token_revoked', { token_id: token.id, name: token.name }, actor);
