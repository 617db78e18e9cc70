import type { Execution } from '../../core/domain/executionRecord.js';
import type { ExecutionAdmission, ExecutionAdmissions } from '../../core/ports/ExecutionAdmissions.js';
import { type Db, prepared } from './db.js';
import { eventsCte } from './eventLog.js';
import { type Row, toExecution } from './executionRows.js';
import { jobsCte, jobsJson, notified } from './jobQueue.js';

const unfinished = `state NOT IN ('completed', 'failed', 'cancelled')`;
const inFlight = `state IN ('queued', 'staging', 'translating', 'submitting', 'running', 'cancelling')`;

export class PgExecutionAdmissions implements ExecutionAdmissions {
  constructor(private readonly db: Db) {}

  async awaitingAdmission(limit: number): Promise<Execution[]> {
    const rows = await this.db.any<Row>(
      `SELECT * FROM executions WHERE state = 'pending' AND execute_requested_at IS NOT NULL
       ORDER BY execute_requested_at, id LIMIT $1`,
      [limit],
    );
    return rows.map(toExecution);
  }

  async admitMany(items: readonly ExecutionAdmission[], now: Date): Promise<ReadonlySet<string>> {
    if (items.length === 0) return new Set();
    // One statement: the executions still pending move, and only theirs of the events and jobs go in.
    const moved = await this.db.any<{ id: string }>(
      `WITH adm AS (
         UPDATE executions x SET state = u.a->>'state', error = NULL, updated_at = $4
         FROM jsonb_array_elements($1::jsonb) AS u(a)
         WHERE x.id = (u.a->>'id')::uuid AND x.state = 'pending' RETURNING x.id),
       ${eventsCte('$2', '$4', "e->>'subjectId' IN (SELECT id::text FROM adm)")},
       ${jobsCte('$3', '$4', "j->>'for' IN (SELECT id::text FROM adm)")}
       SELECT adm.id, ${notified} AS woken FROM adm`,
      [
        JSON.stringify(items.map((i) => ({ id: i.id, state: i.state }))),
        JSON.stringify(items.flatMap((i) => i.events)),
        jobsJson(items.map((i) => ({ ...i.job, for: i.id }))),
        now,
      ],
    );
    return new Set(moved.map((r) => r.id));
  }

  async inFlightByProject(): Promise<ReadonlyMap<string, number>> {
    const rows = await this.db.any<{ project_module: string; n: number }>(
      `SELECT project_module, count(*)::int AS n FROM executions WHERE ${inFlight} GROUP BY project_module`,
    );
    return new Map(rows.map((r) => [r.project_module, r.n]));
  }

  async inFlightIn(projectModule: string): Promise<number> {
    // Counts from the executions_unfinished index alone, one project's rows.
    const row = await this.db.one<{ n: number }>(
      prepared(`SELECT count(*)::int AS n FROM executions WHERE project_module = $1 AND ${inFlight}`, [
        projectModule,
      ]),
    );
    return row.n;
  }

  async sourcesToProcess(projectModule: string, requiredFlags: readonly string[], limit: number) {
    const flags = JSON.stringify(Object.fromEntries(requiredFlags.map((f) => [f, true])));
    const rows = await this.db.any<{ id: string; source_identifier: string; discovered_at: Date }>(
      // NOT IN a hashed subplan filters the index scan as it goes, in the index's order, so the read
      // stops at the limit (an anti join would read and sort every ready source first).
      `SELECT s.id, s.source_identifier, s.discovered_at FROM sources s
       WHERE s.project_module = $1 AND s.enabled AND s.metadata IS NOT NULL
         AND s.signature IS DISTINCT FROM s.processed_signature
         AND s.discovery_flags @> $2::jsonb
         AND s.id NOT IN (SELECT unnest(source_ids) FROM executions WHERE project_module = $1 AND ${unfinished})
       ORDER BY s.discovered_at, s.id LIMIT $3`,
      [projectModule, flags, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      sourceIdentifier: r.source_identifier,
      discoveredAt: r.discovered_at,
    }));
  }
}
