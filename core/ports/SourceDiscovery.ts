import type { NewEvent } from '../domain/event.js';
import type { SourceMetadata } from '../domain/source.js';

export interface DiscoverySave {
  readonly configVersion: number;
  readonly metadata: SourceMetadata;
  readonly flags: Readonly<Record<string, unknown>>;
  readonly signature: string;
}

/** Each source's discovery: claimed for a batch, run, saved or failed, and what is due. */
export interface SourceDiscovery {
  /** Marks sources queued for discovery (from never/done/failed); returns those it marked. */
  markQueued(ids: readonly string[], now: Date): Promise<string[]>;
  markRunning(id: string, now: Date): Promise<void>;
  /** Stores a discovery result with its events; returns whether the signature changed. */
  saveDiscovery(
    id: string,
    result: DiscoverySave,
    now: Date,
    events: (changed: boolean) => NewEvent[],
  ): Promise<{ changed: boolean }>;
  failDiscovery(id: string, error: string, now: Date, event: NewEvent): Promise<void>;
  /** Enabled sources due for discovery (never discovered, or last discovered before `staleBefore`). */
  dueForDiscovery(projectModule: string, staleBefore: Date, limit: number): Promise<string[]>;
  /**
   * Releases discovery claims (queued or running) made before `claimedBefore` whose job no longer
   * lives (it died, or was never queued): the sources become failed with `why`, each with its
   * event. Returns their ids.
   */
  releaseExpiredClaims(
    projectModule: string,
    claimedBefore: Date,
    now: Date,
    why: string,
    event: (id: string) => NewEvent,
  ): Promise<string[]>;
  /** Sources whose discovery is queued or running. */
  discoveryInFlight(projectModule: string): Promise<number>;
}
