import type { NewEvent } from '../domain/event.js';
import type { ExecutionState } from '../domain/execution.js';
import type { Execution } from '../domain/executionRecord.js';
import type { Source, SourceState } from '../domain/source.js';
import type { EnqueueRequest, Lease } from '../domain/job.js';
import type { ArtifactWrite } from './ArtifactStore.js';
import type { PollRoundRequest } from '../domain/pollRound.js';
import type { AttemptUsage } from '../domain/usage.js';

import type { ExecutionChange } from '../domain/executionRecord.js';

export type { ExecutionChange } from '../domain/executionRecord.js';

/**
 * One transaction: the execution changes only if it is still in one of `expect` and, with a
 * `fence`, only while that job lease is held (a worker that lost its lease commits nothing). The
 * events, the job to enqueue and the sources to mark processed commit with it, or none do.
 */
export interface ExecutionWrite {
  readonly id: string;
  readonly expect: readonly ExecutionState[];
  readonly change: ExecutionChange;
  readonly fence?: Lease;
  readonly events: readonly NewEvent[];
  readonly enqueue?: EnqueueRequest;
  /**
   * Asks for a poll round on a target (its job, unless a queued one holds the key; when the
   * target's round is running, that round once more after it, as it may have read the target
   * before this write), due no sooner than `spacingSeconds` after the round last scheduled there,
   * and records it as scheduled, as schedulePolls does: the tick then counts its interval from
   * that round. Not with `enqueue`.
   */
  readonly pollRound?: PollRoundRequest;
  /** Cancels the execution's live jobs whose idempotency key starts with this prefix. */
  readonly cancelJobsWithKeyPrefix?: string;
  readonly markProcessed?: readonly { readonly sourceId: string; readonly signature: string }[];
  /**
   * What the attempt that this write ends used on its backend (UsageLedger reads it), stored once
   * per attempt: a second write for the same attempt keeps the first.
   */
  readonly usage?: AttemptUsage;
  /** Artifacts stored with the change (only a fenced write may carry them), or none when it fails. */
  readonly artifacts?: readonly ArtifactWrite[];
}

export type WriteResult = 'ok' | 'state_changed' | 'lease_lost';

/** Throws unless the write asks for one job at most (a caller's mistake, not a condition to handle). */
export const oneJob = (w: ExecutionWrite): void => {
  if (w.enqueue && w.pollRound) throw new Error('a write enqueues one job: enqueue or pollRound');
};

/** Throws unless the writes fit `writeMany` (a caller's mistake, not a condition to handle). */
export const batchable = (ws: readonly ExecutionWrite[]): void => {
  const f = ws[0]?.fence;
  const ids = new Set<string>();
  for (const w of ws) {
    if (w.enqueue || w.pollRound || w.cancelJobsWithKeyPrefix !== undefined || (w.artifacts?.length ?? 0) > 0)
      throw new Error('writeMany carries changes, events, processed sources and usage only');
    if (w.fence?.jobId !== f?.jobId || w.fence?.token !== f?.token)
      throw new Error('writeMany: the writes share one fence');
    if (ids.has(w.id)) throw new Error(`writeMany: two writes of execution ${w.id}`);
    ids.add(w.id);
  }
};

/** Which executions a list shows; every field given must match. */
export interface ExecutionFilter {
  /** Ids that start with this (domain/idPrefix.ts: 8 or more characters, checked by the codec). */
  readonly idPrefix?: string | undefined;
  readonly projectModule?: string | undefined;
  readonly state?: ExecutionState | undefined;
  readonly profileId?: string | undefined;
  readonly profileName?: string | undefined;
  /** Executions that run this source (among others, maybe). */
  readonly sourceId?: string | undefined;
  /** Executions that ended at or after this time (an ended one's `finishedAt`). */
  readonly endedSince?: Date | undefined;
}

export interface ExecutionPage {
  readonly items: readonly Execution[];
  readonly nextCursor: string | null;
}

/**
 * The executions' records: read, created, and changed one transaction at a time with their events
 * (and the job, processed sources and artifacts a change carries). Admission, poll rounds,
 * artifacts and figures have their own ports.
 */
export interface ExecutionRepository {
  /**
   * Newest first, a page at a time after an opaque cursor of the last page: at most `limit`
   * executions, and no more once those on the page name `maxSourcesPerPage` sources in all (at
   * least one execution a page), so a page costs what its sources cost, bounded.
   */
  list(filter: ExecutionFilter, limit: number, cursor: string | null): Promise<ExecutionPage | 'bad_cursor'>;
  /**
   * Stores a new execution with its event, while its configuration version is its project's active
   * one: 'key_taken' when its idempotency key is in use, 'version_changed' when another version is
   * active by now (see ProjectConfigRepository.lastActive).
   */
  insert(e: Execution, event: NewEvent): Promise<'ok' | 'key_taken' | 'version_changed'>;
  /**
   * Stores executions with their events as they are given (switches, request time and run record
   * included, and whatever configuration version they pin: automation's, a reproduction's), in one
   * transaction: all or none. Without idempotency keys.
   */
  insertMany(
    items: readonly { readonly execution: Execution; readonly events: readonly NewEvent[] }[],
    now: Date,
  ): Promise<void>;
  get(id: string): Promise<Execution | null>;
  /**
   * An execution and its sources (in its order; a deleted one is left out), in one read: where a
   * run starts from.
   */
  getWithSources(id: string): Promise<{ execution: Execution; sources: Source[] } | null>;
  /**
   * An execution and the state of its sources (in its order; a deleted one is left out), in one
   * read: what the status route shows.
   */
  getWithSourceStates(id: string): Promise<{ execution: Execution; sources: SourceState[] } | null>;
  /** The same, and its project's runs in flight (see inFlightIn): what admitting it needs, in one read. */
  getForAdmission(
    id: string,
  ): Promise<{ execution: Execution; sources: SourceState[]; inFlight: number } | null>;
  findByIdempotencyKey(key: string): Promise<Execution | null>;
  write(w: ExecutionWrite, now: Date): Promise<WriteResult>;
  /**
   * Several writes of different executions in one transaction, each applied or not on its own (its
   * expected state, the shared fence), with its results in order: what a poll round that ends many
   * runs at once sends. The writes carry changes, events and processed sources only, one per
   * execution, all under the same fence (or none).
   */
  writeMany(ws: readonly ExecutionWrite[], now: Date): Promise<WriteResult[]>;
}
