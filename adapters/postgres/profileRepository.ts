import type {
  DeploymentProfile,
  DeploymentSettings,
  TranslationSettings,
} from '../../core/domain/profile.js';
import type { NewEvent } from '../../core/domain/event.js';
import type { ProfileRepository, ProfileWriteOutcome } from '../../core/ports/ProfileRepository.js';
import { insertEvent } from './eventLog.js';
import { type Db, prepared } from './db.js';

interface Row {
  id: string;
  name: string;
  description: string;
  project_module: string | null;
  is_default: boolean;
  translation: TranslationSettings;
  deployment: DeploymentSettings;
  version: number;
  created_at: Date;
  updated_at: Date;
}

// Prepared reads name their columns (see `prepared`).
const selectProfiles = `SELECT id, name, description, project_module, is_default, translation, deployment, version,
  created_at, updated_at FROM deployment_profiles`;

const toProfile = (r: Row): DeploymentProfile => ({
  id: r.id,
  name: r.name,
  description: r.description,
  project_module: r.project_module,
  is_default: r.is_default,
  translation: r.translation,
  deployment: r.deployment,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Unique violations name their index: that tells which rule the write broke. */
const classify = (err: unknown): ProfileWriteOutcome => {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'deployment_profiles_default') return 'default_taken';
  if (e.code === '23505' && e.constraint === 'deployment_profiles_name') return 'name_taken';
  throw err;
};

const values = (p: DeploymentProfile) => [
  p.id,
  p.name,
  p.description,
  p.project_module,
  p.is_default,
  JSON.stringify(p.translation),
  JSON.stringify(p.deployment),
  p.version,
  p.createdAt,
  p.updatedAt,
];

const encodeCursor = (k: [string, string]) => Buffer.from(`p:${JSON.stringify(k)}`).toString('base64url');
const decodeCursor = (c: string): [string, string] | null => {
  const text = Buffer.from(c, 'base64url').toString('utf8');
  if (!text.startsWith('p:')) return null;
  try {
    const k = JSON.parse(text.slice(2)) as unknown;
    return Array.isArray(k) && k.length === 2 && k.every((x) => typeof x === 'string')
      ? (k as [string, string])
      : null;
  } catch {
    return null;
  }
};

export class PgProfileRepository implements ProfileRepository {
  constructor(private readonly db: Db) {}

  async insert(p: DeploymentProfile, event: NewEvent, now: Date): Promise<ProfileWriteOutcome> {
    try {
      await this.db.tx(async (tx) => {
        await tx.none(
          `INSERT INTO deployment_profiles (id, name, description, project_module, is_default, translation, deployment,
             version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          values(p),
        );
        await insertEvent(tx, event, now);
      });
      return 'ok';
    } catch (err) {
      return classify(err);
    }
  }

  async replace(
    p: DeploymentProfile,
    expectedVersion: number,
    event: NewEvent,
    now: Date,
  ): Promise<ProfileWriteOutcome> {
    try {
      const done = await this.db.tx(async (tx) => {
        const r = await tx.result(
          `UPDATE deployment_profiles SET name = $2, description = $3, project_module = $4, is_default = $5,
             translation = $6, deployment = $7, version = $8, updated_at = $10
           WHERE id = $1 AND version = $11`,
          [...values(p), expectedVersion],
        );
        if (r.rowCount !== 1) return false;
        await insertEvent(tx, event, now);
        return true;
      });
      if (done) return 'ok';
      return (await this.get(p.id)) ? 'version_conflict' : 'not_found';
    } catch (err) {
      return classify(err);
    }
  }

  async delete(id: string, expectedVersion: number, event: NewEvent, now: Date): Promise<boolean> {
    return this.db.tx(async (tx) => {
      const r = await tx.result('DELETE FROM deployment_profiles WHERE id = $1 AND version = $2', [
        id,
        expectedVersion,
      ]);
      if (r.rowCount !== 1) return false;
      await insertEvent(tx, event, now);
      return true;
    });
  }

  async get(id: string): Promise<DeploymentProfile | null> {
    const r = await this.db.oneOrNone<Row>('SELECT * FROM deployment_profiles WHERE id = $1', [id]);
    return r ? toProfile(r) : null;
  }

  async findByName(projectModule: string | null, name: string): Promise<DeploymentProfile | null> {
    const r = await this.db.oneOrNone<Row>(
      'SELECT * FROM deployment_profiles WHERE project_module IS NOT DISTINCT FROM $1 AND name = $2',
      [projectModule, name],
    );
    return r ? toProfile(r) : null;
  }

  async findDefault(projectModule: string | null): Promise<DeploymentProfile | null> {
    const r = await this.db.oneOrNone<Row>(
      prepared(`${selectProfiles} WHERE project_module IS NOT DISTINCT FROM $1::text AND is_default`, [
        projectModule,
      ]),
    );
    return r ? toProfile(r) : null;
  }

  async page(projectModule: string | undefined, limit: number, cursor: string | null) {
    // Keyset paging on (scope, name): the global profiles first (scope ''), then by module.
    let after: [string, string] = ['', ''];
    if (cursor !== null) {
      const c = decodeCursor(cursor);
      if (c === null) return 'bad_cursor' as const;
      after = c;
    }
    const rows = await this.db.any<Row>(
      `SELECT * FROM deployment_profiles
       WHERE ($1::text IS NULL OR project_module = $1 OR project_module IS NULL)
         AND (COALESCE(project_module, '') COLLATE "C" > $2
              OR (COALESCE(project_module, '') = $2 AND name COLLATE "C" > $3))
       ORDER BY COALESCE(project_module, '') COLLATE "C", name COLLATE "C" LIMIT $4`,
      [projectModule ?? null, after[0], after[1], limit + 1],
    );
    const items = rows.slice(0, limit).map(toProfile);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor: rows.length > limit && last ? encodeCursor([last.project_module ?? '', last.name]) : null,
    };
  }

  async list(projectModule?: string): Promise<readonly DeploymentProfile[]> {
    const rows =
      projectModule === undefined
        ? await this.db.any<Row>(
            'SELECT * FROM deployment_profiles ORDER BY project_module NULLS FIRST, name',
          )
        : await this.db.any<Row>(
            `SELECT * FROM deployment_profiles WHERE project_module = $1 OR project_module IS NULL
             ORDER BY project_module NULLS FIRST, name`,
            [projectModule],
          );
    return rows.map(toProfile);
  }
}
