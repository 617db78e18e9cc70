import type { Execution } from '../../domain/executionRecord.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import { revokedByAdmin } from '../../domain/rerunTrust.js';
import { type Actor, roleAllows } from '../../domain/roles.js';
import { type AppError, appError } from '../../errors.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';

export interface RerunGateDeps {
  readonly profiles: Pick<ProfileRepository, 'get'>;
  readonly configs: Pick<ProjectConfigRepository, 'active'>;
  /** Graph fields an operator's patches may set (admins: any). */
  readonly patchableFields: readonly string[];
}

/**
 * Refuses an operator's re-run of `e` (`what`: reproduce, retry) that would bring back what an
 * admin has since changed or removed (see revokedByAdmin): its profile snapshot, unless the re-run
 * takes the profile as it is now, and `pinned`, the configuration it would run with, unless that is
 * the active one. Null when it may go: nothing stands out, or the actor is an admin.
 */
export const rerunRefusal = async (
  deps: RerunGateDeps,
  e: Execution,
  uses: { readonly snapshot: boolean; readonly pinned: ProjectConfig | null },
  actor: Actor,
  what: string,
): Promise<AppError | null> => {
  if (roleAllows(actor.role, 'admin')) return null;
  const revoked = revokedByAdmin(
    {
      profile: uses.snapshot
        ? { ran: e.profileSnapshot, now: e.profileId ? await deps.profiles.get(e.profileId) : null }
        : null,
      config: uses.pinned
        ? { ran: uses.pinned, now: (await deps.configs.active(e.projectModule))?.config ?? null }
        : null,
    },
    deps.patchableFields,
  );
  return revoked.length === 0
    ? null
    : appError(
        'forbidden',
        `only an admin may ${what} execution ${e.id} as it ran: an admin has since changed or removed ${revoked.join(', ')}, which decide what code runs where`,
        { admin_only: revoked },
      );
};
