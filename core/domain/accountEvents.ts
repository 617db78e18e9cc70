import { type NewEvent, noProject } from './event.js';
import { type User, type UserChange, usernamePattern } from './user.js';

/**
 * The account audit: every change an administrator makes to an account, and every unlock of a
 * login held back, is an event of the account (subject `user`, its username in lower case, as
 * usernames are unique whatever their case) or of the client address unlocked (subject `address`).
 * They belong to no project. Never a password or its hash: what changed, not to what.
 */
export const accountSubjects = ['user', 'address'] as const;

/** What an `account_changed` alert rule may listen for: each names the events of its kind. */
export const accountChanges = [
  'created',
  'role_changed',
  'disabled',
  'enabled',
  'password_set',
  'login_unlocked',
] as const;
export type AccountChange = (typeof accountChanges)[number];

/** The event kinds of account changes (an unlock: of a username, or of a client address). */
export const accountEventKinds = (changes: readonly AccountChange[]): string[] =>
  changes.flatMap((c) => (c === 'login_unlocked' ? [`user.${c}`, `address.${c}`] : [`user.${c}`]));

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

/** The events of an unlock: one for the username, one for the client address, as given. */
export const unlockEvents = (
  input: { readonly username?: string | undefined; readonly address?: string | undefined },
  actor: string | null,
): NewEvent[] => [
  ...(input.username !== undefined ? [userEvent(input.username, 'user.login_unlocked', {}, actor)] : []),
  ...(input.address !== undefined
    ? [
        {
          projectModule: noProject,
          subjectType: 'address' as const,
          subjectId: input.address,
          kind: 'address.login_unlocked',
          payload: { address: input.address },
          actor,
        },
      ]
    : []),
];
