import type { WorkerRecord } from '../ports/WorkerRegistry.js';

/** A worker as the API shows it (the overview's list, a drain's answer). */
export const workerView = (w: WorkerRecord) => ({
  id: w.id,
  hostname: w.hostname,
  pid: w.pid,
  roles: [...w.roles],
  started_at: w.startedAt.toISOString(),
  heartbeat_at: w.heartbeatAt.toISOString(),
  drain_requested_at: w.drainRequestedAt?.toISOString() ?? null,
  drain_requested_by: w.drainRequestedBy ?? null,
});
