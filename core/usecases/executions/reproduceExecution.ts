import type { Tracer } from '../../ports/Tracer.js';
import { traceMade } from './executionDraft.js';
import * as E from 'fp-ts/lib/Either.js';
import { artifactNames } from '../../domain/artifactNames.js';
import { type Execution, unsubmitted } from '../../domain/executionRecord.js';
import { executionEvent } from '../../domain/execution.js';
import { type AppError, appError } from '../../errors.js';
import type { ArtifactStore } from '../../ports/ArtifactStore.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { GraphStore } from '../../ports/GraphStore.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { Random } from '../../ports/Random.js';
import type { SourceAsUsed } from '../run/attempt.js';
import type { Actor } from '../../domain/roles.js';
import { type RerunGateDeps, rerunRefusal } from './rerunGate.js';

export interface ReproduceInput {
  /** Pin the project's active configuration version instead of the original's. */
  readonly with_current_config?: boolean;
  /** Snapshot the original's profile as it is now instead of the original's snapshot. */
  readonly with_current_profile?: boolean;
  /** Run on the sources' metadata as discovery has it now instead of as the original used it. */
  readonly with_current_metadata?: boolean;
}

/** A reproduction's metadata is bounded like any record we keep: a few sources' discovery results. */
const maxRecordedBytes = 4 * 1024 * 1024;

/**
 * A new execution that runs again what an earlier one ran: the same configuration version (the
 * graph it pins checked now, by its sha256), the same profile snapshot, the same sources and the
 * metadata they had when the original translated (its `sources.json`), with `run_record.reproduces`
 * naming the original and what, if anything, was taken as it is today instead. It waits in
 * `pending` like any execution; nothing of the original changes. An operator may not bring back
 * what an admin has since changed or removed (a profile's code fields, a deleted profile, a graph
 * URL or code patches): rerunRefusal says which.
 */
export const reproduceExecution = async (
  deps: {
    readonly executions: Pick<ExecutionRepository, 'get' | 'insertMany'>;
    readonly artifacts: Pick<ArtifactStore, 'artifacts' | 'artifact'>;
    readonly configs: Pick<ProjectConfigRepository, 'get' | 'active'>;
    readonly profiles: Pick<ProfileRepository, 'get'>;
    readonly graphs: GraphStore;
    readonly clock: Clock;
    readonly random: Random;
    readonly tracer: Pick<Tracer, 'record'>;
  } & RerunGateDeps,
  id: string,
  input: ReproduceInput,
  actor: Actor,
): Promise<E.Either<AppError, { readonly execution: Execution; readonly original: Execution }>> => {
  const o = await deps.executions.get(id);
  if (!o) return E.left(appError('not_found', `no execution ${id}`));
  const version = input.with_current_config
    ? await deps.configs.active(o.projectModule)
    : await deps.configs.get(o.projectModule, o.configVersion);
  if (!version)
    return E.left(
      appError('conflict', `configuration ${o.projectModule} v${o.configVersion} is no longer stored`),
    );
  // What an admin has changed since the original ran is theirs to bring back (rerunRefusal).
  const refused = await rerunRefusal(
    deps,
    o,
    { snapshot: !input.with_current_profile, pinned: input.with_current_config ? null : version.config },
    actor,
    'reproduce',
  );
  if (refused) return E.left(refused);
  if (!version.config.archives[o.archiveName])
    return E.left(
      appError('conflict', `configuration version ${version.version} has no archive ${o.archiveName}`),
    );
  // The graph by its digest: the file the configuration names must still hold what it pins.
  const pin = version.config.graph;
  // Read afresh: a copy a process kept proves nothing about the file every worker reads.
  const graph = await deps.graphs.load(pin, undefined, { fresh: true }).then(
    (g) => g,
    (err: Error) => err,
  );
  const where = pin.path ?? pin.url ?? '(no graph)';
  if (graph instanceof Error)
    return E.left(appError('conflict', `the graph ${where} cannot be read: ${graph.message}`));
  if (graph.sha256 !== pin.sha256)
    return E.left(
      appError(
        'conflict',
        `the graph ${where} no longer has the sha256 ${pin.sha256} that configuration version ${version.version} pins (it has ${graph.sha256}); the file that produced the run is gone`,
      ),
    );
  let profile = o.profileSnapshot;
  if (input.with_current_profile) {
    const now = o.profileId ? await deps.profiles.get(o.profileId) : null;
    if (!now) return E.left(appError('conflict', `the profile ${o.profileSnapshot.name} no longer exists`));
    profile = now;
  }
  let sources: readonly SourceAsUsed[] | null = null;
  let from: number | null = null;
  if (!input.with_current_metadata) {
    const used = (await deps.artifacts.artifacts(o.id))
      .filter((a) => a.name === artifactNames.sources && a.contentPrunedAt === null)
      .sort((a, b) => b.attempt - a.attempt)[0];
    const text = used ? await deps.artifacts.artifact(o.id, used.attempt, used.name) : null;
    if (!used || !text)
      return E.left(
        appError(
          'conflict',
          `execution ${id} has no record of the metadata it ran on (it ended before translation, ran before such records were kept, or retention dropped it); reproduce it with the current metadata instead`,
        ),
      );
    if (text.length > maxRecordedBytes)
      return E.left(
        appError('conflict', `the recorded metadata of execution ${id} is too large to reproduce from`),
      );
    sources = JSON.parse(text) as SourceAsUsed[];
    from = used.attempt;
  }
  const by = actor.username;
  const now = deps.clock.now();
  const current = [
    ...(input.with_current_config ? ['config'] : []),
    ...(input.with_current_profile ? ['profile'] : []),
    ...(input.with_current_metadata ? ['metadata'] : []),
  ];
  const reproduces = {
    execution_id: o.id,
    attempt: from ?? o.attempt,
    with_current: current,
    ...(sources ? { sources } : {}),
  };
  const execution: Execution = {
    ...o,
    id: deps.random.uuid(),
    configVersion: version.version,
    profileId: profile.id,
    profileSnapshot: profile,
    state: 'pending',
    attempt: 1,
    doStage: null,
    doSubmit: null,
    executeRequestedAt: null,
    runRecord: { reproduces },
    ...unsubmitted,
    idempotencyKey: null,
    requestHash: null,
    createdBy: by,
    createdAt: now,
    updatedAt: now,
  };
  const created = executionEvent(
    execution,
    'execution.created',
    {
      config_version: version.version,
      deployment_profile: { id: profile.id, name: profile.name, version: profile.version },
      archive_name: o.archiveName,
      reproduces: { execution_id: o.id, attempt: reproduces.attempt, with_current: current },
    },
    by,
  );
  await deps.executions.insertMany([{ execution, events: [created] }], now);
  traceMade(deps.tracer, execution);
  return E.right({ execution, original: o });
};
