import { Uuid } from '../codecs.js';
import {
  ExecuteRequest,
  ExecuteResponse,
  ExecutionCreate,
  ExecutionStatusView,
  ExecutionSummaryView,
  ExecutionView,
  LedgerSnapshotView,
} from '../api/executions.js';
import { EventPageView, PageQuery } from '../api/projects.js';
import type { RouteSpec } from '../routeSpec.js';

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
  {
    id: 'executeExecution',
    method: 'POST',
    path: '/executions/{id}/execute',
    summary:
      'Ask a pending execution to run. do_stage and do_submit default to true; both false is a dry run (manifest and patched graph built, nothing staged or submitted). Queued at once when every gate passes, else blocked_by says what it waits for and the execution tick queues it later. Asking again with the same switches returns it unchanged; other switches are 409.',
    tag: 'executions',
    auth: 'operator',
    params: idParam,
    body: { codec: ExecuteRequest, contentType: 'application/json' },
    success: { status: 202, description: 'The execution, queued or still pending', codec: ExecuteResponse },
    errors: ['conflict'],
  },
  {
    id: 'cancelExecution',
    method: 'POST',
    path: '/executions/{id}/cancel',
    summary:
      'Cancel an execution. Before submission it ends cancelled at once; from submission on it becomes cancelling and ends when the backend confirms. Cancelling twice is harmless. An execution that ended failed or cancelled while the backend never confirmed its work ended (run_record.remote_terminal false) stays as it is and its remote work is stopped (looked up, cancelled, waited for; remote_terminal becomes true); any other ended execution is 409.',
    tag: 'executions',
    auth: 'operator',
    params: idParam,
    success: { status: 202, description: 'The execution, cancelled or cancelling', codec: ExecutionView },
    errors: ['conflict'],
  },
  {
    id: 'retryExecution',
    method: 'POST',
    path: '/executions/{id}/retry',
    summary:
      'Start a new attempt of a failed or cancelled execution (attempt + 1, same pinned configuration and profile snapshot, same switches). Refused (409) in any other state. An earlier attempt the backend never confirmed ended is settled first: looked up, cancelled and waited for, before the new attempt stages anything.',
    tag: 'executions',
    auth: 'operator',
    params: idParam,
    success: { status: 202, description: 'The execution, pending or queued again', codec: ExecutionView },
    errors: ['conflict'],
  },
  {
    id: 'executionSummary',
    method: 'GET',
    path: '/executions/{id}/summary',
    summary: 'State, phase, how long each phase of the current attempt took, and what the backend reported',
    tag: 'executions',
    auth: 'viewer',
    params: idParam,
    success: { status: 200, description: 'The summary', codec: ExecutionSummaryView },
    errors: [],
  },
  {
    id: 'executionLedgerSnapshot',
    method: 'GET',
    path: '/executions/{id}/ledger-snapshot',
    summary:
      'Everything the execution is accountable for, as of now: pinned configuration and hash, profile snapshot, source signatures used and current, artifacts of every attempt with sha256, external ids, and every transition',
    tag: 'executions',
    auth: 'viewer',
    params: idParam,
    success: { status: 200, description: 'The ledger snapshot', codec: LedgerSnapshotView },
    errors: [],
  },
];
