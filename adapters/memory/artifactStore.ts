import type { Lease } from '../../core/domain/job.js';
import type { ArtifactInfo, ArtifactStore, ArtifactWrite } from '../../core/ports/ArtifactStore.js';
import { byCodePoint, leaseHeld, type MemoryStore } from './store.js';

/** Stores or replaces one artifact (a retention-pruned one stays marked pruned). */
export const putArtifact = (store: MemoryStore, a: ArtifactWrite, now: Date): void => {
  const same = (x: { executionId: string; attempt: number; name: string }) =>
    x.executionId === a.executionId && x.attempt === a.attempt && x.name === a.name;
  const at = store.artifacts.findIndex(same);
  const stored = {
    executionId: a.executionId,
    attempt: a.attempt,
    name: a.name,
    mediaType: a.mediaType,
    sha256: a.sha256,
    size: Buffer.byteLength(a.content),
    content: a.content,
    createdAt: now,
    contentPrunedAt: at >= 0 ? store.artifacts[at]!.contentPrunedAt : null,
  };
  if (at >= 0) store.artifacts[at] = stored;
  else store.artifacts.push(stored);
};

export class MemoryArtifactStore implements ArtifactStore {
  constructor(private readonly store: MemoryStore) {}

  async saveArtifacts(list: readonly ArtifactWrite[], fence: Lease, now: Date): Promise<'ok' | 'lease_lost'> {
    if (!leaseHeld(this.store, fence)) return 'lease_lost';
    for (const a of list) putArtifact(this.store, a, now);
    return 'ok';
  }

  async saveArtifact(a: ArtifactWrite, fence: Lease, now: Date): Promise<'ok' | 'lease_lost'> {
    return this.saveArtifacts([a], fence, now);
  }

  async artifact(executionId: string, attempt: number, name: string): Promise<string | null> {
    return (
      this.store.artifacts.find(
        (x) => x.executionId === executionId && x.attempt === attempt && x.name === name,
      )?.content ?? null
    );
  }

  async artifacts(executionId: string): Promise<ArtifactInfo[]> {
    return this.store.artifacts
      .filter((x) => x.executionId === executionId)
      .sort(
        (a, b) =>
          a.attempt - b.attempt ||
          a.createdAt.getTime() - b.createdAt.getTime() ||
          byCodePoint(a.name, b.name),
      )
      .map(({ content: _, executionId: __, ...info }) => info);
  }
}
