import type { TapArchive } from '../domain/projectConfig.js';

export type Row = Readonly<Record<string, unknown>>;

export interface ArchiveQuery {
  readonly archiveName: string;
  readonly archive: TapArchive;
  readonly queryName: string;
  /** The rendered ADQL: values already quoted as literals. */
  readonly adql: string;
  /** The values that were rendered into it (for logs and for the mock archive). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly maxRows: number;
}

/** A table-access archive (TAP). Throws on failure; the queue retries. */
export interface Archive {
  query(q: ArchiveQuery, signal?: AbortSignal): Promise<readonly Row[]>;
}
