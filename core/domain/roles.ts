// Roles are ordered: each one may do everything the ones below it may.
export const roles = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (roles as readonly string[]).includes(value);

export const roleAllows = (held: Role, required: Role): boolean =>
  roles.indexOf(held) >= roles.indexOf(required);
