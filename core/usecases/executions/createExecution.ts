import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, validationError } from '../../errors.js';
import type { Execution } from '../../domain/executionRecord.js';
import type { ProjectConfigVersion } from '../../domain/projectVersion.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { Random } from '../../ports/Random.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import { resolveProfile } from '../profiles/resolveProfile.js';
import type { Tracer } from '../../ports/Tracer.js';
import { draftExecution, traceMade, unknownArchive } from './executionDraft.js';
import { maxSourcesPerExecution } from '../../domain/projectConfig.js';

export interface ExecutionDeps {
  readonly executions: Pick<ExecutionRepository, 'findByIdempotencyKey' | 'insert'>;
  readonly sources: SourceRepository;
  readonly configs: ProjectConfigRepository;
  readonly profiles: ProfileRepository;
  readonly digest: ContentDigest;
  readonly clock: Clock;
  readonly random: Random;
  readonly tracer: Pick<Tracer, 'record'>;
}

export interface CreateExecutionInput {
  readonly project_module: string;
  readonly sources: readonly { readonly source_identifier: string }[];
  readonly archive_name: string;
  readonly deployment_profile_name?: string;
  readonly deployment_profile_id?: string;
}

type Created = E.Either<AppError, { execution: Execution; created: boolean }>;
type Opts = { readonly idempotencyKey?: string; readonly requestHash: string; readonly by: string };

/** Times a create reads the active version again when another was activated meanwhile. */
const versionTries = 3;

/**
 * Creates an execution in `pending`: it pins the project's active configuration version and a
 * snapshot of the chosen profile. With an idempotency key, a replay of the same request returns the
 * execution it made, and a different request under the same key is refused.
 */
export const createExecution = async (
  deps: ExecutionDeps,
  input: CreateExecutionInput,
  opts: Opts,
): Promise<Created> => {
  if (opts.idempotencyKey !== undefined) {
    const prior = await deps.executions.findByIdempotencyKey(opts.idempotencyKey);
    if (prior) return replay(prior, opts.requestHash);
  }
  // First from the version this process last saw active, which costs no read: the insert stores the
  // execution only while that version is still the active one, and anything but a success is
  // answered from a fresh read, so a version replaced meanwhile neither refuses the request nor is
  // pinned by it.
  const quick = await createWith(deps, input, opts, await deps.configs.lastActive(input.project_module));
  if (quick !== 'version_changed' && E.isRight(quick)) return quick;
  for (let tries = 1; ; tries++) {
    const r = await createWith(deps, input, opts, await deps.configs.active(input.project_module));
    if (r !== 'version_changed') return r;
    if (tries >= versionTries)
      return E.left(
        appError(
          'conflict',
          `the active configuration of ${input.project_module} kept changing while the execution was created; try again`,
        ),
      );
  }
};

const createWith = async (
  deps: ExecutionDeps,
  input: CreateExecutionInput,
  opts: Opts,
  active: ProjectConfigVersion | null,
): Promise<Created | 'version_changed'> => {
  if (!active)
    return E.left(
      appError('conflict', `project ${input.project_module} has no configuration; upload one first`),
    );
  const config = active.config;
  const badArchive = unknownArchive(config, input.archive_name);
  if (badArchive) return E.left(badArchive);
  const idents = [...new Set(input.sources.map((s) => s.source_identifier))];
  // A version stored before the service's ceiling may ask for more: the ceiling holds.
  const cap = Math.min(config.automation.execution.max_sources_per_execution, maxSourcesPerExecution);
  if (idents.length === 0 || idents.length > cap)
    return E.left(
      validationError('wrong number of sources', [
        {
          path: 'sources',
          message: `give 1 to ${cap} distinct sources (automation.execution.max_sources_per_execution)`,
        },
      ]),
    );
  // The sources and the profile are read at once: neither read depends on the other.
  const [found, profile] = await Promise.all([
    deps.sources.findByIdentifiers(input.project_module, idents),
    resolveProfile(deps.profiles, {
      projectModule: input.project_module,
      ...(input.deployment_profile_id !== undefined ? { id: input.deployment_profile_id } : {}),
      ...(input.deployment_profile_name !== undefined ? { name: input.deployment_profile_name } : {}),
    }),
  ]);
  const missing = idents.filter((i) => !found.some((s) => s.sourceIdentifier === i));
  if (missing.length > 0)
    return E.left(
      validationError(
        'unknown sources',
        missing.map((m) => ({ path: 'sources', message: `no source ${m} in ${input.project_module}` })),
      ),
    );
  if (E.isLeft(profile)) return profile;
  const { execution, event } = draftExecution({
    id: deps.random.uuid(),
    projectModule: input.project_module,
    configVersion: active.version,
    profile: profile.right,
    archiveName: input.archive_name,
    sources: idents.map((i) => found.find((s) => s.sourceIdentifier === i)!),
    idempotencyKey: opts.idempotencyKey ?? null,
    requestHash: opts.requestHash,
    by: opts.by,
    now: deps.clock.now(),
  });
  const stored = await deps.executions.insert(execution, event);
  if (stored === 'version_changed') return stored;
  if (stored === 'key_taken') {
    // Another request with the same key won the race: answer as a replay of it.
    const prior = await deps.executions.findByIdempotencyKey(opts.idempotencyKey!);
    if (prior) return replay(prior, opts.requestHash);
  }
  traceMade(deps.tracer, execution);
  return E.right({ execution, created: true });
};

const replay = (
  prior: Execution,
  requestHash: string,
): E.Either<AppError, { execution: Execution; created: boolean }> =>
  prior.requestHash === requestHash
    ? E.right({ execution: prior, created: false })
    : E.left(
        appError('conflict', 'this Idempotency-Key was used for a different request', {
          execution: prior.id,
        }),
      );
