import type { NewEvent } from '../domain/event.js';
import type { Source, SourceSummary } from '../domain/source.js';
import type { SourceFilter } from '../domain/sourceFilter.js';

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

/** The sources of each project: registered, listed, enabled, deleted. Discovery has its own port. */
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
  /** The identifiers of the sources that exist among `ids`, by id (what a list of executions shows). */
  identifiersOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** Enables or disables a source, with its event when that changes it; null when there is no such source. */
  setEnabled(id: string, enabled: boolean, now: Date, event: NewEvent): Promise<Source | null>;
  /**
   * Deletes a source with its event, unless an unfinished execution holds it or its discovery is
   * queued or running (`busy`): in one statement, so neither can start in between.
   */
  delete(id: string, now: Date, event: NewEvent): Promise<'ok' | 'not_found' | 'busy'>;
  findByIdentifiers(projectModule: string, identifiers: readonly string[]): Promise<Source[]>;
  /** A page of the project's sources that match the filter, by identifier in code point order. */
  list(
    projectModule: string,
    filter: SourceFilter,
    limit: number,
    cursor: string | null,
  ): Promise<SourcePage | 'bad_cursor'>;
  /** Counts by discovery state, for metrics. */
  countsByState(): Promise<readonly { projectModule: string; state: string; count: number }[]>;
}
