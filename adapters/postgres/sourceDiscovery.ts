import type { NewEvent } from '../../core/domain/event.js';
import type { Db } from './db.js';
import { insertEvent } from './eventLog.js';
import { discoveryJob } from '../../core/usecases/discovery/discoveryJob.js';
import type { DiscoverySave, SourceDiscovery } from '../../core/ports/SourceDiscovery.js';

export class PgSourceDiscovery implements SourceDiscovery {
  constructor(private readonly db: Db) {}

  async markQueued(ids: readonly string[], now: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.any<{ id: string }>(
      `UPDATE sources SET discovery_state = 'queued', discovery_claimed_at = $2, updated_at = $2
       WHERE id = ANY($1::uuid[]) AND enabled AND discovery_state NOT IN ('queued', 'running') RETURNING id`,
      [ids, now],
    );
    const marked = new Set(rows.map((r) => r.id));
    return ids.filter((id) => marked.has(id));
  }

  async markRunning(id: string, now: Date): Promise<void> {
    await this.db.none(
      `UPDATE sources SET discovery_state = 'running', discovery_claimed_at = $2, updated_at = $2 WHERE id = $1`,
      [id, now],
    );
  }

  async saveDiscovery(id: string, r: DiscoverySave, now: Date, events: (changed: boolean) => NewEvent[]) {
    return this.db.tx(async (tx) => {
      const before = await tx.one<{ signature: string | null }>(
        'SELECT signature FROM sources WHERE id = $1 FOR UPDATE',
        [id],
      );
      const changed = before.signature !== r.signature;
      await tx.none(
        `UPDATE sources SET discovery_state = 'done', discovery_error = NULL, discovery_claimed_at = NULL, discovered_at = $2, config_version = $3,
           metadata = $4, discovery_flags = $5, signature = $6, updated_at = $2,
           signature_at = CASE WHEN $7 THEN $2 ELSE signature_at END WHERE id = $1`,
        [id, now, r.configVersion, JSON.stringify(r.metadata), JSON.stringify(r.flags), r.signature, changed],
      );
      for (const e of events(changed)) await insertEvent(tx, e, now);
      return { changed };
    });
  }

  async failDiscovery(id: string, error: string, now: Date, event: NewEvent): Promise<void> {
    await this.db.tx(async (tx) => {
      await tx.none(
        `UPDATE sources SET discovery_state = 'failed', discovery_error = left($2, 2000), discovery_claimed_at = NULL, updated_at = $3 WHERE id = $1`,
        [id, error, now],
      );
      await insertEvent(tx, event, now);
    });
  }

  async dueForDiscovery(projectModule: string, staleBefore: Date, limit: number): Promise<string[]> {
    const rows = await this.db.any<{ id: string }>(
      `SELECT id FROM sources WHERE project_module = $1 AND enabled AND discovery_state NOT IN ('queued', 'running')
         AND (discovered_at IS NULL OR discovered_at < $2)
       ORDER BY discovered_at NULLS FIRST, source_identifier LIMIT $3`,
      [projectModule, staleBefore, limit],
    );
    return rows.map((r) => r.id);
  }

  async releaseExpiredClaims(
    projectModule: string,
    claimedBefore: Date,
    now: Date,
    why: string,
    event: (id: string) => NewEvent,
  ): Promise<string[]> {
    return this.db.tx(async (tx) => {
      // A claim whose discovery job still lives (queued, running, waiting for a retry) is kept.
      const rows = await tx.any<{ id: string }>(
        `UPDATE sources s SET discovery_state = 'failed', discovery_error = $4, discovery_claimed_at = NULL, updated_at = $3
         WHERE s.project_module = $1 AND s.discovery_state IN ('queued', 'running') AND s.discovery_claimed_at < $2
           AND NOT EXISTS (
             SELECT 1 FROM jobs j WHERE j.kind = $5 AND j.state NOT IN ('succeeded', 'dead', 'cancelled')
               AND j.payload->'source_ids' ? s.id::text)
         RETURNING s.id`,
        [projectModule, claimedBefore, now, why, discoveryJob.name],
      );
      for (const r of rows) await insertEvent(tx, event(r.id), now);
      return rows.map((r) => r.id);
    });
  }

  async discoveryInFlight(projectModule: string): Promise<number> {
    return (
      await this.db.one<{ n: number }>(
        `SELECT count(*) AS n FROM sources WHERE project_module = $1 AND discovery_state IN ('queued', 'running')`,
        [projectModule],
      )
    ).n;
  }
}
