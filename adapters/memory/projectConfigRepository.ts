import type { NewEvent } from '../../core/domain/event.js';
import type { ProjectConfigVersion } from '../../core/domain/projectVersion.js';
import type { NewProjectConfig, ProjectConfigRepository } from '../../core/ports/ProjectConfigRepository.js';
import { decodeCursor, encodeCursor, json, type MemoryStore, pageAfter } from './store.js';

export class MemoryProjectConfigRepository implements ProjectConfigRepository {
  constructor(private readonly store: MemoryStore) {}

  private withActive = (v: Omit<ProjectConfigVersion, 'active'>): ProjectConfigVersion => ({
    ...v,
    active: this.store.activeVersion.get(v.projectModule) === v.version,
  });

  private newestFirst = (projectModule: string) =>
    [...(this.store.configs.get(projectModule) ?? [])].reverse().map(this.withActive);

  async saveVersion(c: NewProjectConfig, now: Date, event: (version: number) => NewEvent) {
    const active = await this.active(c.projectModule);
    if (active && active.contentHash === c.contentHash) return { version: active, created: false };
    const versions = this.store.configs.get(c.projectModule) ?? [];
    const next = Math.max(0, ...versions.map((v) => v.version)) + 1;
    const stored = {
      projectModule: c.projectModule,
      version: next,
      contentHash: c.contentHash,
      yaml: c.yaml,
      config: json(c.config),
      createdAt: now,
      createdBy: c.createdBy,
    };
    this.store.configs.set(c.projectModule, [...versions, stored]);
    this.store.activeVersion.set(c.projectModule, next);
    this.store.appendEvent(event(next), now);
    return { version: this.withActive(stored), created: true };
  }

  lastActive(projectModule: string): Promise<ProjectConfigVersion | null> {
    return this.active(projectModule);
  }

  async active(projectModule: string): Promise<ProjectConfigVersion | null> {
    const v = this.store.activeVersion.get(projectModule);
    return v === undefined ? null : this.get(projectModule, v);
  }

  async get(projectModule: string, version: number): Promise<ProjectConfigVersion | null> {
    const v = this.store.configs.get(projectModule)?.find((x) => x.version === version);
    return v ? this.withActive(v) : null;
  }

  async pinned(projectModule: string, version: number) {
    return this.store.configs.get(projectModule)?.find((x) => x.version === version)?.config ?? null;
  }

  async allActive(): Promise<readonly ProjectConfigVersion[]> {
    const modules = [...this.store.activeVersion.keys()].sort();
    const all = await Promise.all(modules.map((m) => this.active(m)));
    return all.filter((v): v is ProjectConfigVersion => v !== null);
  }

  async versions(projectModule: string): Promise<readonly ProjectConfigVersion[]> {
    return this.newestFirst(projectModule);
  }

  async versionPage(projectModule: string, limit: number, cursor: string | null) {
    const before = cursor === null ? Number.MAX_SAFE_INTEGER : decodeCursor('v', cursor);
    if (!Number.isSafeInteger(before)) return 'bad_cursor' as const;
    return pageAfter(
      this.newestFirst(projectModule),
      (v) => v.version < (before as number),
      limit,
      (v) => encodeCursor('v', v.version),
    );
  }
}
