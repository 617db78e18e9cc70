import { type AppError, appError } from '../../errors.js';
import { noProjectText, projectModuleProblem } from '../../domain/projectModule.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';

/** Not found, naming the nearest project and those there are. */
export const noProject = async (
  configs: Pick<ProjectConfigRepository, 'allActive'>,
  m: string,
): Promise<AppError> =>
  appError(
    'not_found',
    noProjectText(
      m,
      (await configs.allActive()).map((v) => v.projectModule),
    ),
  );

/**
 * `noProject` when `m` is no project (a module with a configuration), null when it is one: a read
 * of a misspelt project says so instead of answering an empty list.
 */
export const unknownProject = async (
  configs: Pick<ProjectConfigRepository, 'active' | 'allActive'>,
  m: string,
): Promise<AppError | null> =>
  projectModuleProblem(m) === null && (await configs.active(m)) ? null : noProject(configs, m);
