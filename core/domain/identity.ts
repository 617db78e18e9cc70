import type { FieldIssue } from '../errors.js';
import { type ProjectRoles, roleAllows } from './roles.js';
import { projectModulePattern } from './projectModule.js';
import { reservedUsernames, usernamePattern } from './user.js';

/**
 * Who the identity provider says signed in. The account is found by issuer and subject only: an
 * e-mail address or a name may move between people, the pair may not.
 */
export interface Identity {
  readonly issuer: string;
  readonly subject: string;
  readonly preferredUsername: string | null;
  readonly email: string | null;
  /** The configured groups claim, as the provider sent it at this sign-in or refresh. */
  readonly groups: readonly string[];
}

/** What a member of a group may do in one project: read it (be let in) or run it. */
export const groupRoleNames = ['viewer', 'operator'] as const;
export type GroupRoleName = (typeof groupRoleNames)[number];

/** An admin's rule: members of `group` hold `role` for `projectModule`. */
export interface GroupRole {
  readonly group: string;
  readonly projectModule: string;
  readonly role: GroupRoleName;
}

/** Group names as providers send them: Keycloak paths (`/surveys/wallaby`), URNs, plain names. */
export const groupPattern = /^[^\p{Cc}]{1,200}$/u;

export const groupRoleIssues = (rule: {
  readonly group: string;
  readonly projectModule: string;
  readonly role?: string;
}): FieldIssue[] => [
  ...(groupPattern.test(rule.group)
    ? []
    : [{ path: 'group', message: '1 to 200 characters, no control characters' }]),
  ...(projectModulePattern.test(rule.projectModule)
    ? []
    : [
        {
          path: 'project_module',
          message: 'a project module: a lower-case letter, then letters, digits or _',
        },
      ]),
  ...(rule.role === undefined || (groupRoleNames as readonly string[]).includes(rule.role)
    ? []
    : [{ path: 'role', message: 'viewer or operator (admin is given on the host only)' }]),
];

/** What an identity's groups give: whether it may sign in at all, and its role in each project. */
export interface GroupRoles {
  /** At least one of its groups is mapped: a person in no mapped group is not let in. */
  readonly admitted: boolean;
  /** Its role per project (the highest its groups give), stored as grants from groups (roles.ts roleIn). */
  readonly projectRoles: ProjectRoles;
}

export const rolesFromGroups = (rules: readonly GroupRole[], groups: readonly string[]): GroupRoles => {
  const held = new Set(groups);
  const matched = rules.filter((r) => held.has(r.group));
  const projectRoles: Record<string, GroupRoleName> = {};
  for (const r of matched) {
    const had = projectRoles[r.projectModule];
    if (had === undefined || roleAllows(r.role, had)) projectRoles[r.projectModule] = r.role;
  }
  return { admitted: matched.length > 0, projectRoles };
};

/**
 * The usernames a new account from this identity tries, in order: the provider's preferred name
 * when it is a valid one, then that name with a tag from the identity, then the tag alone. `tag`
 * is a digest of issuer and subject, so the same person gets the same name on a fresh database.
 */
export const usernamesFor = (identity: Identity, tag: string): string[] => {
  const short = tag.slice(0, 8).toLowerCase();
  const preferred = identity.preferredUsername ?? '';
  const usable = usernamePattern.test(preferred) && !reservedUsernames.has(preferred);
  const tagged = `${preferred.slice(0, 50)}-${short}`;
  return [
    ...(usable ? [preferred] : []),
    ...(usernamePattern.test(tagged) && !reservedUsernames.has(tagged) ? [tagged] : []),
    `idp-${short}`,
  ];
};
