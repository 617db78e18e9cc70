import { tablesOf } from '../../domain/adql.js';
import type { Archive } from '../../ports/Archive.js';
import type { PingCheck } from '../../ports/PingCheck.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';

export interface ArchivePingDeps {
  readonly configs: ProjectConfigRepository;
  readonly archive: Archive;
}

export type ArchivePingResult =
  | { readonly found: false; readonly message: string }
  | {
      readonly found: true;
      readonly url: string;
      readonly tables: readonly string[];
      readonly checks: readonly PingCheck[];
      readonly ok: boolean;
    };

/**
 * Checks from this process that an archive of a project's active configuration answers, takes the
 * archive account (when it needs one) and has the tables the configuration's queries read
 * (`surveyor archive ping`). Reads only.
 */
export const pingArchive = async (
  deps: ArchivePingDeps,
  projectModule: string,
  name: string,
  signal?: AbortSignal,
): Promise<ArchivePingResult> => {
  const active = await deps.configs.active(projectModule);
  if (!active) return { found: false, message: `project ${projectModule} has no configuration` };
  const archive = active.config.archives[name];
  if (!archive)
    return {
      found: false,
      message: `project ${projectModule} has no archive '${name}' (it has ${Object.keys(active.config.archives).join(', ') || 'none'})`,
    };
  const d = active.config.discovery;
  const tables = [
    ...new Set(
      [...d.queries, ...d.enrichments].filter((q) => q.archive === name).flatMap((q) => tablesOf(q.adql)),
    ),
  ];
  const checks = await deps.archive.ping(name, archive, tables, signal);
  return { found: true, url: archive.url, tables, checks, ok: checks.every((c) => c.ok) };
};
