import * as E from 'fp-ts/lib/Either.js';
import { budgetLoosened, configAdminOnly } from '../../domain/configTrust.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { ProjectConfigVersion } from '../../domain/projectVersion.js';
import { type Role, roleAllows } from '../../domain/roles.js';
import { type AppError, appError, validationError } from '../../errors.js';
import type { Clock } from '../../ports/Clock.js';
import type { GraphStore } from '../../ports/GraphStore.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import { graphIssues } from './checkGraph.js';

export interface UploadDeps {
  readonly configs: ProjectConfigRepository;
  readonly digest: ContentDigest;
  readonly clock: Clock;
  /** Graph fields an operator may patch (admins: any). */
  readonly patchableFields: readonly string[];
  /** Where the configuration's graph is read, to check it before it is stored. */
  readonly graphs: GraphStore;
}

/**
 * Stores a validated configuration as the project's new active version (executions created from
 * now on pin it). Uploading the active content again changes nothing. A graph URL and patches of
 * fields outside the patchable list choose what code runs: only an admin may add or change them;
 * nor may an operator loosen the project's budget (budgetLoosened).
 * A graph that cannot run (missing, another sha256, a schema DALiuGE does not read, patches that do
 * not apply) is refused with its problems (`graphIssues`), before anything is stored.
 */
export const uploadProjectConfig = async (
  deps: UploadDeps,
  input: { readonly yaml: string; readonly config: ProjectConfig; readonly by: string; readonly role: Role },
): Promise<E.Either<AppError, { version: ProjectConfigVersion; created: boolean }>> => {
  const projectModule = input.config.metadata.module;
  if (!roleAllows(input.role, 'admin')) {
    const active = (await deps.configs.active(projectModule))?.config ?? null;
    const code = configAdminOnly(input.config, active, deps.patchableFields);
    const budget = budgetLoosened(input.config, active);
    const why = [
      ...(code.length > 0
        ? [
            `a graph URL and patches of fields other than ${deps.patchableFields.join(', ')} decide what code runs`,
          ]
        : []),
      ...(budget.length > 0 ? ['a budget is loosened by an admin only (ask one for more)'] : []),
    ];
    const refused = [...code, ...budget];
    if (refused.length > 0)
      return E.left(
        appError('forbidden', `only an admin may set ${refused.join(', ')}: ${why.join('; ')}`, {
          admin_only: refused,
        }),
      );
  }
  const issues = await graphIssues(deps.graphs, input.config);
  if (issues.length > 0)
    return E.left(
      validationError(`the configuration's graph cannot be used: ${issues.length} problem(s)`, issues),
    );
  const contentHash = deps.digest.digest(input.yaml);
  return E.right(
    await deps.configs.saveVersion(
      { projectModule, yaml: input.yaml, contentHash, config: input.config, createdBy: input.by },
      deps.clock.now(),
      (version) => ({
        projectModule,
        subjectType: 'project',
        subjectId: projectModule,
        kind: 'project.config_uploaded',
        payload: { version, content_hash: contentHash, by_role: input.role },
        actor: input.by,
      }),
    ),
  );
};
