import { uuidPrefixBounds } from '../../core/domain/idPrefix.js';
import type { NewEvent } from '../../core/domain/event.js';
import { type Execution, maxSourcesPerPage, pageBySources } from '../../core/domain/executionRecord.js';
import type { Source, SourceState } from '../../core/domain/source.js';
import type {
  ExecutionFilter,
  ExecutionPage,
  ExecutionRepository,
  ExecutionWrite,
  WriteResult,
} from '../../core/ports/ExecutionRepository.js';
import { type Db, prepared } from './db.js';
import { eventsCte } from './eventLog.js';
import * as executionWrites from './executionWrites.js';
import {
  decodeListCursor,
  encodeListCursor,
  type Row,
  rowColumns,
  type SourceStateJson,
  toExecution,
} from './executionRows.js';
import { type SourceJson, sourceFromJson, sourceJsonSql } from './sourceRepository.js';

const inFlight = `state IN ('queued', 'staging', 'translating', 'submitting', 'running', 'cancelling')`;

export class PgExecutionRepository implements ExecutionRepository {
  constructor(private readonly db: Db) {}

  async insert(e: Execution, event: NewEvent): Promise<'ok' | 'key_taken' | 'version_changed'> {
    try {
      // One statement: the execution and its event, while its version is the active one.
      const r = await this.db.one<{ n: number }>(
        prepared(
          `WITH x AS (
           INSERT INTO executions (id, project_module, config_version, profile_id, profile_snapshot, archive_name,
             source_ids, state, attempt, idempotency_key, request_hash, created_by, created_at, updated_at)
           SELECT $1::uuid, $2::text, $3::int, $4::uuid, $5::jsonb, $6::text, $7::uuid[], $8::text, $9::int, $10::text,
             $11::text, $12::text, $13::timestamptz, $13::timestamptz
           WHERE EXISTS (SELECT 1 FROM projects WHERE project_module = $2 AND active_version = $3)
           RETURNING id),
         ${eventsCte('$14', '$13', 'EXISTS (SELECT 1 FROM x)')}
         SELECT (SELECT count(*) FROM x)::int AS n`,
          [
            e.id,
            e.projectModule,
            e.configVersion,
            e.profileId,
            JSON.stringify(e.profileSnapshot),
            e.archiveName,
            e.sourceIds,
            e.state,
            e.attempt,
            e.idempotencyKey,
            e.requestHash,
            e.createdBy,
            e.createdAt,
            JSON.stringify([event]),
          ],
        ),
      );
      return r.n === 1 ? 'ok' : 'version_changed';
    } catch (err) {
      const x = err as { code?: string; constraint?: string };
      if (x.code === '23505' && x.constraint === 'executions_idempotency_key_key') return 'key_taken';
      throw err;
    }
  }

  async insertMany(items: readonly { execution: Execution; events: readonly NewEvent[] }[], now: Date) {
    if (items.length === 0) return;
    await this.db.any(
      `WITH x AS (
         INSERT INTO executions (id, project_module, config_version, profile_id, profile_snapshot, archive_name,
           source_ids, state, attempt, do_stage, do_submit, execute_requested_at, idempotency_key, request_hash,
           created_by, created_at, updated_at, run_record)
         SELECT (e->>'id')::uuid, e->>'projectModule', (e->>'configVersion')::int, (e->>'profileId')::uuid,
           e->'profileSnapshot', e->>'archiveName', ARRAY(SELECT jsonb_array_elements_text(e->'sourceIds'))::uuid[],
           e->>'state', (e->>'attempt')::int, (e->>'doStage')::boolean, (e->>'doSubmit')::boolean,
           (e->>'executeRequestedAt')::timestamptz, e->>'idempotencyKey', e->>'requestHash', e->>'createdBy',
           (e->>'createdAt')::timestamptz, (e->>'createdAt')::timestamptz, coalesce(e->'runRecord', '{}'::jsonb)
         FROM jsonb_array_elements($1::jsonb) AS u(e)),
       ${eventsCte('$2', '$3')}
       SELECT 1`,
      [JSON.stringify(items.map((i) => i.execution)), JSON.stringify(items.flatMap((i) => i.events)), now],
    );
  }

  write(w: ExecutionWrite, now: Date): Promise<WriteResult> {
    return executionWrites.write(this.db, w, now);
  }

  writeMany(ws: readonly ExecutionWrite[], now: Date): Promise<WriteResult[]> {
    return executionWrites.writeMany(this.db, ws, now);
  }

  async list(
    filter: ExecutionFilter,
    limit: number,
    cursor: string | null,
  ): Promise<ExecutionPage | 'bad_cursor'> {
    const after = cursor === null ? null : decodeListCursor(cursor);
    if (after === 'bad') return 'bad_cursor';
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    const prefix = filter.idPrefix === undefined ? undefined : uuidPrefixBounds(filter.idPrefix);
    if (prefix === null) return { items: [], nextCursor: null };
    // A prefix is a range of the primary key.
    if (prefix) where.push(`id BETWEEN ${arg(prefix.low)}::uuid AND ${arg(prefix.high)}::uuid`);
    if (filter.projectModule !== undefined) where.push(`project_module = ${arg(filter.projectModule)}`);
    if (filter.state !== undefined) where.push(`state = ${arg(filter.state)}`);
    if (filter.profileId !== undefined) where.push(`profile_id = ${arg(filter.profileId)}`);
    if (filter.profileName !== undefined)
      where.push(`profile_snapshot->>'name' = ${arg(filter.profileName)}`);
    // An array containment the GIN index of migration 0027 serves.
    if (filter.sourceId !== undefined) where.push(`source_ids @> ARRAY[${arg(filter.sourceId)}]::uuid[]`);
    if (filter.endedSince !== undefined) where.push(`finished_at >= ${arg(filter.endedSince)}`);
    if (after) where.push(`(created_at, id) < (${arg(after.createdAt)}, ${arg(after.id)})`);
    // The sources of the rows before each: a page stops before the row that would pass the bound,
    // and the rows past that one are not read (the first is, to know there is a next page).
    const rows = await this.db.any<Row & { sources_before: number }>(
      `SELECT * FROM (
         SELECT e.*, COALESCE(SUM(cardinality(e.source_ids)) OVER (
             ORDER BY e.created_at DESC, e.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS sources_before,
           row_number() OVER (ORDER BY e.created_at DESC, e.id DESC) AS n
         FROM executions e ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, id DESC LIMIT ${arg(limit + 1)}) page
       WHERE sources_before <= ${arg(maxSourcesPerPage)} OR n <= 2
       ORDER BY created_at DESC, id DESC`,
      args,
    );
    const taken = Math.min(limit, pageBySources(rows.map((r) => ({ sourceIds: r.source_ids }))));
    const items = rows.slice(0, taken).map(toExecution);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > taken && last ? encodeListCursor(last) : null };
  }

  async get(id: string): Promise<Execution | null> {
    const r = await this.db.oneOrNone<Row>(
      prepared(`SELECT ${rowColumns.join(', ')} FROM executions WHERE id = $1`, [id]),
    );
    return r ? toExecution(r) : null;
  }

  async getWithSources(id: string): Promise<{ execution: Execution; sources: Source[] } | null> {
    // The sources as JSON in the same row: a run's first read, one round trip.
    const r = await this.db.oneOrNone<Row & { sources_json: SourceJson[] | null }>(
      prepared(
        `SELECT ${rowColumns.map((c) => `e.${c}`).join(', ')}, (
         SELECT json_agg(${sourceJsonSql} ORDER BY array_position(e.source_ids, s.id))
         FROM sources s WHERE s.id = ANY(e.source_ids)) AS sources_json
       FROM executions e WHERE e.id = $1`,
        [id],
      ),
    );
    return r ? { execution: toExecution(r), sources: (r.sources_json ?? []).map(sourceFromJson) } : null;
  }

  getWithSourceStates(id: string): Promise<{ execution: Execution; sources: SourceState[] } | null> {
    return this.withSourceStates(id, false);
  }

  async getForAdmission(id: string) {
    const r = await this.withSourceStates(id, true);
    return r ? { execution: r.execution, sources: r.sources, inFlight: r.inFlight ?? 0 } : null;
  }

  private async withSourceStates(
    id: string,
    countInFlight: boolean,
  ): Promise<{ execution: Execution; sources: SourceState[]; inFlight: number | null } | null> {
    // The sources as JSON in the same row: one round trip, and only what readiness needs of them.
    // Prepared (see `prepared`), its columns named.
    const r = await this.db.oneOrNone<
      Row & { source_states: SourceStateJson[] | null; in_flight: number | null }
    >(
      prepared(
        `SELECT ${rowColumns.map((c) => `e.${c}`).join(', ')}, (
         SELECT json_agg(json_build_object(
           'id', s.id, 'source_identifier', s.source_identifier, 'enabled', s.enabled,
           'discovery_state', s.discovery_state, 'discovery_error', s.discovery_error,
           'discovery_flags', s.discovery_flags,
           'datasets', CASE WHEN s.metadata IS NULL THEN NULL ELSE jsonb_array_length(s.metadata->'datasets') END,
           'access_held', s.metadata->'access'->>'held')
           ORDER BY array_position(e.source_ids, s.id))
         FROM sources s WHERE s.id = ANY(e.source_ids)) AS source_states, ${
           countInFlight
             ? `(SELECT count(*)::int FROM executions x WHERE x.project_module = e.project_module AND x.${inFlight})`
             : 'NULL::int'
         } AS in_flight
       FROM executions e WHERE e.id = $1`,
        [id],
      ),
    );
    if (!r) return null;
    return {
      execution: toExecution(r),
      sources: (r.source_states ?? []).map((x) => ({
        id: x.id,
        sourceIdentifier: x.source_identifier,
        enabled: x.enabled,
        discoveryState: x.discovery_state,
        discoveryError: x.discovery_error,
        discoveryFlags: x.discovery_flags,
        metadata:
          x.datasets === null
            ? null
            : {
                datasets: { length: x.datasets },
                ...(x.access_held ? { access: { held: x.access_held } } : {}),
              },
      })),
      inFlight: r.in_flight,
    };
  }

  async findByIdempotencyKey(key: string): Promise<Execution | null> {
    const r = await this.db.oneOrNone<Row>('SELECT * FROM executions WHERE idempotency_key = $1', [key]);
    return r ? toExecution(r) : null;
  }
}
