import type { StagedFile } from '../domain/manifest.js';

export interface StageRequest {
  readonly executionId: string;
  readonly sourceIdentifier: string;
  readonly datasetIndex: number;
  readonly dataset: Readonly<Record<string, unknown>>;
}

/** Makes a source's datasets available to the run (CASDA: datalink -> async job -> files). */
export interface Stager {
  stage(req: StageRequest, signal?: AbortSignal): Promise<StagedFile>;
}
