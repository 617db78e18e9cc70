import type { GraphRef } from '../domain/projectConfig.js';

/** A logical graph's raw text and the sha256 of that text (hex), as the store computed it. */
export interface LoadedGraph {
  readonly text: string;
  readonly sha256: string;
}

/**
 * Where logical graphs come from: the worker's graph directory, or a URL. The digest comes with the
 * text, so a store that keeps graphs hashes each once, not once per run.
 */
export interface GraphStore {
  /** `fresh`: read the file or URL itself, not a copy the store kept (a kept copy that no longer matches goes). */
  load(ref: GraphRef, signal?: AbortSignal, opts?: { readonly fresh?: boolean }): Promise<LoadedGraph>;
}
