import type { DeploymentProfile } from '../../domain/profile.js';
import type { DeploymentBackends } from '../../ports/DeploymentBackend.js';
import type { PingCheck } from '../../ports/PingCheck.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { Translator } from '../../ports/Translator.js';

export interface PingDeps {
  readonly profiles: ProfileRepository;
  readonly translator: Translator;
  readonly backends: DeploymentBackends;
}

/** What a profile's ping found: its translator's and its backend's checks. */
export interface ProfileChecks {
  readonly checks: readonly PingCheck[];
  readonly ok: boolean;
}

/** Checks that a profile's translator and backend answer. Reads only, here and there. */
export const checkProfile = async (
  deps: Pick<PingDeps, 'translator' | 'backends'>,
  profile: DeploymentProfile,
  signal?: AbortSignal,
): Promise<ProfileChecks> => {
  const checks = [
    // Both backends translate (rest_remote maps as well), so the translator is always checked.
    await deps.translator.ping(profile.translation, signal),
    ...(await deps.backends.get(profile.deployment.kind).ping(profile, signal)),
  ];
  return { checks, ok: checks.every((c) => c.ok) };
};

export type PingResult =
  | { readonly found: false; readonly message: string }
  | {
      readonly found: true;
      readonly profile: DeploymentProfile;
      readonly checks: readonly PingCheck[];
      readonly ok: boolean;
    };

/**
 * Checks from this process that a profile's translator and backend answer (`surveyor profile
 * ping`). Reads only: nothing is created, submitted or changed, here or there. A project's profile
 * is looked up first, then a global one of that name.
 */
export const pingProfile = async (
  deps: PingDeps,
  name: string,
  projectModule: string | null,
  signal?: AbortSignal,
): Promise<PingResult> => {
  const profile =
    (projectModule !== null ? await deps.profiles.findByName(projectModule, name) : null) ??
    (await deps.profiles.findByName(null, name));
  if (!profile)
    return {
      found: false,
      message: `no profile '${name}'${projectModule ? ` in ${projectModule} or global` : ' among the global ones (give --project for a project profile)'}`,
    };
  return { found: true, profile, ...(await checkProfile(deps, profile, signal)) };
};
