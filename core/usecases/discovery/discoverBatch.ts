import { PeerUnavailable, PermanentJobError } from '../../domain/job.js';
import type { Archive } from '../../ports/Archive.js';
import type { Source } from '../../domain/source.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SourceDiscovery } from '../../ports/SourceDiscovery.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import { computeDiscoveries } from './computeDiscovery.js';
import * as t from 'io-ts';
import { JobProjectModule, JobUuid } from '../../domain/jobPayloads.js';

/** A batch of one project's sources to discover (`discoveryJob`). */
export const DiscoveryJobPayloadC = t.readonly(
  t.type({ project_module: JobProjectModule, source_ids: t.readonlyArray(JobUuid) }),
);
export type DiscoveryJobPayload = t.TypeOf<typeof DiscoveryJobPayloadC>;

export interface DiscoverDeps {
  readonly sources: Pick<SourceRepository, 'get'>;
  readonly discovery: SourceDiscovery;
  readonly configs: ProjectConfigRepository;
  readonly archive: Archive;
  readonly digest: ContentDigest;
  readonly clock: Clock;
}

/**
 * Discovers the sources of a batch with the project's active configuration, all at once (queries
 * that batch ask the archive about many sources per request). A source whose discovery fails is
 * recorded as failed (with the reason) and the others go on; the next discovery tick or request
 * tries it again. An archive that does not answer (an outage, not a refusal) fails nothing before
 * the job's last try: the batch is tried again by the queue, so a blip leaves no source failed.
 */
export const discoverBatch = async (
  deps: DiscoverDeps,
  job: DiscoveryJobPayload,
  ctx: { readonly signal?: AbortSignal; readonly lastAttempt?: boolean } = {},
): Promise<{ discovered: number; changed: number; failed: number; queries: number }> => {
  const { signal } = ctx;
  const active = await deps.configs.active(job.project_module);
  if (!active) throw new PermanentJobError(`project ${job.project_module} has no configuration`);
  const sources: Source[] = [];
  for (const id of job.source_ids) {
    if (signal?.aborted) throw signal.reason;
    const source = await deps.sources.get(id);
    if (!source?.enabled) continue;
    await deps.discovery.markRunning(id, deps.clock.now());
    sources.push(source);
  }
  const stats = { queries: 0, entries: 0 };
  let outage: PeerUnavailable | null = null;
  // An archive that does not answer (queries or access checks) is noted: the batch is retried.
  const noting = <T>(p: Promise<T>): Promise<T> =>
    p.catch((err: unknown) => {
      if (err instanceof PeerUnavailable) outage ??= err;
      throw err;
    });
  const { access } = deps.archive;
  const archive: Archive = {
    query: (q, sig) => noting(deps.archive.query(q, sig)),
    ping: (...args) => deps.archive.ping(...args),
    ...(access ? { access: (...args) => noting(access.apply(deps.archive, args)) } : {}),
  };
  const outcomes = await computeDiscoveries(
    { archive, digest: deps.digest },
    active.config,
    sources.map((s) => s.sourceIdentifier),
    stats,
    signal,
  );
  if (outage !== null && ctx.lastAttempt === false) throw outage;
  let discovered = 0;
  let changed = 0;
  let failed = 0;
  for (const [i, source] of sources.entries()) {
    if (signal?.aborted) throw signal.reason;
    const outcome = outcomes[i]!;
    const id = source.id;
    const base = {
      projectModule: source.projectModule,
      subjectType: 'source' as const,
      subjectId: id,
      actor: null,
    };
    if ('error' in outcome) {
      failed++;
      await deps.discovery.failDiscovery(id, outcome.error, deps.clock.now(), {
        ...base,
        kind: 'source.discovery_failed',
        payload: { error: outcome.error },
      });
      continue;
    }
    const r = outcome.result;
    const wasHeld = source.metadata?.access?.held ?? null;
    const held = r.metadata.access?.held ?? null;
    // The archive's leave to fetch the data, when it changes: held (not yet released to the
    // account) or released (an alert rule of kind data_access tells either).
    const accessEvents =
      held !== null && wasHeld === null
        ? [
            {
              ...base,
              kind: 'source.data_held',
              payload: {
                source_identifier: source.sourceIdentifier,
                reason: held,
                proprietary: r.metadata.access?.proprietary ?? [],
              },
            },
          ]
        : held === null && wasHeld !== null
          ? [
              {
                ...base,
                kind: 'source.data_released',
                payload: { source_identifier: source.sourceIdentifier, held_for: wasHeld },
              },
            ]
          : [];
    const saved = await deps.discovery.saveDiscovery(
      id,
      { configVersion: active.version, metadata: r.metadata, flags: r.flags, signature: r.signature },
      deps.clock.now(),
      (didChange) => [
        {
          ...base,
          kind: 'source.discovered',
          payload: {
            config_version: active.version,
            datasets: r.metadata.datasets.length,
            discovery_flags: r.flags,
            signature: r.signature,
          },
        },
        ...(didChange
          ? [
              {
                ...base,
                kind: 'source.changed',
                payload: {
                  source_identifier: source.sourceIdentifier,
                  previous_signature: source.signature,
                  signature: r.signature,
                },
              },
            ]
          : []),
        ...accessEvents,
      ],
    );
    discovered++;
    if (saved.changed) changed++;
  }
  return { discovered, changed, failed, queries: stats.queries };
};
