import type { NewEvent } from '../domain/event.js';
import type { Source, SourceMetadata, SourceSummary } from '../domain/source.js';

export interface NewSource {
  readonly id: string;
  readonly projectModule: string;
  readonly sourceIdentifier: string;
  readonly enabled: boolean;
}

export interface SourcePage {
  readonly items: readonly SourceSummary[];
  readonly nextCursor: string | null;
}

export interface DiscoverySave {
  readonly configVersion: number;
  readonly metadata: SourceMetadata;
  readonly flags: Readonly<Record<string, unknown>>;
  readonly signature: string;
}

export interface SourceRepository {
  /** Creates what does not exist yet (one transaction, an event per created source); existing ones come back as they are. */
  createMany(
    sources: readonly NewSource[],
    now: Date,
    event: (s: NewSource) => NewEvent,
  ): Promise<{ created: Source[]; existing: Source[] }>;
  get(id: string): Promise<Source | null>;
  /** The sources that exist among `ids`, in no particular order. */
  getMany(ids: readonly string[]): Promise<Source[]>;
  /** Enables or disables a source, with its event when that changes it; null when there is no such source. */
  setEnabled(id: string, enabled: boolean, now: Date, event: NewEvent): Promise<Source | null>;
  /**
   * Deletes a source with its event, unless an unfinished execution holds it or its discovery is
   * queued or running (`busy`): in one statement, so neither can start in between.
   */
  delete(id: string, now: Date, event: NewEvent): Promise<'ok' | 'not_found' | 'busy'>;
  findByIdentifiers(projectModule: string, identifiers: readonly string[]): Promise<Source[]>;
  list(projectModule: string, limit: number, cursor: string | null): Promise<SourcePage | 'bad_cursor'>;
  /** Marks sources queued for discovery (from never/done/failed); returns those it marked. */
  markQueued(ids: readonly string[], now: Date): Promise<string[]>;
  markRunning(id: string, now: Date): Promise<void>;
  /** Stores a discovery result with its events; returns whether the signature changed. */
  saveDiscovery(
    id: string,
    result: DiscoverySave,
    now: Date,
    events: (changed: boolean) => NewEvent[],
  ): Promise<{ changed: boolean }>;
  failDiscovery(id: string, error: string, now: Date, event: NewEvent): Promise<void>;
  /** Enabled sources due for discovery (never discovered, or last discovered before `staleBefore`). */
  dueForDiscovery(projectModule: string, staleBefore: Date, limit: number): Promise<string[]>;
  /**
   * Releases discovery claims (queued or running) made before `claimedBefore` whose job no longer
   * lives (it died, or was never queued): the sources become failed with `why`, each with its
   * event. Returns their ids.
   */
  releaseExpiredClaims(
    projectModule: string,
    claimedBefore: Date,
    now: Date,
    why: string,
    event: (id: string) => NewEvent,
  ): Promise<string[]>;
  /** Sources whose discovery is queued or running. */
  discoveryInFlight(projectModule: string): Promise<number>;
  /** Counts by discovery state, for metrics. */
  countsByState(): Promise<readonly { projectModule: string; state: string; count: number }[]>;
}
