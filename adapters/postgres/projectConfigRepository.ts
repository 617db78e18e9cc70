import type { NewEvent } from '../../core/domain/event.js';
import type { ProjectConfig } from '../../core/domain/projectConfig.js';
import type { ProjectConfigVersion } from '../../core/domain/projectVersion.js';
import type { NewProjectConfig, ProjectConfigRepository } from '../../core/ports/ProjectConfigRepository.js';
import { type Db, prepared } from './db.js';
import { insertEvent } from './eventLog.js';

interface Row {
  project_module: string;
  version: number;
  content_hash: string;
  yaml: string;
  config: ProjectConfig;
  created_at: Date;
  created_by: string;
  active: boolean;
}

const toVersion = (r: Row): ProjectConfigVersion => ({
  projectModule: r.project_module,
  version: r.version,
  contentHash: r.content_hash,
  yaml: r.yaml,
  config: r.config,
  createdAt: r.created_at,
  createdBy: r.created_by,
  active: r.active,
});

const selectVersions = `SELECT c.*, (p.active_version = c.version) AS active
  FROM project_configs c LEFT JOIN projects p ON p.project_module = c.project_module`;

/** Configuration versions kept per process (they never change; a few projects' versions). */
const keptVersions = 256;

export class PgProjectConfigRepository implements ProjectConfigRepository {
  private readonly kept = new Map<string, ProjectConfigVersion>();
  /** The active version of each project as this process last read it (see lastActive). */
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly db: Db) {}

  async saveVersion(c: NewProjectConfig, now: Date, event: (version: number) => NewEvent) {
    return this.db.tx(async (tx) => {
      // Serialise uploads per project: the advisory lock covers projects that have no row yet.
      await tx.one('SELECT pg_advisory_xact_lock(hashtext($1)) AS ok', [`project:${c.projectModule}`]);
      const active = await tx.oneOrNone<Row>(
        `${selectVersions} WHERE c.project_module = $1 AND p.active_version = c.version`,
        [c.projectModule],
      );
      if (active && active.content_hash === c.contentHash)
        return { version: toVersion(active), created: false };
      const { next } = await tx.one<{ next: number }>(
        'SELECT coalesce(max(version), 0) + 1 AS next FROM project_configs WHERE project_module = $1',
        [c.projectModule],
      );
      await tx.none(
        `INSERT INTO project_configs (project_module, version, content_hash, yaml, config, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [c.projectModule, next, c.contentHash, c.yaml, JSON.stringify(c.config), now, c.createdBy],
      );
      await tx.none(
        `INSERT INTO projects (project_module, active_version, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (project_module) DO UPDATE SET active_version = EXCLUDED.active_version, updated_at = EXCLUDED.updated_at`,
        [c.projectModule, next, now],
      );
      await insertEvent(tx, event(next), now);
      return {
        version: {
          projectModule: c.projectModule,
          version: next,
          contentHash: c.contentHash,
          yaml: c.yaml,
          config: c.config,
          createdAt: now,
          createdBy: c.createdBy,
          active: true,
        },
        created: true,
      };
    });
  }

  async active(projectModule: string): Promise<ProjectConfigVersion | null> {
    // The project's row names its active version; the version itself is read once per process.
    const p = await this.db.oneOrNone<{ active_version: number }>(
      prepared('SELECT active_version FROM projects WHERE project_module = $1', [projectModule]),
    );
    if (!p) return null;
    const v = await this.version(projectModule, p.active_version);
    if (this.lastSeen.size >= keptVersions) this.lastSeen.clear();
    this.lastSeen.set(projectModule, p.active_version);
    return v ? { ...v, active: true } : null;
  }

  async lastActive(projectModule: string): Promise<ProjectConfigVersion | null> {
    const seen = this.lastSeen.get(projectModule);
    const v = seen === undefined ? null : await this.version(projectModule, seen);
    return v ? { ...v, active: true } : this.active(projectModule);
  }

  async get(projectModule: string, version: number): Promise<ProjectConfigVersion | null> {
    const r = await this.db.oneOrNone<Row>(
      `${selectVersions} WHERE c.project_module = $1 AND c.version = $2`,
      [projectModule, version],
    );
    return r ? toVersion(r) : null;
  }

  async pinned(projectModule: string, version: number): Promise<ProjectConfig | null> {
    return (await this.version(projectModule, version))?.config ?? null;
  }

  /** A version as it was stored (versions never change), kept; `active` is not kept up to date. */
  private async version(projectModule: string, version: number): Promise<ProjectConfigVersion | null> {
    const key = `${projectModule}\u0000${version}`;
    const hit = this.kept.get(key);
    if (hit) {
      // Least recently used goes first: a hit moves to the end.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    const r = await this.db.oneOrNone<Row>(
      `${selectVersions} WHERE c.project_module = $1 AND c.version = $2`,
      [projectModule, version],
    );
    if (!r) return null;
    const v = toVersion(r);
    this.kept.set(key, v);
    if (this.kept.size > keptVersions) this.kept.delete(this.kept.keys().next().value!);
    return v;
  }

  async allActive(): Promise<readonly ProjectConfigVersion[]> {
    const rows = await this.db.any<Row>(
      `${selectVersions} WHERE p.active_version = c.version ORDER BY c.project_module`,
    );
    return rows.map(toVersion);
  }

  async versionPage(projectModule: string, limit: number, cursor: string | null) {
    let before = Number.MAX_SAFE_INTEGER;
    if (cursor !== null) {
      const m = /^v:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (!m) return 'bad_cursor' as const;
      before = Number(m[1]);
    }
    const rows = await this.db.any<Row>(
      `${selectVersions} WHERE c.project_module = $1 AND c.version < $2 ORDER BY c.version DESC LIMIT $3`,
      [projectModule, before, limit + 1],
    );
    const items = rows.slice(0, limit).map(toVersion);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor: rows.length > limit && last ? Buffer.from(`v:${last.version}`).toString('base64url') : null,
    };
  }

  async versions(projectModule: string): Promise<readonly ProjectConfigVersion[]> {
    const rows = await this.db.any<Row>(
      `${selectVersions} WHERE c.project_module = $1 ORDER BY c.version DESC`,
      [projectModule],
    );
    return rows.map(toVersion);
  }
}
