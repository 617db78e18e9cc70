import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../errors.js';
// Roles are ordered: each one may do everything the ones below it may.
export const roles = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (roles as readonly string[]).includes(value);

/** Who asks: the role decides what they may do; the name goes into the event. */
export interface Actor {
  readonly username: string;
  readonly role: Role;
}

export const roleAllows = (held: Role, required: Role): boolean =>
  roles.indexOf(held) >= roles.indexOf(required);

/** The caller itself when its role is enough; otherwise a 403 that says which role it needs. */
export const authorize = <P extends { readonly role: Role }>(
  principal: P,
  required: Role,
): E.Either<AppError, P> =>
  roleAllows(principal.role, required)
    ? E.right(principal)
    : E.left(appError('forbidden', `this needs the ${required} role; you have ${principal.role}`));
