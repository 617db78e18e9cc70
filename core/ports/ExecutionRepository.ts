import type { NewEvent } from '../domain/event.js';
import type { ExecutionState } from '../domain/execution.js';
import type { Execution } from '../domain/executionRecord.js';
import type { Source, SourceState } from '../domain/source.js';
import type { EnqueueRequest, Lease } from '../domain/job.js';
import type { PollRoundRequest } from '../domain/jobKinds.js';

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
  /** Artifacts stored with the change (only a fenced write may carry them), or none when it fails. */
  readonly artifacts?: readonly ArtifactWrite[];
}

export interface ExecutionAdmission {
  readonly id: string;
  readonly state: ExecutionState;
  readonly events: readonly NewEvent[];
  readonly job: EnqueueRequest;
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
      throw new Error('writeMany carries changes, events and processed sources only');
    if (w.fence?.jobId !== f?.jobId || w.fence?.token !== f?.token)
      throw new Error('writeMany: the writes share one fence');
    if (ids.has(w.id)) throw new Error(`writeMany: two writes of execution ${w.id}`);
    ids.add(w.id);
  }
};

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

export interface PollTarget {
  readonly target: string;
  readonly kind: 'rest_remote' | 'batch_remote';
  readonly inFlight: number;
  readonly lastPolledAt: Date | null;
  /** The smallest poll_interval_seconds among the projects with work there. */
  readonly pollIntervalSeconds: number;
}

/** Which executions a list shows; every field given must match. */
export interface ExecutionFilter {
  /** Ids that start with this (domain/idPrefix.ts: 8 or more characters, checked by the codec). */
  readonly idPrefix?: string | undefined;
  readonly projectModule?: string | undefined;
  readonly state?: ExecutionState | undefined;
  readonly profileId?: string | undefined;
  readonly profileName?: string | undefined;
}

export interface ExecutionPage {
  readonly items: readonly Execution[];
  readonly nextCursor: string | null;
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

export interface ExecutionRepository {
  /** Newest first, a page at a time after an opaque cursor of the last page. */
  list(filter: ExecutionFilter, limit: number, cursor: string | null): Promise<ExecutionPage | 'bad_cursor'>;
  /**
   * Stores a new execution with its event, while its configuration version is its project's active
   * one: 'key_taken' when its idempotency key is in use, 'version_changed' when another version is
   * active by now (see ProjectConfigRepository.lastActive).
   */
  insert(e: Execution, event: NewEvent): Promise<'ok' | 'key_taken' | 'version_changed'>;
  /**
   * Stores executions made together (automation's, without idempotency keys) with their events, in
   * one transaction: all or none.
   */
  insertMany(
    items: readonly { readonly execution: Execution; readonly events: readonly NewEvent[] }[],
    now: Date,
  ): Promise<void>;
  /**
   * Moves each execution still pending to `state` with its events and its job, all in one
   * transaction; one that is no longer pending is left as it is. Returns the ids it moved.
   */
  admitMany(items: readonly ExecutionAdmission[], now: Date): Promise<ReadonlySet<string>>;
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
  /** Pending executions asked to run, oldest request first. */
  awaitingAdmission(limit: number): Promise<Execution[]>;
  /**
   * Backend targets with work in flight whose last poll failed and which have not answered since
   * before `before` (never answered: since before their oldest execution there was created).
   */
  unansweredTargets(
    before: Date,
    projectModule: string | null,
  ): Promise<
    readonly {
      readonly target: string;
      readonly kind: 'rest_remote' | 'batch_remote';
      readonly inFlight: number;
      readonly lastError: string;
      readonly lastAnsweredAt: Date | null;
      /** Its last answer, or (never answered) when its oldest execution there was created. */
      readonly since: Date;
    }[]
  >;
  /** Executions that ended since `since` (by state) and the latest failures, for a summary. */
  endedSince(
    since: Date,
    projectModule: string | null,
    failedLimit: number,
  ): Promise<{
    readonly byState: Readonly<Record<string, number>>;
    readonly failed: readonly {
      readonly id: string;
      readonly projectModule: string;
      readonly error: string | null;
    }[];
  }>;
  /** Executions asked to run and pending since before `before`: how many, and the oldest `limit`. */
  pendingSince(
    before: Date,
    projectModule: string | null,
    limit: number,
  ): Promise<{
    readonly count: number;
    readonly sample: readonly { readonly id: string; readonly projectModule: string; readonly since: Date }[];
  }>;
  /** Executions between queued and cancelling, per project. */
  inFlightByProject(): Promise<ReadonlyMap<string, number>>;
  /** Executions between queued and cancelling in one project (what its concurrent_runs cap counts). */
  inFlightIn(projectModule: string): Promise<number>;
  /** Running or cancelling executions on one backend target. */
  onTarget(target: string, limit: number): Promise<Execution[]>;
  pollTargets(): Promise<PollTarget[]>;
  /**
   * Schedules a poll round on each target (its job, unless a live one holds the key) and records
   * when, for the tick's intervals. Returns how many rounds it scheduled.
   */
  schedulePolls(
    rounds: readonly { readonly target: string; readonly job: EnqueueRequest }[],
    now: Date,
  ): Promise<number>;
  /**
   * Records a finished poll round: its error (null: none) and whether the backend answered it.
   * Writes only when one of those changes, or the round began more than a second after the last
   * recorded schedule (late, or not scheduled by the tick): then its start, and its answer. A round
   * that changes nothing writes nothing.
   */
  recordRound(
    target: string,
    startedAt: Date,
    now: Date,
    error: string | null,
    answered: boolean,
  ): Promise<void>;
  /**
   * When the target last answered (null: never). While its rounds answer, a lower bound: the start
   * of the round before the newest scheduled one (within one poll interval of the true answer).
   */
  lastAnswered(target: string): Promise<Date | null>;
  saveArtifact(a: ArtifactWrite, fence: Lease, now: Date): Promise<'ok' | 'lease_lost'>;
  /** Several artifacts in one write (all or none), fenced like one. */
  saveArtifacts(list: readonly ArtifactWrite[], fence: Lease, now: Date): Promise<'ok' | 'lease_lost'>;
  artifact(executionId: string, attempt: number, name: string): Promise<string | null>;
  artifacts(executionId: string): Promise<ArtifactInfo[]>;
  countsByState(): Promise<readonly { projectModule: string; state: string; count: number }[]>;
  /** Batch jobs submitted and not seen starting, per project: how many, and the longest wait so far. */
  remoteQueueWaits(
    now: Date,
  ): Promise<readonly { projectModule: string; waiting: number; longestSeconds: number }[]>;
  /**
   * Enabled sources whose metadata is in, whose required flags hold, whose signature differs from
   * the one last processed, and that no unfinished execution holds: what automation may run.
   */
  sourcesToProcess(
    projectModule: string,
    requiredFlags: readonly string[],
    limit: number,
  ): Promise<{ id: string; sourceIdentifier: string; discoveredAt: Date }[]>;
}
