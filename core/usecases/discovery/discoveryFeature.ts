import type { Feature } from '../feature.js';
import type { DiscoverDeps } from './discoverBatch.js';
import { discoveryJob } from './discoveryJob.js';
import { discoveryTick } from './discoveryTick.js';
import type { DiscoveryRequestDeps } from './requestDiscovery.js';

/** Discovery: batches of sources looked up in their archive, and the tick that queues them. */
export const discoveryFeature = (deps: DiscoverDeps, requests: DiscoveryRequestDeps): Feature => ({
  jobs: [discoveryJob.handler(deps)],
  ticks: () => [discoveryTick(requests)],
});
