import type { SurveyorDeps } from './deps.js';

/** What a route's `project` names by id: the project of an execution, source, profile or alert rule. */
export type ProjectOwner = 'execution' | 'source' | 'profile' | 'rule';

/**
 * The project a resource belongs to, for the API's check of roles held for single projects
 * (domain/roles.ts roleIn): null when there is no such resource, or it belongs to no project (a
 * global profile, a rule on every project), so only the caller's own role counts.
 */
export const accessOperations = (d: SurveyorDeps) => ({
  projectOf: async (owner: ProjectOwner, id: string): Promise<string | null> => {
    switch (owner) {
      case 'execution':
        return (await d.executions.executions.get(id))?.projectModule ?? null;
      case 'source':
        return (await d.sources.sources.get(id))?.projectModule ?? null;
      case 'profile':
        return (await d.profiles.profiles.get(id))?.project_module ?? null;
      case 'rule':
        return (await d.alerts.alerts.getRule(id))?.projectModule ?? null;
    }
  },
});
