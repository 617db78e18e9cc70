import type {
  DeploymentProfile,
  DeploymentSettings,
  TranslationSettings,
} from '../../core/domain/profile.js';
import type { ProfileRepository, ProfileWriteOutcome } from '../../core/ports/ProfileRepository.js';
import type { Db } from './db.js';

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

export class PgProfileRepository implements ProfileRepository {
  constructor(private readonly db: Db) {}

  async insert(p: DeploymentProfile): Promise<ProfileWriteOutcome> {
    try {
      await this.db.none(
        `INSERT INTO deployment_profiles (id, name, description, project_module, is_default, translation, deployment,
           version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        values(p),
      );
      return 'ok';
    } catch (err) {
      return classify(err);
    }
  }

  async replace(p: DeploymentProfile, expectedVersion: number): Promise<ProfileWriteOutcome> {
    try {
      const r = await this.db.result(
        `UPDATE deployment_profiles SET name = $2, description = $3, project_module = $4, is_default = $5,
           translation = $6, deployment = $7, version = $8, updated_at = $10
         WHERE id = $1 AND version = $11`,
        [...values(p), expectedVersion],
      );
      if (r.rowCount === 1) return 'ok';
      return (await this.get(p.id)) ? 'version_conflict' : 'not_found';
    } catch (err) {
      return classify(err);
    }
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.result('DELETE FROM deployment_profiles WHERE id = $1', [id])).rowCount === 1;
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
      'SELECT * FROM deployment_profiles WHERE project_module IS NOT DISTINCT FROM $1 AND is_default',
      [projectModule],
    );
    return r ? toProfile(r) : null;
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
