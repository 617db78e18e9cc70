import { WorkerId, WorkerView } from '../api/workers.js';
import type { RouteSpec } from '../routeSpec.js';

export const workerRoutes: readonly RouteSpec[] = [
  {
    id: 'drainWorker',
    method: 'POST',
    path: '/workers/{id}/drain',
    summary:
      "Drain a worker process (an id from the overview's workers): at its next heartbeat it stops claiming jobs, finishes or hands back what it holds within SERVICE_SHUTDOWN_GRACE_SECONDS, deregisters and exits (a process group does not replace it). For rolling upgrades; asking again changes nothing",
    tag: 'system',
    auth: 'admin',
    params: { id: WorkerId },
    success: { status: 202, description: 'The worker, asked to drain', codec: WorkerView },
    errors: ['not_found'],
  },
];
