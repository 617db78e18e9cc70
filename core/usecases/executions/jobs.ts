import type { EnqueueRequest } from '../../domain/job.js';

/** The queue job that runs an execution's attempt: stage, translate, submit. */
export const runJobKind = 'execution.run';
export interface RunJobPayload {
  readonly execution_id: string;
  readonly attempt: number;
}
export const runJobKeyPrefix = (executionId: string) => `${runJobKind}:${executionId}:`;
export const runJob = (executionId: string, attempt: number): EnqueueRequest => ({
  kind: runJobKind,
  payload: { execution_id: executionId, attempt },
  idempotencyKey: `${runJobKeyPrefix(executionId)}a${attempt}`,
  maxAttempts: 5,
});

/** The queue job that polls one backend target for all of its in-flight executions. */
export const pollJobKind = 'execution.poll';
export interface PollJobPayload {
  readonly target: string;
  readonly kind: 'rest_remote' | 'batch_remote';
}
export const pollJob = (target: string, kind: PollJobPayload['kind'], runAt?: Date): EnqueueRequest => ({
  kind: pollJobKind,
  payload: { target, kind },
  // One live poll per target: a second request joins the one already queued or running.
  idempotencyKey: `${pollJobKind}:${target}`,
  maxAttempts: 3,
  ...(runAt ? { runAt } : {}),
});

/**
 * The queue job that settles the remote work of an ended execution whose end the backend never
 * confirmed (asked for by a cancel): look it up, cancel it, wait for its end.
 */
export const settleJobKind = 'execution.settle';
export type SettleJobPayload = RunJobPayload;
export const settleJob = (executionId: string, attempt: number): EnqueueRequest => ({
  kind: settleJobKind,
  payload: { execution_id: executionId, attempt },
  idempotencyKey: `${settleJobKind}:${executionId}:a${attempt}`,
  // Each try looks again after the queue's backoff; a cancel asks anew once these are spent.
  maxAttempts: 10,
});
