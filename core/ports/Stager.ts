import type { StagedFile } from '../domain/manifest.js';
import type { TapArchive } from '../domain/projectConfig.js';

/**
 * What a stager remembers of one dataset between tries: opaque to the core, which stores it (fenced,
 * as an artifact of the attempt) whenever the stager asks and hands it back on the next try.
 */
export type StagingState = Readonly<Record<string, unknown>>;

export interface StageRequest {
  readonly executionId: string;
  readonly attempt: number;
  readonly sourceIdentifier: string;
  readonly datasetIndex: number;
  readonly dataset: Readonly<Record<string, unknown>>;
  /** The execution's archive: where the dataset's links may lead and whose account opens them. */
  readonly archiveName: string;
  readonly archive: TapArchive;
  /** What an earlier try of this dataset recorded, or null on the first. */
  readonly resume: StagingState | null;
}

/** How a stager keeps its word across crashes: it records before it relies on something. */
export interface StageProgress {
  /** Stores the dataset's state (an archive job about to be made or made, a file finished). */
  record(state: StagingState): Promise<void>;
  /**
   * A milestone for the execution's events (a job created, a file downloaded and verified, fresh
   * links asked for after pre-signed ones expired).
   */
  note(
    kind: 'job_created' | 'file_staged' | 'links_refreshed',
    payload: Readonly<Record<string, unknown>>,
  ): Promise<void>;
}

/** Makes a source's datasets available to the run (CASDA: datalink -> async job -> files). */
export interface Stager {
  /**
   * Optional: prepares many datasets of a run at once before each is staged (CASDA: one async job
   * for many datasets, as the archive's own clients ask, where one job each would cost the archive
   * a job per file). Each dataset's job is recorded through its own `progress` before the request
   * that makes it and after. Returns, per request, the state to stage it from, or null where it
   * prepared nothing (`stage` then does all of it).
   */
  prepare?(
    requests: readonly StageRequest[],
    progress: readonly StageProgress[],
    signal?: AbortSignal,
  ): Promise<(StagingState | null)[]>;
  stage(req: StageRequest, progress: StageProgress, signal?: AbortSignal): Promise<StagedFile>;
  /**
   * Whether what an earlier attempt staged for this dataset serves the request as it is: the same
   * dataset from the same link, and every file still there as it was verified when staged (size
   * and checksum, read again; size alone where the archive gave no checksum; a file verified by
   * nothing is never reused). Null when it does; otherwise why not (a reuse is never assumed), and
   * a file found changed is removed, so that staging the dataset fetches it again.
   */
  reusable(req: StageRequest, previous: StagedFile, signal?: AbortSignal): Promise<string | null>;
}
