/**
 * How long the service keeps what it accumulates. Each limit is in days (or, for configuration
 * versions, a count); 0 keeps that kind forever. Whatever a live execution still needs is kept
 * whatever the limit: its events, its current attempt's artifacts, its pinned configuration, and
 * any execution whose remote work is not known to have ended.
 */
export interface RetentionPolicy {
  /** Provenance events older than this, unless their execution is still stored (not the account audit's). */
  readonly eventsDays: number;
  /** The account audit's events (domain/accountEvents.ts) older than this: kept apart, often longer. */
  readonly accountEventsDays: number;
  /** Executions ended (and their remote work settled) longer ago than this, with their artifacts. */
  readonly executionsDays: number;
  /** Artifact contents (manifest, graphs) older than this, once their attempt is over; the digest stays. */
  readonly artifactsDays: number;
  /** Succeeded and cancelled queue jobs finished longer ago than this. */
  readonly finishedJobsDays: number;
  /** Dead (and failed) queue jobs finished longer ago than this: kept longer, they explain failures. */
  readonly deadJobsDays: number;
  /** Configuration versions kept per project, newest first, besides the active and pinned ones. */
  readonly configVersionsKept: number;
  /** Alert deliveries ended (delivered or failed) longer ago than this. */
  readonly alertDeliveriesDays: number;
}

/** What one prune removed, or (dry run) would remove. */
export interface PruneCounts {
  readonly events: number;
  readonly accountEvents: number;
  readonly executions: number;
  readonly artifacts: number;
  /** Bytes of artifact content freed: of the pruned contents and of the pruned executions' artifacts. */
  readonly artifactBytes: number;
  readonly finishedJobs: number;
  readonly deadJobs: number;
  readonly alertDeliveries: number;
  readonly configVersions: number;
  readonly authSessions: number;
  readonly loginFailures: number;
  readonly workers: number;
}

/** Limits that are not settings: ended logins and login counters after a day, silent workers after one. */
export const housekeeping = { authSessionsDays: 1, loginFailuresDays: 1, workerSilenceSeconds: 24 * 3600 };
