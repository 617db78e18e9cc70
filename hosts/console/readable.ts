import { get } from './api.js';
import type { ConfigVersion, MeBody, ProfilePage, Projects } from './types.js';

/**
 * An account with no role of its own reads only the projects it holds a role for: the lists that
 * span every project refuse it, so the console reads its projects one by one instead.
 */
const ownProjects = (me: MeBody): string[] => Object.keys(me.project_roles).sort();

/** The projects with a configuration the signed-in account may read. */
export const readableProjects = async (me: MeBody): Promise<Projects> => {
  if (me.role !== 'none') return get<Projects>('/project-configs');
  const found = await Promise.all(
    // A project granted but not configured yet has no configuration to show.
    ownProjects(me).map((m) => get<ConfigVersion>(`/project-configs/${m}`).catch(() => null)),
  );
  return { items: found.filter((p): p is ConfigVersion => p !== null) };
};

/** The deployment profiles the signed-in account may read (the first page of each list). */
export const readableProfiles = async (me: MeBody): Promise<ProfilePage> => {
  if (me.role !== 'none') return get<ProfilePage>('/deployment-profiles?limit=500');
  const pages = await Promise.all(
    ownProjects(me).map((m) => get<ProfilePage>(`/deployment-profiles?limit=500&project_module=${m}`)),
  );
  const seen = new Set<string>();
  const items = pages.flatMap((p) => p.items).filter((p) => !seen.has(p.id) && seen.add(p.id));
  return { items, next_cursor: null };
};

/** The project a list shows when none is chosen: every project, or an account's first own one. */
export const defaultProject = (me: MeBody): string | undefined =>
  me.role === 'none' ? ownProjects(me)[0] : undefined;
