import type { HealthProbe } from '../../ports/HealthProbe.js';
import type { JobQueue } from '../../ports/JobQueue.js';

/** The queue answers and says how deep it is; depth alone does not make the service unready. */
export const queueProbe = (queue: JobQueue): HealthProbe => ({
  name: 'queue',
  async check(now) {
    const s = await queue.stats(now);
    return {
      ok: true,
      detail: `${s.queued} queued, ${s.running} running, ${s.dead} dead`,
      data: {
        depth: s.queued,
        running: s.running,
        dead: s.dead,
        oldest_queued_age_seconds: Math.round(s.oldestQueuedAgeSeconds),
      },
    };
  },
});
