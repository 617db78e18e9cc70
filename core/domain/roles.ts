import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../errors.js';
// Roles are ordered: each one may do everything the ones below it may. `none`: an account with no
// role of its own, which reads and runs only the projects it holds a role for (roleIn); a route
// that needs `none` is one about the caller's own account (its login, password, tokens).
export const roles = ['none', 'viewer', 'operator', 'admin'] as const;
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
    : E.left(
        appError(
          'forbidden',
          principal.role === 'none'
            ? `this needs the ${required} role: your account has none of its own, only roles for single projects, and this request names none of those (name one, e.g. project_module)`
            : `this needs the ${required} role; you have ${principal.role}`,
        ),
      );

/** Roles an account holds for single projects, by project module, beside its own. */
export type ProjectRoles = Readonly<Record<string, Role>>;

/**
 * The roles that may be granted for one project: admin decides what code runs where, for every
 * project. A viewer grant counts for an account with no role of its own.
 */
export const projectRoleNames = ['viewer', 'operator'] as const;
export type ProjectRole = (typeof projectRoleNames)[number];

/** The role a caller holds for a project: its own, raised by a grant for that project. */
export const roleIn = (
  p: { readonly role: Role; readonly projectRoles?: ProjectRoles },
  project: string,
): Role => {
  const granted = p.projectRoles?.[project];
  return granted && roleAllows(granted, p.role) ? granted : p.role;
};

/** A token's grants per project: none above the token's own role (a viewer's token operates nowhere). */
export const projectRolesWithin = (grants: ProjectRoles, ceiling: Role): ProjectRoles =>
  Object.fromEntries(Object.entries(grants).filter(([, r]) => roleAllows(ceiling, r)));

/**
 * The caller for a project when its role there is enough (with that role, so the use case acts
 * as it); otherwise a 403 that names the project.
 */
export const authorizeIn = <P extends { readonly role: Role; readonly projectRoles?: ProjectRoles }>(
  principal: P,
  required: Role,
  project: string,
): E.Either<AppError, P> => {
  const held = roleIn(principal, project);
  return roleAllows(held, required)
    ? E.right({ ...principal, role: held })
    : E.left(
        appError(
          'forbidden',
          `this needs the ${required} role for project ${project}; you have ${held} there`,
        ),
      );
};
