import type { NewEvent } from '../../core/domain/event.js';
import type { ExecutionState } from '../../core/domain/execution.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { Db } from './db.js';
import { insertEvent } from './eventLog.js';

interface Row {
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
  idempotency_key: string | null;
  request_hash: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

const toExecution = (r: Row): Execution => ({
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
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class PgExecutionRepository implements ExecutionRepository {
  constructor(private readonly db: Db) {}

  async insert(e: Execution, event: NewEvent): Promise<'ok' | 'key_taken'> {
    try {
      await this.db.tx(async (tx) => {
        await tx.none(
          `INSERT INTO executions (id, project_module, config_version, profile_id, profile_snapshot, archive_name, source_ids,
             state, attempt, idempotency_key, request_hash, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[], $8, $9, $10, $11, $12, $13, $13)`,
          [
            e.id,
            e.projectModule,
            e.configVersion,
            e.profileId,
            JSON.stringify(e.profileSnapshot),
            e.archiveName,
            e.sourceIds,
            e.state,
            e.attempt,
            e.idempotencyKey,
            e.requestHash,
            e.createdBy,
            e.createdAt,
          ],
        );
        await insertEvent(tx, event, e.createdAt);
      });
      return 'ok';
    } catch (err) {
      const x = err as { code?: string; constraint?: string };
      if (x.code === '23505' && x.constraint === 'executions_idempotency_key_key') return 'key_taken';
      throw err;
    }
  }

  async get(id: string): Promise<Execution | null> {
    const r = await this.db.oneOrNone<Row>('SELECT * FROM executions WHERE id = $1', [id]);
    return r ? toExecution(r) : null;
  }

  async findByIdempotencyKey(key: string): Promise<Execution | null> {
    const r = await this.db.oneOrNone<Row>('SELECT * FROM executions WHERE idempotency_key = $1', [key]);
    return r ? toExecution(r) : null;
  }
}
