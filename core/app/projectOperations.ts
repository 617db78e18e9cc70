import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../errors.js';
import { viewVersion, viewVersionSummary } from '../domain/projectVersion.js';
import type { Actor } from '../usecases/profiles/saveProfile.js';
import { uploadProjectConfig } from '../usecases/projects/uploadProjectConfig.js';
import { projectUsage, type UsageRequest } from '../usecases/budgets/projectUsage.js';
import { automationStanding } from '../usecases/automation/automationStanding.js';
import { noProject } from '../usecases/projects/unknownProject.js';
import type { SurveyorDeps } from './deps.js';
import { badCursor, defaultPageSize, type EventPageRequest, eventPage, type PageRequest } from './pages.js';
import type { ProjectYamlLocator, ProjectYamlParser } from './ports.js';

/** A refusal's issues (the graph's, found after parsing) at their line and column in the YAML. */
const located = async (e: AppError, yaml: string, locate: ProjectYamlLocator): Promise<AppError> => {
  const issues = e.details?.['issues'];
  if (e.code !== 'validation_failed' || !Array.isArray(issues)) return e;
  const at = await locate(
    yaml,
    issues.map((i: { path: string }) => i.path),
  );
  return {
    ...e,
    details: {
      ...e.details,
      issues: issues.map((i: { path: string }, n) => ({ ...i, ...at[n], code: 'graph' })),
    },
  };
};

/** Project configurations: upload (a new version when the content changed), read, versions, events. */
export const projectOperations = (d: SurveyorDeps, parse: ProjectYamlParser, locate: ProjectYamlLocator) => ({
  /** `created` is false when the content equals the active version's (nothing changed). */
  upload: async (yaml: string, actor: Actor) => {
    const parsed = await parse(yaml);
    if (E.isLeft(parsed))
      return E.left(
        appError('validation_failed', `the project configuration has ${parsed.left.length} problem(s)`, {
          issues: parsed.left.map((i) => ({
            path: i.path || '(document)',
            message: i.message,
            line: i.line,
            column: i.column,
            code: i.code,
          })),
        }),
      );
    const r = await uploadProjectConfig(d.projects, {
      yaml,
      config: parsed.right,
      by: actor.username,
      role: actor.role,
    });
    if (E.isLeft(r)) return E.left(await located(r.left, yaml, locate));
    return E.right({ version: viewVersion(r.right.version), created: r.right.created });
  },
  /** Every project's active version, by name (a project is a module with a configuration). */
  list: async () => {
    const all = await d.projects.configs.allActive();
    return [...all].sort((a, b) => a.projectModule.localeCompare(b.projectModule)).map(viewVersionSummary);
  },
  active: async (module: string) => {
    const v = await d.projects.configs.active(module);
    return v ? E.right(viewVersion(v)) : E.left(await noProject(d.projects.configs, module));
  },
  version: async (module: string, version: number) => {
    const v = await d.projects.configs.get(module, version);
    return v
      ? E.right(viewVersion(v))
      : E.left(appError('not_found', `project ${module} has no version ${version}`));
  },
  versions: async (module: string, page: PageRequest = {}) => {
    const p = await d.projects.configs.versionPage(
      module,
      page.limit ?? defaultPageSize,
      page.cursor ?? null,
    );
    if (p === 'bad_cursor') return E.left(badCursor);
    if (p.items.length === 0 && page.cursor === undefined)
      return E.left(await noProject(d.projects.configs, module));
    return E.right({ items: p.items.map(viewVersionSummary), next_cursor: p.nextCursor });
  },
  events: async (module: string, page: EventPageRequest = {}) => {
    // A module that never had a configuration is not a project: say so rather than list nothing.
    if ((await d.projects.configs.versions(module)).length === 0)
      return E.left(await noProject(d.projects.configs, module));
    return eventPage(d.projects.events, { kind: 'project', projectModule: module }, page);
  },
  /** The project's execution automation and the sources its retry rule holds back (at most `limit`). */
  automation: (module: string, limit = 100) => automationStanding(d.projects, module, limit),
  /** What the project's runs used in a range, grouped, and its budget now. */
  usage: (module: string, q: UsageRequest) => projectUsage(d.executions, module, q),
});
