import type { NewEvent } from '../../core/domain/event.js';
import { discoveryJob } from '../../core/usecases/discovery/discoveryJob.js';
import { byCodePoint, json, type MemoryStore } from './store.js';
import { inFlight, sourcesIn, updateSource } from './sourceRepository.js';
import type { DiscoverySave, SourceDiscovery } from '../../core/ports/SourceDiscovery.js';

export class MemorySourceDiscovery implements SourceDiscovery {
  constructor(private readonly store: MemoryStore) {}

  async markQueued(ids: readonly string[], now: Date): Promise<string[]> {
    const marked: string[] = [];
    for (const id of new Set(ids)) {
      const r = this.store.sources.get(id);
      if (!r?.enabled || inFlight(r)) continue;
      updateSource(this.store, id, { discoveryState: 'queued', discoveryClaimedAt: now }, now);
      marked.push(id);
    }
    return marked;
  }

  async markRunning(id: string, now: Date): Promise<void> {
    updateSource(this.store, id, { discoveryState: 'running', discoveryClaimedAt: now }, now);
  }

  async saveDiscovery(id: string, r: DiscoverySave, now: Date, events: (changed: boolean) => NewEvent[]) {
    const before = this.store.sources.get(id);
    if (!before) throw new Error(`no source ${id}`);
    const changed = before.signature !== r.signature;
    updateSource(
      this.store,
      id,
      {
        discoveryState: 'done',
        discoveryError: null,
        discoveryClaimedAt: null,
        discoveredAt: now,
        configVersion: r.configVersion,
        metadata: json(r.metadata),
        discoveryFlags: json(r.flags),
        signature: r.signature,
        signatureAt: changed ? now : before.signatureAt,
      },
      now,
    );
    for (const e of events(changed)) this.store.appendEvent(e, now);
    return { changed };
  }

  async failDiscovery(id: string, error: string, now: Date, event: NewEvent): Promise<void> {
    updateSource(
      this.store,
      id,
      { discoveryState: 'failed', discoveryError: error.slice(0, 2000), discoveryClaimedAt: null },
      now,
    );
    this.store.appendEvent(event, now);
  }

  async dueForDiscovery(projectModule: string, staleBefore: Date, limit: number): Promise<string[]> {
    return sourcesIn(this.store, projectModule)
      .filter((s) => s.enabled && !inFlight(s) && (s.discoveredAt === null || s.discoveredAt < staleBefore))
      .sort(
        (a, b) =>
          (a.discoveredAt?.getTime() ?? -Infinity) - (b.discoveredAt?.getTime() ?? -Infinity) ||
          byCodePoint(a.sourceIdentifier, b.sourceIdentifier),
      )
      .slice(0, limit)
      .map((s) => s.id);
  }

  async releaseExpiredClaims(
    projectModule: string,
    claimedBefore: Date,
    now: Date,
    why: string,
    event: (id: string) => NewEvent,
  ): Promise<string[]> {
    // A claim whose discovery job still lives (queued, running, waiting for a retry) is kept.
    const liveJobSources = new Set(
      [...this.store.queue.rows.values()]
        .filter((j) => j.kind === discoveryJob.name && (j.state === 'queued' || j.state === 'running'))
        .flatMap((j) => ((j.payload as { source_ids?: unknown }).source_ids ?? []) as string[]),
    );
    const released = sourcesIn(this.store, projectModule).filter(
      (s) =>
        inFlight(s) &&
        s.discoveryClaimedAt !== null &&
        s.discoveryClaimedAt < claimedBefore &&
        !liveJobSources.has(s.id),
    );
    for (const s of released) {
      updateSource(
        this.store,
        s.id,
        { discoveryState: 'failed', discoveryError: why, discoveryClaimedAt: null },
        now,
      );
      this.store.appendEvent(event(s.id), now);
    }
    return released.map((s) => s.id);
  }

  async discoveryInFlight(projectModule: string): Promise<number> {
    return sourcesIn(this.store, projectModule).filter(inFlight).length;
  }
}
