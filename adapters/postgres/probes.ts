import type { HealthProbe, ProbeResult } from '../../core/ports/HealthProbe.js';
import type { Db } from './db.js';
import { schemaStatus } from './migrator.js';

export const databaseProbe = (db: Db): HealthProbe => ({
  name: 'database',
  async check(): Promise<ProbeResult> {
    const s = await schemaStatus(db);
    if (s.pending.length > 0 || s.unknown.length > 0 || s.edited.length > 0)
      return {
        ok: false,
        detail: 'schema does not match this build; run: surveyor migrate',
        data: { applied: s.applied },
      };
    return {
      ok: true,
      detail: 'reachable, schema current',
      data: { schema_version: Math.max(0, ...s.applied) },
    };
  },
});

export const queueProbe = (db: Db): HealthProbe => ({
  name: 'queue',
  async check(now: Date): Promise<ProbeResult> {
    const r = await db.one<{ depth: number; oldest: Date | null; running: number }>(
      `SELECT count(*) FILTER (WHERE state = 'queued') AS depth,
              min(run_at) FILTER (WHERE state = 'queued' AND run_at <= $1) AS oldest,
              count(*) FILTER (WHERE state = 'running') AS running
       FROM jobs WHERE state IN ('queued', 'running')`,
      [now],
    );
    const age = r.oldest ? Math.max(0, (now.getTime() - r.oldest.getTime()) / 1000) : 0;
    return {
      ok: true,
      detail: `${r.depth} queued, ${r.running} running`,
      data: { depth: r.depth, running: r.running, oldest_queued_age_seconds: Math.round(age) },
    };
  },
});
