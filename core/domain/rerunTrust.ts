import { configAdminOnly } from './configTrust.js';
import { codeFieldChanges, type ProfileSettings } from './profile.js';
import type { ProjectConfig } from './projectConfig.js';

/** What a re-run would take as the original had it, and what stands today. */
export interface RerunSides {
  /** The profile snapshot it would run with, and the profile as it is now (null: deleted). */
  readonly profile: { readonly ran: ProfileSettings; readonly now: ProfileSettings | null } | null;
  /** The configuration it would pin, and the project's active one (null: none). */
  readonly config: { readonly ran: ProjectConfig; readonly now: ProjectConfig | null } | null;
}

/**
 * What a re-run of an older execution (reproduce, retry) would bring back that an admin has since
 * changed or removed: a profile's code fields that differ from the profile's today, a profile that
 * was deleted (nothing can pause it any more), and a configuration's admin-only parts (a graph URL,
 * patches of code fields) that the active version no longer holds. An operator may re-run only
 * what still stands; an admin may bring back what they changed. Empty when nothing stands out.
 */
export const revokedByAdmin = (sides: RerunSides, patchable: readonly string[]): string[] => {
  const out: string[] = [];
  if (sides.profile) {
    const { ran, now } = sides.profile;
    if (now === null) out.push(`deployment profile ${ran.name} (deleted)`);
    else out.push(...codeFieldChanges(ran, now).map((f) => `profile ${f}`));
  }
  if (sides.config)
    out.push(
      ...configAdminOnly(sides.config.ran, sides.config.now, patchable).map((f) => `configuration ${f}`),
    );
  return out;
};
