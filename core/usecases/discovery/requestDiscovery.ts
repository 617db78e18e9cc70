import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../../errors.js';
import type { Clock } from '../../ports/Clock.js';
import type { JobQueue } from '../../ports/JobQueue.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SourceDiscovery } from '../../ports/SourceDiscovery.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import { discoveryJob } from './discoveryJob.js';

export interface DiscoveryRequestDeps {
  readonly sources: Pick<SourceRepository, 'findByIdentifiers'>;
  readonly discovery: SourceDiscovery;
  readonly configs: ProjectConfigRepository;
  readonly queue: JobQueue;
  readonly clock: Clock;
}

export interface DiscoveryAck {
  readonly queued: string[];
  readonly skipped: { source_identifier: string; reason: string }[];
  readonly jobs: number;
}

/** Queues discovery of the given sources in batches; says which it skipped and why. */
export const enqueueDiscovery = async (
  deps: DiscoveryRequestDeps,
  projectModule: string,
  ids: readonly string[],
  batchSize: number,
): Promise<{ marked: string[]; jobs: number }> => {
  const now = deps.clock.now();
  const marked = await deps.discovery.markQueued(ids, now);
  let jobs = 0;
  for (let i = 0; i < marked.length; i += batchSize) {
    await deps.queue.enqueue(
      discoveryJob.request({ project_module: projectModule, source_ids: marked.slice(i, i + batchSize) }),
      now,
    );
    jobs++;
  }
  return { marked, jobs };
};

export const requestDiscovery = async (
  deps: DiscoveryRequestDeps,
  projectModule: string,
  identifiers: readonly string[],
): Promise<E.Either<AppError, DiscoveryAck>> => {
  const active = await deps.configs.active(projectModule);
  if (!active)
    return E.left(
      appError('conflict', `project ${projectModule} has no configuration; upload one before discovery`),
    );
  const found = new Map(
    (await deps.sources.findByIdentifiers(projectModule, identifiers)).map((s) => [s.sourceIdentifier, s]),
  );
  const skipped: DiscoveryAck['skipped'] = [];
  const wanted: string[] = [];
  for (const ident of new Set(identifiers)) {
    const s = found.get(ident);
    if (!s) skipped.push({ source_identifier: ident, reason: 'no such source in this project' });
    else if (!s.enabled) skipped.push({ source_identifier: ident, reason: 'the source is disabled' });
    else wanted.push(s.id);
  }
  const { marked, jobs } = await enqueueDiscovery(
    deps,
    projectModule,
    wanted,
    active.config.automation.discovery.batch_size,
  );
  const markedSet = new Set(marked);
  const queued: string[] = [];
  for (const ident of new Set(identifiers)) {
    const s = found.get(ident);
    if (!s?.enabled) continue;
    if (markedSet.has(s.id)) queued.push(ident);
    else skipped.push({ source_identifier: ident, reason: 'discovery is already queued or running' });
  }
  return E.right({ queued, skipped, jobs });
};
