import type { NewEvent } from '../../domain/event.js';
import { type Execution, unsubmitted } from '../../domain/executionRecord.js';
import type { DeploymentProfile } from '../../domain/profile.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import { type AppError, validationError } from '../../errors.js';
import type { Tracer } from '../../ports/Tracer.js';

/** Refuses an archive the configuration does not name. */
export const unknownArchive = (config: ProjectConfig, archiveName: string): AppError | null =>
  config.archives[archiveName]
    ? null
    : validationError('no such archive', [
        { path: 'archive_name', message: `not one of ${Object.keys(config.archives).join(', ')}` },
      ]);

export interface Draft {
  readonly id: string;
  readonly projectModule: string;
  readonly configVersion: number;
  readonly profile: DeploymentProfile;
  readonly archiveName: string;
  /** The sources' ids and identifiers, in the execution's order. */
  readonly sources: readonly { readonly id: string; readonly sourceIdentifier: string }[];
  readonly idempotencyKey: string | null;
  readonly requestHash: string;
  readonly by: string;
  readonly now: Date;
}

/**
 * A new execution in `pending` (it pins the configuration version and a snapshot of the profile)
 * and the `execution.created` event that records it.
 */
export const draftExecution = (d: Draft): { execution: Execution; event: NewEvent } => {
  const execution: Execution = {
    id: d.id,
    projectModule: d.projectModule,
    configVersion: d.configVersion,
    profileId: d.profile.id,
    profileSnapshot: d.profile,
    archiveName: d.archiveName,
    sourceIds: d.sources.map((s) => s.id),
    state: 'pending',
    attempt: 1,
    doStage: null,
    doSubmit: null,
    executeRequestedAt: null,
    runRecord: {},
    ...unsubmitted,
    idempotencyKey: d.idempotencyKey,
    requestHash: d.requestHash,
    createdBy: d.by,
    createdAt: d.now,
    updatedAt: d.now,
  };
  const event: NewEvent = {
    projectModule: d.projectModule,
    subjectType: 'execution',
    subjectId: d.id,
    kind: 'execution.created',
    payload: {
      config_version: d.configVersion,
      deployment_profile: { id: d.profile.id, name: d.profile.name, version: d.profile.version },
      archive_name: d.archiveName,
      sources: d.sources.map((s) => s.sourceIdentifier),
    },
    actor: d.by,
  };
  return { execution, event };
};

/**
 * Opens the execution's trace once it is stored: its root span, at its making, which every later
 * span of it (requests, jobs, steps, polls) names as its parent by the execution's id alone.
 */
export const traceMade = (tracer: Pick<Tracer, 'record'>, e: Execution): void =>
  tracer.record(
    e.id,
    'execution',
    {
      'surveyor.project_module': e.projectModule,
      'surveyor.config_version': e.configVersion,
      'surveyor.profile': e.profileSnapshot.name,
      'surveyor.sources': e.sourceIds.length,
    },
    e.createdAt,
    e.createdAt,
    true,
  );
