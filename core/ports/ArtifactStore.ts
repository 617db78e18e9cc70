import type { Lease } from '../domain/job.js';

export interface ArtifactInfo {
  readonly attempt: number;
  readonly name: string;
  readonly mediaType: string;
  readonly sha256: string;
  readonly size: number;
  readonly createdAt: Date;
  /** Set once retention dropped the content; the digest and size stay for the ledger. */
  readonly contentPrunedAt: Date | null;
}

/** One artifact of an attempt, as a step writes it. */
export interface ArtifactWrite {
  readonly executionId: string;
  readonly attempt: number;
  readonly name: string;
  readonly mediaType: string;
  readonly content: string;
  readonly sha256: string;
}

/** What each attempt of a run leaves: manifest, graphs, reports. A write is fenced by the job's lease. */
export interface ArtifactStore {
  saveArtifact(a: ArtifactWrite, fence: Lease, now: Date): Promise<'ok' | 'lease_lost'>;
  /** Several artifacts in one write (all or none), fenced like one. */
  saveArtifacts(list: readonly ArtifactWrite[], fence: Lease, now: Date): Promise<'ok' | 'lease_lost'>;
  artifact(executionId: string, attempt: number, name: string): Promise<string | null>;
  artifacts(executionId: string): Promise<ArtifactInfo[]>;
}
