import { isoTime, isoTimeOrNull } from './isoTime.js';
import type { ExecutionState } from './execution.js';
import type { DeploymentProfile } from './profile.js';

export interface Execution {
  readonly id: string;
  readonly projectModule: string;
  readonly configVersion: number;
  readonly profileId: string | null;
  readonly profileSnapshot: DeploymentProfile;
  readonly archiveName: string;
  readonly sourceIds: readonly string[];
  readonly state: ExecutionState;
  readonly attempt: number;
  readonly doStage: boolean | null;
  readonly doSubmit: boolean | null;
  readonly executeRequestedAt: Date | null;
  readonly schedulerJobId: string | null;
  readonly runRecord: Readonly<Record<string, unknown>>;
  readonly debug: {
    readonly dimSessionStatusUrl: string | null;
    readonly dimGraphStatusUrl: string | null;
    readonly batchSessionDir: string | null;
    readonly batchLoginNode: string | null;
    readonly batchRemoteUser: string | null;
  };
  readonly error: string | null;
  /** The backend target that polls it (set at submission). */
  readonly backendTarget: string | null;
  readonly submittedAt: Date | null;
  readonly cancelRequestedAt: Date | null;
  readonly cancelSentAt: Date | null;
  readonly finishedAt: Date | null;
  readonly idempotencyKey: string | null;
  readonly requestHash: string | null;
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Fields a write may change; what is left out stays as it is. */
export interface ExecutionChange {
  readonly state?: ExecutionState;
  readonly attempt?: number;
  readonly doStage?: boolean;
  readonly doSubmit?: boolean;
  readonly executeRequestedAt?: Date | null;
  readonly schedulerJobId?: string | null;
  /** Replaces the run record: the use case merges. */
  readonly runRecord?: Readonly<Record<string, unknown>>;
  readonly debug?: Partial<Execution['debug']>;
  readonly error?: string | null;
  readonly backendTarget?: string | null;
  readonly submittedAt?: Date | null;
  readonly cancelRequestedAt?: Date | null;
  readonly cancelSentAt?: Date | null;
  readonly finishedAt?: Date | null;
}
/**
 * The execution after a write of `c` at `now`, as the repository stores it (the run record goes
 * through JSON, as its column does): a run continues from what it wrote without reading it back.
 */
export const withChange = (e: Execution, c: ExecutionChange, now: Date): Execution => {
  const defined = Object.fromEntries(
    Object.entries(c).filter(([k, v]) => v !== undefined && k !== 'debug' && k !== 'runRecord'),
  );
  const debug = Object.fromEntries(Object.entries(c.debug ?? {}).filter(([, v]) => v !== undefined));
  return {
    ...e,
    ...defined,
    ...(c.runRecord === undefined ? {} : { runRecord: JSON.parse(JSON.stringify(c.runRecord)) }),
    debug: { ...e.debug, ...debug },
    updatedAt: now,
  };
};

/** What an attempt that has not reached a backend holds: no external ids, no debug fields, no times. */
export const unsubmitted = {
  schedulerJobId: null,
  debug: {
    dimSessionStatusUrl: null,
    dimGraphStatusUrl: null,
    batchSessionDir: null,
    batchLoginNode: null,
    batchRemoteUser: null,
  },
  error: null,
  backendTarget: null,
  submittedAt: null,
  cancelRequestedAt: null,
  cancelSentAt: null,
  finishedAt: null,
} as const;

/** The execution as the API shows it; backend debug fields only when the backend set them. */
export const viewExecution = (e: Execution, sourceIdentifiers: readonly string[]) => {
  const debug = Object.fromEntries(
    Object.entries({
      dim_session_status_url: e.debug.dimSessionStatusUrl,
      dim_graph_status_url: e.debug.dimGraphStatusUrl,
      batch_session_dir: e.debug.batchSessionDir,
      batch_login_node: e.debug.batchLoginNode,
      batch_remote_user: e.debug.batchRemoteUser,
    }).filter(([, v]) => v !== null),
  );
  return {
    uuid: e.id,
    project_module: e.projectModule,
    sources: sourceIdentifiers.map((source_identifier) => ({ source_identifier })),
    archive_name: e.archiveName,
    deployment_profile_name: e.profileSnapshot.name,
    deployment_profile_id: e.profileId,
    config_version: e.configVersion,
    state: e.state,
    attempt: e.attempt,
    scheduler_job_id: e.schedulerJobId,
    run_record: e.runRecord,
    error: e.error,
    do_stage: e.doStage,
    do_submit: e.doSubmit,
    execute_requested_at: isoTimeOrNull(e.executeRequestedAt),
    submitted_at: isoTimeOrNull(e.submittedAt),
    cancel_requested_at: isoTimeOrNull(e.cancelRequestedAt),
    finished_at: isoTimeOrNull(e.finishedAt),
    created_by: e.createdBy,
    created_at: isoTime(e.createdAt),
    updated_at: isoTime(e.updatedAt),
    ...debug,
  };
};

/**
 * The most source references a page of executions holds (see ExecutionRepository.list): 500
 * executions of 1,000 sources each would otherwise be half a million identifiers in one answer.
 */
export const maxSourcesPerPage = 10_000;

/** How many of `items` (newest first) a page takes: until their sources pass the bound, at least one. */
export const pageBySources = (items: readonly { readonly sourceIds: readonly unknown[] }[]): number => {
  let sum = 0;
  for (let i = 0; i < items.length; i++) {
    sum += items[i]!.sourceIds.length;
    if (sum > maxSourcesPerPage && i > 0) return i;
  }
  return items.length;
};
