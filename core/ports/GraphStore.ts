import type { GraphRef } from '../domain/projectConfig.js';

/** Where logical graphs come from: the worker's graph directory, or a URL. Returns the raw text. */
export interface GraphStore {
  load(ref: GraphRef, signal?: AbortSignal): Promise<string>;
}
