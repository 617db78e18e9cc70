import type { ProjectConfig } from '../domain/projectConfig.js';
import type { ProjectConfigVersion } from '../domain/projectVersion.js';
import type { Clock } from '../ports/Clock.js';
import type { ProjectConfigRepository } from '../ports/ProjectConfigRepository.js';
import type { TokenDigest } from '../ports/TokenDigest.js';

export interface UploadDeps {
  readonly configs: ProjectConfigRepository;
  readonly digest: TokenDigest;
  readonly clock: Clock;
}

/**
 * Stores a validated configuration as the project's new active version (executions created from
 * now on pin it). Uploading the active content again changes nothing.
 */
export const uploadProjectConfig = async (
  deps: UploadDeps,
  input: { readonly yaml: string; readonly config: ProjectConfig; readonly by: string },
): Promise<{ version: ProjectConfigVersion; created: boolean }> => {
  const contentHash = deps.digest.digest(input.yaml);
  const projectModule = input.config.metadata.module;
  return deps.configs.saveVersion(
    { projectModule, yaml: input.yaml, contentHash, config: input.config, createdBy: input.by },
    deps.clock.now(),
    (version) => ({
      projectModule,
      subjectType: 'project',
      subjectId: projectModule,
      kind: 'project.config_uploaded',
      payload: { version, content_hash: contentHash },
      actor: input.by,
    }),
  );
};
