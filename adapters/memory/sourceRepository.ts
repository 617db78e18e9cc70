import type { NewEvent } from '../../core/domain/event.js';
import { terminalStates } from '../../core/domain/execution.js';
import { discoveryJobKind } from '../../core/domain/jobKinds.js';
import { type Source, summariseSource } from '../../core/domain/source.js';
import type {
  DiscoverySave,
  NewSource,
  SourcePage,
  SourceRepository,
} from '../../core/ports/SourceRepository.js';
import { byCodePoint, decodeCursor, encodeCursor, json, type MemoryStore, pageAfter } from './store.js';

type Row = Source & { readonly discoveryClaimedAt: Date | null };

const inFlight = (r: Row) => r.discoveryState === 'queued' || r.discoveryState === 'running';
/** A stored row as the repository gives it out (without its discovery claim time). */
export const toSource = ({ discoveryClaimedAt: _, ...s }: Row): Source => s;

export class MemorySourceRepository implements SourceRepository {
  constructor(private readonly store: MemoryStore) {}

  private update(id: string, change: Partial<Row>, now: Date): Row | null {
    const r = this.store.sources.get(id);
    if (!r) return null;
    const next = { ...r, ...change, updatedAt: now };
    this.store.sources.set(id, next);
    return next;
  }

  private ofProject(projectModule: string): Row[] {
    return [...this.store.sources.values()].filter((s) => s.projectModule === projectModule);
  }

  async createMany(sources: readonly NewSource[], now: Date, event: (s: NewSource) => NewEvent) {
    const created: Source[] = [];
    const existing: Source[] = [];
    for (const s of sources) {
      const there = this.ofProject(s.projectModule).find((x) => x.sourceIdentifier === s.sourceIdentifier);
      if (there) {
        if (!existing.some((e) => e.id === there.id) && !created.some((c) => c.id === there.id))
          existing.push(toSource(there));
        continue;
      }
      const row: Row = {
        id: s.id,
        projectModule: s.projectModule,
        sourceIdentifier: s.sourceIdentifier,
        enabled: s.enabled,
        discoveryState: 'never',
        discoveryError: null,
        discoveredAt: null,
        configVersion: null,
        metadata: null,
        discoveryFlags: {},
        signature: null,
        processedSignature: null,
        createdAt: now,
        updatedAt: now,
        discoveryClaimedAt: null,
      };
      this.store.sources.set(s.id, row);
      this.store.appendEvent(event(s), now);
      created.push(toSource(row));
    }
    return { created, existing };
  }

  async get(id: string): Promise<Source | null> {
    const r = this.store.sources.get(id);
    return r ? toSource(r) : null;
  }

  async getMany(ids: readonly string[]): Promise<Source[]> {
    return [...new Set(ids)].flatMap((id) => {
      const r = this.store.sources.get(id);
      return r ? [toSource(r)] : [];
    });
  }

  async setEnabled(id: string, enabled: boolean, now: Date, event: NewEvent): Promise<Source | null> {
    const r = this.store.sources.get(id);
    if (!r) return null;
    if (r.enabled === enabled) return toSource(r);
    const next = this.update(id, { enabled }, now)!;
    this.store.appendEvent(event, now);
    return toSource(next);
  }

  async delete(id: string, now: Date, event: NewEvent): Promise<'ok' | 'not_found' | 'busy'> {
    const r = this.store.sources.get(id);
    if (!r) return 'not_found';
    const held = [...this.store.executions.values()].some(
      (x) => x.sourceIds.includes(id) && !terminalStates.has(x.state),
    );
    if (held || inFlight(r)) return 'busy';
    this.store.sources.delete(id);
    this.store.appendEvent(event, now);
    return 'ok';
  }

  async findByIdentifiers(projectModule: string, identifiers: readonly string[]): Promise<Source[]> {
    const wanted = new Set(identifiers);
    return this.ofProject(projectModule)
      .filter((s) => wanted.has(s.sourceIdentifier))
      .map(toSource);
  }

  async list(
    projectModule: string,
    limit: number,
    cursor: string | null,
  ): Promise<SourcePage | 'bad_cursor'> {
    const after = cursor === null ? '' : decodeCursor('s', cursor);
    if (typeof after !== 'string') return 'bad_cursor';
    const sorted = this.ofProject(projectModule).sort((a, b) =>
      byCodePoint(a.sourceIdentifier, b.sourceIdentifier),
    );
    const page = pageAfter(
      sorted,
      (s) => byCodePoint(s.sourceIdentifier, after) > 0,
      limit,
      (s) => encodeCursor('s', s.sourceIdentifier),
    );
    // Only the page's rows are summarised.
    return { ...page, items: page.items.map((s) => summariseSource(toSource(s))) };
  }

  async markQueued(ids: readonly string[], now: Date): Promise<string[]> {
    const marked: string[] = [];
    for (const id of new Set(ids)) {
      const r = this.store.sources.get(id);
      if (!r?.enabled || inFlight(r)) continue;
      this.update(id, { discoveryState: 'queued', discoveryClaimedAt: now }, now);
      marked.push(id);
    }
    return marked;
  }

  async markRunning(id: string, now: Date): Promise<void> {
    this.update(id, { discoveryState: 'running', discoveryClaimedAt: now }, now);
  }

  async saveDiscovery(id: string, r: DiscoverySave, now: Date, events: (changed: boolean) => NewEvent[]) {
    const before = this.store.sources.get(id);
    if (!before) throw new Error(`no source ${id}`);
    const changed = before.signature !== r.signature;
    this.update(
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
      },
      now,
    );
    for (const e of events(changed)) this.store.appendEvent(e, now);
    return { changed };
  }

  async failDiscovery(id: string, error: string, now: Date, event: NewEvent): Promise<void> {
    this.update(
      id,
      { discoveryState: 'failed', discoveryError: error.slice(0, 2000), discoveryClaimedAt: null },
      now,
    );
    this.store.appendEvent(event, now);
  }

  async dueForDiscovery(projectModule: string, staleBefore: Date, limit: number): Promise<string[]> {
    return this.ofProject(projectModule)
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
        .filter((j) => j.kind === discoveryJobKind && (j.state === 'queued' || j.state === 'running'))
        .flatMap((j) => ((j.payload as { source_ids?: unknown }).source_ids ?? []) as string[]),
    );
    const released = this.ofProject(projectModule).filter(
      (s) =>
        inFlight(s) &&
        s.discoveryClaimedAt !== null &&
        s.discoveryClaimedAt < claimedBefore &&
        !liveJobSources.has(s.id),
    );
    for (const s of released) {
      this.update(s.id, { discoveryState: 'failed', discoveryError: why, discoveryClaimedAt: null }, now);
      this.store.appendEvent(event(s.id), now);
    }
    return released.map((s) => s.id);
  }

  async discoveryInFlight(projectModule: string): Promise<number> {
    return this.ofProject(projectModule).filter(inFlight).length;
  }

  async countsByState() {
    const counts = new Map<string, { projectModule: string; state: string; count: number }>();
    for (const s of this.store.sources.values()) {
      const k = `${s.projectModule}\u0000${s.discoveryState}`;
      const c = counts.get(k) ?? { projectModule: s.projectModule, state: s.discoveryState, count: 0 };
      counts.set(k, { ...c, count: c.count + 1 });
    }
    return [...counts.values()];
  }
}
