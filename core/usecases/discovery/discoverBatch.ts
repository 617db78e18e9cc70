import { PermanentJobError } from '../../domain/job.js';
import type { Archive } from '../../ports/Archive.js';
import type { Clock } from '../../ports/Clock.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import type { TokenDigest } from '../../ports/TokenDigest.js';
import { computeDiscovery } from './computeDiscovery.js';
import type { DiscoveryJobPayload } from './jobs.js';

export interface DiscoverDeps {
  readonly sources: SourceRepository;
  readonly configs: ProjectConfigRepository;
  readonly archive: Archive;
  readonly digest: TokenDigest;
  readonly clock: Clock;
}

/**
 * Discovers each source of a batch with the project's active configuration. A source whose
 * discovery fails is recorded as failed (with the reason) and the batch goes on; the next
 * discovery tick or request tries it again.
 */
export const discoverBatch = async (
  deps: DiscoverDeps,
  job: DiscoveryJobPayload,
  signal?: AbortSignal,
): Promise<{ discovered: number; changed: number; failed: number }> => {
  const active = await deps.configs.active(job.project_module);
  if (!active) throw new PermanentJobError(`project ${job.project_module} has no configuration`);
  let discovered = 0;
  let changed = 0;
  let failed = 0;
  for (const id of job.source_ids) {
    if (signal?.aborted) throw signal.reason;
    const source = await deps.sources.get(id);
    if (!source?.enabled) continue;
    await deps.sources.markRunning(id, deps.clock.now());
    const base = {
      projectModule: source.projectModule,
      subjectType: 'source' as const,
      subjectId: id,
      actor: null,
    };
    try {
      const r = await computeDiscovery(deps, active.config, source.sourceIdentifier, signal);
      const saved = await deps.sources.saveDiscovery(
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
                  payload: { previous_signature: source.signature, signature: r.signature },
                },
              ]
            : []),
        ],
      );
      discovered++;
      if (saved.changed) changed++;
    } catch (err) {
      if (signal?.aborted) throw err;
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      await deps.sources.failDiscovery(id, message, deps.clock.now(), {
        ...base,
        kind: 'source.discovery_failed',
        payload: { error: message },
      });
    }
  }
  return { discovered, changed, failed };
};
