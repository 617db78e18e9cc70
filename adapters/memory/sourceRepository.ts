import type { NewEvent } from '../../core/domain/event.js';
import { terminalStates } from '../../core/domain/execution.js';
import { type Source, summariseSource } from '../../core/domain/source.js';
import { type SourceFilter, sourceMatches } from '../../core/domain/sourceFilter.js';
import type { NewSource, SourcePage, SourceRepository } from '../../core/ports/SourceRepository.js';
import { byCodePoint, decodeCursor, encodeCursor, type MemoryStore, pageAfter } from './store.js';

/** A source as stored: with its discovery claim time, and when its current signature was found (automationRetry.ts). */
export type Row = Source & { readonly discoveryClaimedAt: Date | null; readonly signatureAt: Date | null };

/** Its discovery is queued or running. */
export const inFlight = (r: Row) => r.discoveryState === 'queued' || r.discoveryState === 'running';
/** A stored row as the repository gives it out (without what only the store keeps). */
export const toSource = ({ discoveryClaimedAt: _, signatureAt: __, ...s }: Row): Source => s;

/** Changes a stored source; null when there is none. */
export const updateSource = (store: MemoryStore, id: string, change: Partial<Row>, now: Date): Row | null => {
  const r = store.sources.get(id);
  if (!r) return null;
  const next = { ...r, ...change, updatedAt: now };
  store.sources.set(id, next);
  return next;
};

export const sourcesIn = (store: MemoryStore, projectModule: string): Row[] =>
  [...store.sources.values()].filter((s) => s.projectModule === projectModule);

export class MemorySourceRepository implements SourceRepository {
  constructor(private readonly store: MemoryStore) {}

  async createMany(sources: readonly NewSource[], now: Date, event: (s: NewSource) => NewEvent) {
    const created: Source[] = [];
    const existing: Source[] = [];
    for (const s of sources) {
      const there = sourcesIn(this.store, s.projectModule).find(
        (x) => x.sourceIdentifier === s.sourceIdentifier,
      );
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
        signatureAt: null,
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

  async identifiersOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return new Map(
      ids.flatMap((id) => {
        const r = this.store.sources.get(id);
        return r ? [[id, r.sourceIdentifier] as const] : [];
      }),
    );
  }

  async setEnabled(id: string, enabled: boolean, now: Date, event: NewEvent): Promise<Source | null> {
    const r = this.store.sources.get(id);
    if (!r) return null;
    if (r.enabled === enabled) return toSource(r);
    const next = updateSource(this.store, id, { enabled }, now)!;
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
    return sourcesIn(this.store, projectModule)
      .filter((s) => wanted.has(s.sourceIdentifier))
      .map(toSource);
  }

  async list(
    projectModule: string,
    filter: SourceFilter,
    limit: number,
    cursor: string | null,
  ): Promise<SourcePage | 'bad_cursor'> {
    const after = cursor === null ? '' : decodeCursor('s', cursor);
    if (typeof after !== 'string') return 'bad_cursor';
    const sorted = sourcesIn(this.store, projectModule)
      .filter((s) => sourceMatches(filter, s))
      .sort((a, b) => byCodePoint(a.sourceIdentifier, b.sourceIdentifier));
    const page = pageAfter(
      sorted,
      (s) => byCodePoint(s.sourceIdentifier, after) > 0,
      limit,
      (s) => encodeCursor('s', s.sourceIdentifier),
    );
    // Only the page's rows are summarised.
    return { ...page, items: page.items.map((s) => summariseSource(toSource(s))) };
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
