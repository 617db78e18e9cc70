import type { FieldIssue } from '../errors.js';
import { isRole, type Role } from './roles.js';

export interface User {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly role: Role;
  readonly passwordHash: string;
  readonly createdAt: Date;
  readonly disabledAt: Date | null;
}

/** What the outside may see of a user: never the hash. */
export interface UserView {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly role: Role;
  readonly created_at: string;
  readonly disabled: boolean;
}

export const viewUser = (u: User): UserView => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  created_at: u.createdAt.toISOString(),
  disabled: u.disabledAt !== null,
});

export const usernamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{1,62}$/;
/**
 * Names the service itself acts under in executions and events (`created_by`, `actor`): no account
 * may take one, so what automation did is never mistaken for what a person did.
 */
export const reservedUsernames: ReadonlySet<string> = new Set(['scheduler']);
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const minPasswordLength = 12;
export const maxPasswordLength = 1024;

/** What is wrong with a role and a password an administrator gives (each checked when given). */
export const roleAndPasswordIssues = (input: {
  readonly role?: string;
  readonly password?: string;
}): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (input.role !== undefined && !isRole(input.role))
    issues.push({ path: 'role', message: 'one of none, viewer, operator, admin' });
  if (input.password !== undefined && input.password.length < minPasswordLength)
    issues.push({ path: 'password', message: `at least ${minPasswordLength} characters` });
  if (input.password !== undefined && input.password.length > maxPasswordLength)
    issues.push({ path: 'password', message: `at most ${maxPasswordLength} characters` });
  return issues;
};

/** What an administrator may change of an account. */
export interface UserChange {
  readonly role?: Role;
  readonly passwordHash?: string;
  readonly disabledAt?: Date | null;
}

/** Whether a change takes an enabled admin's role away (demoted or disabled). */
export const removesAnAdmin = (u: Pick<User, 'role' | 'disabledAt'>, change: UserChange): boolean =>
  u.role === 'admin' &&
  u.disabledAt === null &&
  ((change.role !== undefined && change.role !== 'admin') || (change.disabledAt ?? null) !== null);
