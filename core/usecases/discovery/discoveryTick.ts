import type { Tick } from '../../ports/Tick.js';
import type { DiscoveryRequestDeps } from './requestDiscovery.js';
import { enqueueDiscovery } from './requestDiscovery.js';

/**
 * Releases the project's discovery claims older than claim_ttl_minutes whose job is gone (a worker
 * died on its last try, the job was never queued after a crash): the sources become failed with
 * the reason, so discovery (automatic or asked for) takes them again.
 */
export const releaseClaims = (
  deps: DiscoveryRequestDeps,
  projectModule: string,
  ttlMinutes: number,
  now: Date,
) =>
  deps.discovery.releaseExpiredClaims(
    projectModule,
    new Date(now.getTime() - ttlMinutes * 60_000),
    now,
    `the discovery claim expired: its job did not finish within claim_ttl_minutes (${ttlMinutes}) and is gone; discovery takes the source again`,
    (id) => ({
      projectModule,
      subjectType: 'source',
      subjectId: id,
      kind: 'source.discovery_claim_expired',
      payload: { claim_ttl_minutes: ttlMinutes },
      actor: null,
    }),
  );

/**
 * Recurring discovery for projects whose automation enables it (and, for every project, claims
 * released as above): sources never discovered, or
 * discovered longer ago than stale_after_hours, up to sources_per_tick, and no more than
 * batches_in_flight × batch_size in flight. What the caps hold back is counted and logged.
 */
export const discoveryTick = (deps: DiscoveryRequestDeps, everySeconds = 60): Tick => {
  const lastRun = new Map<string, number>();
  return {
    name: 'discovery',
    everySeconds,
    async run(now) {
      let queued = 0;
      let heldBack = 0;
      let projects = 0;
      let released = 0;
      for (const v of await deps.configs.allActive()) {
        released += (
          await releaseClaims(deps, v.projectModule, v.config.automation.execution.claim_ttl_minutes, now)
        ).length;
        const a = v.config.automation.discovery;
        if (!a.enabled) continue;
        const last = lastRun.get(v.projectModule);
        if (last !== undefined && now.getTime() - last < a.every_minutes * 60_000) continue;
        lastRun.set(v.projectModule, now.getTime());
        projects++;
        const staleBefore = new Date(now.getTime() - a.stale_after_hours * 3600_000);
        const due = await deps.discovery.dueForDiscovery(v.projectModule, staleBefore, a.sources_per_tick);
        const capacity = Math.max(
          0,
          a.batches_in_flight * a.batch_size - (await deps.discovery.discoveryInFlight(v.projectModule)),
        );
        const take = due.slice(0, capacity);
        heldBack += due.length - take.length;
        queued += (await enqueueDiscovery(deps, v.projectModule, take, a.batch_size)).marked.length;
      }
      return {
        counts: { projects, queued, held_back_by_cap: heldBack, claims_released: released },
        warnings: [],
      };
    },
  };
};
