import { createHash } from 'node:crypto';
import { PermanentJobError } from '../../core/domain/job.js';
import type { GraphRef } from '../../core/domain/projectConfig.js';
import type { GraphStore, LoadedGraph } from '../../core/ports/GraphStore.js';

/** Logical graphs held in memory by path (the harness's graph directory); URLs are not fetched. */
export class MemoryGraphStore implements GraphStore {
  constructor(private readonly graphs: Readonly<Record<string, string>>) {}

  async load(ref: GraphRef): Promise<LoadedGraph> {
    if (ref.path === undefined)
      throw new PermanentJobError(`graph ${ref.url ?? '?'}: the in-memory graph store fetches no URL`);
    const text = this.graphs[ref.path];
    if (text === undefined)
      throw new PermanentJobError(`graph ${ref.path} is not among the graphs given to the harness`);
    return { text, sha256: createHash('sha256').update(text).digest('hex') };
  }
}
