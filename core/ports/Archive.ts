import type { QueryBatch, TapArchive } from '../domain/projectConfig.js';
import type { PingCheck } from './PingCheck.js';

export type Row = Readonly<Record<string, unknown>>;

/** A table sent with a query (a TAP upload, `TAP_UPLOAD.<table>` in the ADQL). */
export interface ArchiveUpload {
  readonly table: string;
  readonly columns: readonly { readonly name: string; readonly type: 'char' | 'long' | 'double' }[];
  readonly rows: readonly (readonly (string | number | null)[])[];
}

export interface ArchiveQuery {
  readonly archiveName: string;
  readonly archive: TapArchive;
  readonly queryName: string;
  /** The rendered ADQL: values already quoted as literals. */
  readonly adql: string;
  /** The values that were rendered into it (for logs and for the mock archive). */
  readonly params: Readonly<Record<string, unknown>>;
  /** MAXREC: the most rows the archive should return. */
  readonly maxRows: number;
  readonly upload?: ArchiveUpload;
  /** How a batch query's rows come back to its sources (the mock archive needs it; TAP does not). */
  readonly batch?: QueryBatch;
}

export interface ArchiveAnswer {
  readonly rows: readonly Row[];
  /** The archive cut the answer at maxRows (TAP's QUERY_STATUS=OVERFLOW): rows are missing. */
  readonly overflow: boolean;
}

/**
 * A table-access archive (TAP). Throws on failure: `PermanentJobError` for what retrying cannot fix
 * (the server refused the ADQL, the credentials), anything else after the archive's own retries.
 */
export interface Archive {
  query(q: ArchiveQuery, signal?: AbortSignal): Promise<ArchiveAnswer>;
  /**
   * Optional: whether the account may fetch each dataset behind these datalink URLs (DataLink 1.1's
   * `link_authorized`, or CASDA's token left out), one answer per link, in order. An archive that
   * does not answer fails the call (PeerUnavailable); a link it answers about unclearly is `null`.
   */
  access?(
    archiveName: string,
    archive: TapArchive,
    datalinks: readonly string[],
    signal?: AbortSignal,
  ): Promise<LinkAccess[]>;
  /** Reachability, credentials and the tables the configuration reads (`surveyor archive ping`). */
  ping(
    name: string,
    archive: TapArchive,
    tables: readonly string[],
    signal?: AbortSignal,
  ): Promise<PingCheck[]>;
}

/** The archive's word on one datalink: may the account fetch it (null: it did not say, `detail` why). */
export interface LinkAccess {
  readonly authorized: boolean | null;
  readonly detail: string | null;
}
