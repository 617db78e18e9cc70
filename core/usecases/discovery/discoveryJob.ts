import { jobKind, jobLine, lastTry } from '../../ports/JobHandler.js';
import { type DiscoverDeps, DiscoveryJobPayloadC, discoverBatch } from './discoverBatch.js';

/** Discovers a batch of sources of one project. */
export const discoveryJob = jobKind({
  name: 'discovery.batch',
  codec: DiscoveryJobPayloadC,
  // As a run's: an archive that does not answer is tried again over about a minute and a half
  // before the batch's sources are recorded failed (discoverBatch.ts).
  maxAttempts: 5,
  run: async (deps: DiscoverDeps, payload, ctx) => {
    const r = await discoverBatch(deps, payload, { signal: ctx.signal, lastAttempt: lastTry(ctx) });
    return jobLine('info', 'discovery batch done', { project_module: payload.project_module, ...r });
  },
});
