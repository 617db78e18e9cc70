import type { NewEvent } from '../../core/domain/event.js';
import type { DiscoveryState, Source, SourceMetadata, SourceSummary } from '../../core/domain/source.js';
import { pastPrefix, type SourceFilter } from '../../core/domain/sourceFilter.js';
import type { NewSource, SourcePage, SourceRepository } from '../../core/ports/SourceRepository.js';
import { type Db, pgp, prepared } from './db.js';
import { insertEvent } from './eventLog.js';

interface Row {
  id: string;
  project_module: string;
  source_identifier: string;
  enabled: boolean;
  discovery_state: DiscoveryState;
  discovery_error: string | null;
  discovered_at: Date | null;
  config_version: number | null;
  metadata: SourceMetadata | null;
  discovery_flags: Record<string, unknown>;
  signature: string | null;
  processed_signature: string | null;
  created_at: Date;
  updated_at: Date;
}

// Prepared reads name their columns (see `prepared`).
const selectSources = `SELECT id, project_module, source_identifier, enabled, discovery_state, discovery_error,
  discovered_at, config_version, metadata, discovery_flags, signature, processed_signature, created_at, updated_at
  FROM sources`;

const toSource = (r: Row): Source => ({
  id: r.id,
  projectModule: r.project_module,
  sourceIdentifier: r.source_identifier,
  enabled: r.enabled,
  discoveryState: r.discovery_state,
  discoveryError: r.discovery_error,
  discoveredAt: r.discovered_at,
  configVersion: r.config_version,
  metadata: r.metadata,
  discoveryFlags: r.discovery_flags,
  signature: r.signature,
  processedSignature: r.processed_signature,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * A source row of alias `s` as a JSON object, for a read that brings sources along in its own row
 * (`sourceFromJson` reads it back). Times as epoch milliseconds, as a Date holds them.
 */
export const sourceJsonSql = `json_build_object('id', s.id, 'project_module', s.project_module,
  'source_identifier', s.source_identifier, 'enabled', s.enabled, 'discovery_state', s.discovery_state,
  'discovery_error', s.discovery_error, 'config_version', s.config_version, 'metadata', s.metadata,
  'discovery_flags', s.discovery_flags, 'signature', s.signature, 'processed_signature', s.processed_signature,
  'discovered_ms', floor(extract(epoch FROM s.discovered_at) * 1000),
  'created_ms', floor(extract(epoch FROM s.created_at) * 1000),
  'updated_ms', floor(extract(epoch FROM s.updated_at) * 1000))`;

export type SourceJson = Omit<Row, 'discovered_at' | 'created_at' | 'updated_at'> & {
  discovered_ms: number | null;
  created_ms: number;
  updated_ms: number;
};

export const sourceFromJson = (j: SourceJson): Source =>
  toSource({
    ...j,
    discovered_at: j.discovered_ms === null ? null : new Date(j.discovered_ms),
    created_at: new Date(j.created_ms),
    updated_at: new Date(j.updated_ms),
  });

// A timestamp column as epoch milliseconds in a float8 (which pg returns as a number); see list.
const epochMs = (column: string) => `(round(date_part('epoch', ${column}) * 1000000)::bigint / 1000)::float8`;

const toProcess = 'signature IS NOT NULL AND signature IS DISTINCT FROM processed_signature';

/**
 * A page's conditions past the project and the cursor (parameters from $4), and a name for their
 * shape, so each shape is prepared once. Switches are written into the text, not passed: the
 * partial indexes of migration 0026 (disabled sources, sources to process) apply only to a
 * condition the planner sees. A prefix is a range of the page index, then checked exactly.
 */
const pageWhere = (f: SourceFilter) => {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length + 3}`;
  };
  let text = '';
  let shape = '';
  if (f.discoveryState !== undefined) {
    text += ` AND discovery_state = ${param(f.discoveryState)}`;
    shape += '-state';
  }
  if (f.enabled !== undefined) {
    text += f.enabled ? ' AND enabled' : ' AND NOT enabled';
    shape += f.enabled ? '-on' : '-off';
  }
  if (f.needsProcessing !== undefined) {
    text += f.needsProcessing ? ` AND ${toProcess}` : ` AND NOT (${toProcess})`;
    shape += f.needsProcessing ? '-todo' : '-done';
  }
  if (f.identifierPrefix !== undefined) {
    const p = param(f.identifierPrefix);
    text += ` AND source_identifier COLLATE "C" >= ${p} AND starts_with(source_identifier, ${p})`;
    const end = pastPrefix(f.identifierPrefix);
    if (end !== null) text += ` AND source_identifier COLLATE "C" < ${param(end)}`;
    shape += end === null ? '-prefix' : '-range';
  }
  return { text, values, shape };
};

// Source list cursors: the last identifier seen, base64url-encoded (lists are ordered by identifier).
const encodeCursor = (ident: string) => Buffer.from(`s:${ident}`).toString('base64url');
const decodeCursor = (c: string): string | null => {
  const text = Buffer.from(c, 'base64url').toString('utf8');
  return text.startsWith('s:') ? text.slice(2) : null;
};

export class PgSourceRepository implements SourceRepository {
  constructor(private readonly db: Db) {}

  async createMany(sources: readonly NewSource[], now: Date, event: (s: NewSource) => NewEvent) {
    if (sources.length === 0) return { created: [], existing: [] };
    return this.db.tx(async (tx) => {
      const created: Source[] = [];
      for (const s of sources) {
        const r = await tx.oneOrNone<Row>(
          `INSERT INTO sources (id, project_module, source_identifier, enabled, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (project_module, source_identifier) DO NOTHING RETURNING *`,
          [s.id, s.projectModule, s.sourceIdentifier, s.enabled, now],
        );
        if (r) {
          created.push(toSource(r));
          await insertEvent(tx, event(s), now);
        }
      }
      const createdIds = new Set(created.map((c) => c.sourceIdentifier));
      const others = sources
        .filter((s) => !createdIds.has(s.sourceIdentifier))
        .map((s) => s.sourceIdentifier);
      const existing =
        others.length === 0
          ? []
          : (
              await tx.any<Row>(
                'SELECT * FROM sources WHERE project_module = $1 AND source_identifier = ANY($2)',
                [sources[0]!.projectModule, others],
              )
            ).map(toSource);
      return { created, existing };
    });
  }

  async get(id: string): Promise<Source | null> {
    const r = await this.db.oneOrNone<Row>('SELECT * FROM sources WHERE id = $1', [id]);
    return r ? toSource(r) : null;
  }

  async getMany(ids: readonly string[]): Promise<Source[]> {
    if (ids.length === 0) return [];
    return (await this.db.any<Row>(prepared(`${selectSources} WHERE id = ANY($1::uuid[])`, [ids]))).map(
      toSource,
    );
  }

  async identifiersOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.any<{ id: string; source_identifier: string }>(
      prepared('SELECT id, source_identifier FROM sources WHERE id = ANY($1::uuid[])', [[...new Set(ids)]]),
    );
    return new Map(rows.map((r) => [r.id, r.source_identifier]));
  }

  async setEnabled(id: string, enabled: boolean, now: Date, event: NewEvent): Promise<Source | null> {
    return this.db.tx(async (tx) => {
      const changed = await tx.oneOrNone<Row>(
        'UPDATE sources SET enabled = $2, updated_at = $3 WHERE id = $1 AND enabled <> $2 RETURNING *',
        [id, enabled, now],
      );
      if (changed) {
        await insertEvent(tx, event, now);
        return toSource(changed);
      }
      const r = await tx.oneOrNone<Row>('SELECT * FROM sources WHERE id = $1', [id]);
      return r ? toSource(r) : null;
    });
  }

  async delete(id: string, now: Date, event: NewEvent): Promise<'ok' | 'not_found' | 'busy'> {
    return this.db.tx(async (tx) => {
      // The row lock makes a concurrent execution create or discovery claim wait for this answer.
      const r = await tx.oneOrNone<Row>('SELECT * FROM sources WHERE id = $1 FOR UPDATE', [id]);
      if (!r) return 'not_found';
      const held = await tx.oneOrNone(
        `SELECT 1 FROM executions WHERE $1 = ANY(source_ids)
           AND state NOT IN ('completed', 'failed', 'cancelled') LIMIT 1`,
        [id],
      );
      if (held || r.discovery_state === 'queued' || r.discovery_state === 'running') return 'busy';
      await tx.none('DELETE FROM sources WHERE id = $1', [id]);
      await insertEvent(tx, event, now);
      return 'ok';
    });
  }

  async findByIdentifiers(projectModule: string, identifiers: readonly string[]): Promise<Source[]> {
    if (identifiers.length === 0) return [];
    const rows = await this.db.any<Row>(
      prepared(`${selectSources} WHERE project_module = $1 AND source_identifier = ANY($2::text[])`, [
        projectModule,
        identifiers,
      ]),
    );
    return rows.map(toSource);
  }

  async list(
    projectModule: string,
    filter: SourceFilter,
    limit: number,
    cursor: string | null,
  ): Promise<SourcePage | 'bad_cursor'> {
    const after = cursor === null ? '' : decodeCursor(cursor);
    if (after === null) return 'bad_cursor';
    const where = pageWhere(filter);
    // The columns a list shows only: metadata and flags can be large, and a page parses none; the
    // signatures only as whether they differ (needsProcessing in the domain). Prepared: PostgreSQL
    // plans it once per connection. Times come as epoch milliseconds, cut to the millisecond as a
    // Date holds them (a number is cheaper to turn into a Date than a timestamp's text, and a page
    // has 300 of them), computed in float8: EXTRACT's numeric cost PostgreSQL a third of the
    // page. date_part's seconds are within half a unit in the last place of the exact value, so
    // rounding them times 10^6 gives the exact microseconds (the error is under 0.25 us until
    // about 2100), and the integer division cuts them to milliseconds.
    const rows = await this.db.any<{
      id: string;
      project_module: string;
      source_identifier: string;
      enabled: boolean;
      discovery_state: DiscoveryState;
      needs_processing: boolean;
      discovered_ms: number | null;
      created_ms: number;
      updated_ms: number;
    }>(
      new pgp.PreparedStatement({
        name: `surveyor-source-page${where.shape}`,
        text: `SELECT id, project_module, source_identifier, enabled, discovery_state,
                ${toProcess} AS needs_processing,
                ${epochMs('discovered_at')} AS discovered_ms, ${epochMs('created_at')} AS created_ms,
                ${epochMs('updated_at')} AS updated_ms
         FROM sources WHERE project_module = $1 AND source_identifier COLLATE "C" > $2${where.text}
         ORDER BY source_identifier COLLATE "C" LIMIT $3`,
        values: [projectModule, after, limit + 1, ...where.values],
      }),
    );
    const items: SourceSummary[] = rows.slice(0, limit).map((r) => ({
      id: r.id,
      projectModule: r.project_module,
      sourceIdentifier: r.source_identifier,
      enabled: r.enabled,
      discoveryState: r.discovery_state,
      discoveredAt: r.discovered_ms === null ? null : new Date(r.discovered_ms),
      needsProcessing: r.needs_processing,
      createdAt: new Date(r.created_ms),
      updatedAt: new Date(r.updated_ms),
    }));
    return {
      items,
      nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!.sourceIdentifier) : null,
    };
  }

  async countsByState() {
    const rows = await this.db.any<{ project_module: string; discovery_state: string; n: number }>(
      'SELECT project_module, discovery_state, count(*) AS n FROM sources GROUP BY 1, 2',
    );
    return rows.map((r) => ({ projectModule: r.project_module, state: r.discovery_state, count: r.n }));
  }
}
