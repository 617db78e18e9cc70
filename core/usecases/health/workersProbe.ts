import type { HealthProbe, ProbeResult } from '../../ports/HealthProbe.js';
import type { WorkerRegistry } from '../../ports/WorkerRegistry.js';

/** Ready only while at least one worker has a fresh heartbeat: without one, nothing gets done. */
export const workersProbe = (registry: WorkerRegistry, staleAfterSeconds: number): HealthProbe => ({
  name: 'workers',
  async check(now: Date): Promise<ProbeResult> {
    const live = await registry.live(now, staleAfterSeconds);
    return live.length > 0
      ? { ok: true, detail: `${live.length} live`, data: { live: live.length } }
      : {
          ok: false,
          detail: `no worker has sent a heartbeat in the last ${staleAfterSeconds} s; start one: surveyor worker`,
        };
  },
});
