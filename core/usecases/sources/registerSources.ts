import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import { nearestModule, projectModuleProblem } from '../../domain/projectModule.js';
import { identifierProblem, type Source } from '../../domain/source.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { Random } from '../../ports/Random.js';
import type { NewSource, SourceRepository } from '../../ports/SourceRepository.js';

export interface SourceDeps {
  readonly sources: SourceRepository;
  readonly configs: ProjectConfigRepository;
  readonly clock: Clock;
  readonly random: Random;
}

export interface SourceItem {
  readonly source_identifier: string;
  readonly enabled?: boolean;
}

export type ItemResult =
  | { readonly source_identifier: string; readonly status: 'created' | 'exists'; readonly source: Source }
  | { readonly source_identifier: string; readonly status: 'invalid'; readonly error: string };

export const maxBulkSources = 1000;

/**
 * Why sources cannot be registered under this module: a name that breaks the module pattern, or a
 * project nobody configured (a misspelt name would otherwise make a project of its own, found out
 * only at discovery, and a new metric series), with the configured name it is nearest to.
 */
const moduleRefusal = async (deps: SourceDeps, projectModule: string) => {
  const problem = projectModuleProblem(projectModule);
  if (problem)
    return validationError('the project module is not valid', [{ path: 'project_module', message: problem }]);
  const active = await deps.configs.active(projectModule);
  if (active) return active;
  const near = nearestModule(
    projectModule,
    (await deps.configs.allActive()).map((v) => v.projectModule),
  );
  return validationError(`no project ${projectModule} is configured`, [
    {
      path: 'project_module',
      message: `no configuration was uploaded for project ${projectModule}${near ? `: did you mean ${near}?` : ': upload one first (surveyor project upload)'}`,
    },
  ]);
};

/**
 * Registers sources of one project, which must be configured. Idempotent by identifier: an
 * identifier already registered comes back as `exists`, untouched. Identifiers are checked against
 * the project's pattern.
 */
export const registerSources = async (
  deps: SourceDeps,
  projectModule: string,
  items: readonly SourceItem[],
  actor: string,
): Promise<E.Either<AppError, ItemResult[]>> => {
  if (items.length > maxBulkSources)
    return E.left(
      validationError('too many sources', [
        { path: 'sources', message: `at most ${maxBulkSources} per request` },
      ]),
    );
  const active = await moduleRefusal(deps, projectModule);
  if ('code' in active) return E.left(active);
  const pattern = active.config.source_identity.pattern;
  const seen = new Set<string>();
  const fresh: NewSource[] = [];
  // One slot per item, in the client's order: a result now, or an identifier to fill in after storing.
  const slots = items.map((item): ItemResult | string => {
    const id = item.source_identifier;
    const problem = seen.has(id) ? 'appears twice in this request' : identifierProblem(id, pattern);
    if (problem) return { source_identifier: id, status: 'invalid', error: problem };
    seen.add(id);
    fresh.push({
      id: deps.random.uuid(),
      projectModule,
      sourceIdentifier: id,
      enabled: item.enabled ?? true,
    });
    return id;
  });
  const { created, existing } = await deps.sources.createMany(fresh, deps.clock.now(), (s) => ({
    projectModule,
    subjectType: 'source',
    subjectId: s.id,
    kind: 'source.registered',
    payload: { source_identifier: s.sourceIdentifier, enabled: s.enabled },
    actor,
  }));
  const stored = new Map<string, ItemResult>();
  for (const src of created)
    stored.set(src.sourceIdentifier, {
      source_identifier: src.sourceIdentifier,
      status: 'created',
      source: src,
    });
  for (const src of existing)
    stored.set(src.sourceIdentifier, {
      source_identifier: src.sourceIdentifier,
      status: 'exists',
      source: src,
    });
  return E.right(slots.map((slot) => (typeof slot === 'string' ? stored.get(slot)! : slot)));
};

/** The single-source form: 409 when it exists, 422 when invalid. */
export const registerSource = async (
  deps: SourceDeps,
  projectModule: string,
  item: SourceItem,
  actor: string,
): Promise<E.Either<AppError, Source>> => {
  const r = await registerSources(deps, projectModule, [item], actor);
  if (E.isLeft(r)) return r;
  const [one] = r.right;
  if (!one || one.status === 'invalid')
    return E.left(
      validationError('the source is not valid', [
        { path: 'source_identifier', message: one?.error ?? 'invalid' },
      ]),
    );
  if (one.status === 'exists')
    return E.left(
      appError('conflict', `source ${item.source_identifier} already exists in ${projectModule}`, {
        uuid: one.source.id,
      }),
    );
  return E.right(one.source);
};
