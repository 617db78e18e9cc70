import type { NewEvent } from '../domain/event.js';
import type { ProjectConfig } from '../domain/projectConfig.js';
import type { ProjectConfigVersion } from '../domain/projectVersion.js';

export interface NewProjectConfig {
  readonly projectModule: string;
  readonly yaml: string;
  readonly contentHash: string;
  readonly config: ProjectConfig;
  readonly createdBy: string;
}

export interface ProjectConfigRepository {
  /**
   * Stores a new version and makes it active, with `event` in the same transaction, unless the
   * active version has the same content hash: then nothing changes and that version comes back.
   */
  saveVersion(
    c: NewProjectConfig,
    now: Date,
    event: (version: number) => NewEvent,
  ): Promise<{ version: ProjectConfigVersion; created: boolean }>;
  active(projectModule: string): Promise<ProjectConfigVersion | null>;
  /**
   * The active version as this process last read it (read now when it has not): maybe replaced
   * since, so only for a writer whose own statement checks the version is still active
   * (ExecutionRepository.insert), and which answers anything but a success from a fresh read.
   */
  lastActive(projectModule: string): Promise<ProjectConfigVersion | null>;
  get(projectModule: string, version: number): Promise<ProjectConfigVersion | null>;
  /**
   * The configuration of a version: what executions pinned. A version never changes once stored,
   * so adapters may keep it (a request path reads it on every call).
   */
  pinned(projectModule: string, version: number): Promise<ProjectConfig | null>;
  /** The active version of every project. */
  allActive(): Promise<readonly ProjectConfigVersion[]>;
  /** Newest first. */
  versions(projectModule: string): Promise<readonly ProjectConfigVersion[]>;
  /** The versions, newest first, a page at a time after an opaque cursor of the last page. */
  versionPage(
    projectModule: string,
    limit: number,
    cursor: string | null,
  ): Promise<{ items: readonly ProjectConfigVersion[]; nextCursor: string | null } | 'bad_cursor'>;
}
