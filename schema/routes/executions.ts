import { Uuid } from '../codecs.js';
import { ExecutionCreate, ExecutionStatusView, ExecutionView } from '../api/executions.js';
import { EventPageView, PageQuery } from '../api/projects.js';
import type { RouteSpec } from '../routes.js';

const idParam = { id: Uuid };

export const executionRoutes: readonly RouteSpec[] = [
  {
    id: 'createExecution',
    method: 'POST',
    path: '/executions',
    summary:
      'Create an execution in pending: pins the active configuration and a snapshot of the profile (by deployment_profile_id, deployment_profile_name, the module default, or the global default). An Idempotency-Key header makes a replay return the same execution (200); the same key with another body is 409.',
    tag: 'executions',
    auth: 'operator',
    body: { codec: ExecutionCreate, contentType: 'application/json' },
    success: { status: 201, alsoOn: [200], description: 'The execution', codec: ExecutionView },
    errors: ['conflict'],
  },
  {
    id: 'executionStatus',
    method: 'GET',
    path: '/executions/{id}/status',
    summary: 'State, phase, what blocks a pending execution, and each source’s readiness',
    tag: 'executions',
    auth: 'viewer',
    params: idParam,
    success: { status: 200, description: 'The status', codec: ExecutionStatusView },
    errors: [],
  },
  {
    id: 'executionEvents',
    method: 'GET',
    path: '/executions/{id}/events',
    summary: "An execution's provenance events, oldest first, paged",
    tag: 'executions',
    auth: 'viewer',
    params: idParam,
    query: PageQuery,
    success: { status: 200, description: 'A page of events', codec: EventPageView },
    errors: [],
  },
];
