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
