import type { Execution } from '../domain/executionRecord.js';
import type { EnqueueRequest } from '../domain/job.js';

export interface PollTarget {
  readonly target: string;
  readonly kind: 'rest_remote' | 'batch_remote';
  readonly inFlight: number;
  readonly lastPolledAt: Date | null;
  /** The smallest poll_interval_seconds among the projects with work there. */
  readonly pollIntervalSeconds: number;
}

/** A backend target that has not answered its poll rounds for a while (alerting's `target_unreachable`). */
export interface UnansweredTarget {
  readonly target: string;
  readonly kind: 'rest_remote' | 'batch_remote';
  readonly inFlight: number;
  readonly lastError: string;
  readonly lastAnsweredAt: Date | null;
  /** Its last answer, or (never answered) when its oldest execution there was created. */
  readonly since: Date;
}

/**
 * The backend targets with work in flight and their poll rounds: which executions a round polls,
 * when rounds are due and scheduled, and what each round found.
 */
export interface PollRounds {
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
  /**
   * Backend targets with work in flight whose last poll failed and which have not answered since
   * before `before` (never answered: since before their oldest execution there was created).
   */
  unansweredTargets(before: Date, projectModule: string | null): Promise<readonly UnansweredTarget[]>;
}
