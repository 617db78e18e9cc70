import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import type { NewEvent } from '../../domain/event.js';
import { type GroupRole, type GroupRoleName, groupRoleIssues } from '../../domain/identity.js';
import type { Clock } from '../../ports/Clock.js';
import type { IdentityRepository } from '../../ports/IdentityRepository.js';

export interface GroupRoleDeps {
  readonly identities?: IdentityRepository;
  readonly clock: Clock;
}

export interface GroupRoleInput {
  readonly group: string;
  readonly project_module: string;
  readonly role?: string;
}

const noStore = appError('unavailable', 'this service keeps no identities (it runs without a database)');

/** The mapping's events belong to the project they give a role in. */
const mappingEvent = (
  rule: { group: string; projectModule: string; role?: string },
  kind: string,
  actor: string,
): NewEvent => ({
  projectModule: rule.projectModule,
  subjectType: 'project',
  subjectId: rule.projectModule,
  kind,
  payload: { group: rule.group, ...(rule.role ? { role: rule.role } : {}) },
  actor,
});

/**
 * Members of a group at the identity provider hold a role for a project: operator runs it, viewer
 * lets them in. Counts from each member's next sign-in or refresh.
 */
export const setGroupRole = async (
  deps: GroupRoleDeps,
  input: GroupRoleInput,
  actor: string,
): Promise<E.Either<AppError, readonly GroupRole[]>> => {
  if (!deps.identities) return E.left(noStore);
  const role = input.role ?? 'operator';
  const issues = groupRoleIssues({ group: input.group, projectModule: input.project_module, role });
  if (issues.length > 0) return E.left(validationError('the mapping is not valid', issues));
  const rule: GroupRole = {
    group: input.group,
    projectModule: input.project_module,
    role: role as GroupRoleName,
  };
  await deps.identities.setGroupRole(
    rule,
    actor,
    mappingEvent(rule, 'identity.group_role_set', actor),
    deps.clock.now(),
  );
  return E.right(await deps.identities.groupRoles());
};

export const removeGroupRole = async (
  deps: GroupRoleDeps,
  input: GroupRoleInput,
  actor: string,
): Promise<E.Either<AppError, readonly GroupRole[]>> => {
  if (!deps.identities) return E.left(noStore);
  const issues = groupRoleIssues({ group: input.group, projectModule: input.project_module });
  if (issues.length > 0) return E.left(validationError('the mapping is not valid', issues));
  const rule = { group: input.group, projectModule: input.project_module };
  const r = await deps.identities.removeGroupRole(
    input.group,
    input.project_module,
    mappingEvent(rule, 'identity.group_role_removed', actor),
    deps.clock.now(),
  );
  if (r === 'not_found')
    return E.left(
      appError('not_found', `group ${input.group} has no role for project ${input.project_module}`),
    );
  return E.right(await deps.identities.groupRoles());
};

export const listGroupRoles = async (
  deps: GroupRoleDeps,
): Promise<E.Either<AppError, readonly GroupRole[]>> =>
  deps.identities ? E.right(await deps.identities.groupRoles()) : E.left(noStore);
