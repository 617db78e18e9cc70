import type { ExecutionState } from '../../core/domain/execution.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { SourceState } from '../../core/domain/source.js';
import type { ExecutionChange } from '../../core/ports/ExecutionRepository.js';

// Executions as rows: the columns a change sets, the row and its record, list cursors.

// Column of each changeable field; undefined fields are left alone.
export const columns = (c: ExecutionChange): [string, unknown][] => {
  const d = c.debug ?? {};
  const pairs: [string, unknown][] = [
    ['state', c.state],
    ['attempt', c.attempt],
    ['do_stage', c.doStage],
    ['do_submit', c.doSubmit],
    ['execute_requested_at', c.executeRequestedAt],
    ['scheduler_job_id', c.schedulerJobId],
    ['run_record', c.runRecord === undefined ? undefined : JSON.stringify(c.runRecord)],
    ['dim_session_status_url', d.dimSessionStatusUrl],
    ['dim_graph_status_url', d.dimGraphStatusUrl],
    ['batch_session_dir', d.batchSessionDir],
    ['batch_login_node', d.batchLoginNode],
    ['batch_remote_user', d.batchRemoteUser],
    ['error', c.error],
    ['backend_target', c.backendTarget],
    ['submitted_at', c.submittedAt],
    ['cancel_requested_at', c.cancelRequestedAt],
    ['cancel_sent_at', c.cancelSentAt],
    ['finished_at', c.finishedAt],
  ];
  return pairs.filter(([, v]) => v !== undefined);
};

/**
 * The SQL type of each column `columns` sets, for a statement that takes the values of many
 * changes as JSON (a Date is its ISO text there, run_record its JSON text).
 */
export const columnTypes: Readonly<Record<string, string>> = {
  state: 'text',
  attempt: 'integer',
  do_stage: 'boolean',
  do_submit: 'boolean',
  execute_requested_at: 'timestamptz',
  scheduler_job_id: 'text',
  run_record: 'jsonb',
  dim_session_status_url: 'text',
  dim_graph_status_url: 'text',
  batch_session_dir: 'text',
  batch_login_node: 'text',
  batch_remote_user: 'text',
  error: 'text',
  backend_target: 'text',
  submitted_at: 'timestamptz',
  cancel_requested_at: 'timestamptz',
  cancel_sent_at: 'timestamptz',
  finished_at: 'timestamptz',
};

// List cursors: the last execution's creation time and id, base64url (created_at is written from
// the clock, in milliseconds, so the ISO form loses nothing).
export const encodeListCursor = (e: Execution) =>
  Buffer.from(`x:${e.createdAt.toISOString()}|${e.id}`).toString('base64url');
export const decodeListCursor = (c: string): { createdAt: Date; id: string } | 'bad' => {
  const m = /^x:([0-9T:.Z-]{20,30})\|([0-9a-f-]{36})$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  if (!m) return 'bad';
  const createdAt = new Date(m[1]!);
  return Number.isNaN(createdAt.getTime()) ? 'bad' : { createdAt, id: m[2]! };
};

export interface SourceStateJson {
  id: string;
  source_identifier: string;
  enabled: boolean;
  discovery_state: SourceState['discoveryState'];
  discovery_error: string | null;
  discovery_flags: Record<string, unknown>;
  datasets: number | null;
  /** Why the archive's data is held from the account (metadata.access.held), if it is. */
  access_held: string | null;
}

export interface Row {
  id: string;
  project_module: string;
  config_version: number;
  profile_id: string | null;
  profile_snapshot: DeploymentProfile & { createdAt: string; updatedAt: string };
  archive_name: string;
  source_ids: string[];
  state: ExecutionState;
  attempt: number;
  do_stage: boolean | null;
  do_submit: boolean | null;
  execute_requested_at: Date | null;
  scheduler_job_id: string | null;
  run_record: Record<string, unknown>;
  dim_session_status_url: string | null;
  dim_graph_status_url: string | null;
  batch_session_dir: string | null;
  batch_login_node: string | null;
  batch_remote_user: string | null;
  error: string | null;
  backend_target: string | null;
  submitted_at: Date | null;
  cancel_requested_at: Date | null;
  cancel_sent_at: Date | null;
  finished_at: Date | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

// Every column of Row, for statements that name them.
export const rowColumns = [
  'id',
  'project_module',
  'config_version',
  'profile_id',
  'profile_snapshot',
  'archive_name',
  'source_ids',
  'state',
  'attempt',
  'do_stage',
  'do_submit',
  'execute_requested_at',
  'scheduler_job_id',
  'run_record',
  'dim_session_status_url',
  'dim_graph_status_url',
  'batch_session_dir',
  'batch_login_node',
  'batch_remote_user',
  'error',
  'backend_target',
  'submitted_at',
  'cancel_requested_at',
  'cancel_sent_at',
  'finished_at',
  'idempotency_key',
  'request_hash',
  'created_by',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Row)[];

export const toExecution = (r: Row): Execution => ({
  id: r.id,
  projectModule: r.project_module,
  configVersion: r.config_version,
  profileId: r.profile_id,
  // The snapshot is JSON: its dates come back as strings.
  profileSnapshot: {
    ...r.profile_snapshot,
    createdAt: new Date(r.profile_snapshot.createdAt),
    updatedAt: new Date(r.profile_snapshot.updatedAt),
  },
  archiveName: r.archive_name,
  sourceIds: r.source_ids,
  state: r.state,
  attempt: r.attempt,
  doStage: r.do_stage,
  doSubmit: r.do_submit,
  executeRequestedAt: r.execute_requested_at,
  schedulerJobId: r.scheduler_job_id,
  runRecord: r.run_record,
  debug: {
    dimSessionStatusUrl: r.dim_session_status_url,
    dimGraphStatusUrl: r.dim_graph_status_url,
    batchSessionDir: r.batch_session_dir,
    batchLoginNode: r.batch_login_node,
    batchRemoteUser: r.batch_remote_user,
  },
  error: r.error,
  backendTarget: r.backend_target,
  submittedAt: r.submitted_at,
  cancelRequestedAt: r.cancel_requested_at,
  cancelSentAt: r.cancel_sent_at,
  finishedAt: r.finished_at,
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
