import type { RemoteOutcome } from '../../domain/backendStates.js';
import { type ExecutionTrigger, executionEvent, transition } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import type { Lease } from '../../domain/job.js';
import {
  judgeUnreachable,
  nodeLostMinutesOf,
  recordedUnreachable,
  unreachableText,
} from '../../domain/lostNodes.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import { type PollAnswer, runDeadline } from '../../domain/runDeadline.js';
import { judgeProgress, recordedProgress, stallLimitsOf, stallText } from '../../domain/stalls.js';
import type { UsageOutcome } from '../../domain/usage.js';
import type { ArtifactStore } from '../../ports/ArtifactStore.js';
import type { ExecutionWrite } from '../../ports/ExecutionRepository.js';
import { dropNames, fencedWrite, judgeOutputs, stalledEvent, usageAtEnd } from './roundWrites.js';

/**
 * What a poll round decided for one execution: the write, whether it ends the execution, and
 * whether the backend is asked to cancel first (a run given up on while the backend still calls it
 * in flight).
 */
export interface Verdict {
  readonly write: ExecutionWrite;
  readonly ends: boolean;
  readonly cancelFirst: boolean;
}

/** What the round knows when it judges one execution. */
export interface RoundView {
  readonly lease: Lease;
  readonly now: Date;
  /** The backend's answer by execution id, or null when it did not answer. */
  readonly outcomes: ReadonlyMap<string, RemoteOutcome> | null;
  /** Why the backend did not answer, and since when it has not (null: it answered). */
  readonly noAnswer: { readonly error: string; readonly answer: PollAnswer } | null;
}

const terminal: Partial<Record<RemoteOutcome['kind'], ExecutionTrigger>> = {
  finished: 'backend_finished',
  failed: 'backend_failed',
  cancelled: 'backend_cancelled',
};

/**
 * One execution in one round, in order: the end the backend reported (completed when its outputs
 * pass `output_verification`), else a deadline passed, a stall or lost nodes (the run is given up
 * on), else what changed to record (the remote state, the start of a batch job, notices). Null
 * when nothing is to be written.
 */
export const judgeExecution = async (
  deps: { readonly artifacts: Pick<ArtifactStore, 'artifact'> },
  e: Execution,
  pinned: ProjectConfig | null,
  r: RoundView,
): Promise<Verdict | null> => {
  const { now } = r;
  const reported = r.outcomes?.get(e.id);
  if (r.outcomes && !reported) return null;
  const judged = reported?.kind === 'finished' ? judgeOutputs(pinned, reported) : null;
  const o = judged?.outcome ?? reported;
  // Why a job waits in the queue holds only while it waits (domain/queueReason.ts).
  const { queue_reason: _wasQueued, ...before } = e.runRecord;
  const record = o
    ? {
        ...before,
        ...(o.kind === 'in_progress' && o.queued && o.queueReason ? { queue_reason: o.queueReason } : {}),
        ...(judged ? { outputs: judged.inventory } : {}),
        remote_state: o.remoteState,
        ...(o.kind === 'failed' && o.failedDrops ? { failed_drops: o.failedDrops } : {}),
        ...(o.kind === 'unknown' ? { remote_note: o.reason } : {}),
      }
    : e.runRecord;
  const end = o ? endOf(e, o, record, r.lease, now) : null;
  if (end) return { write: end, ends: true, cancelFirst: false };
  // A batch job's clock starts when it leaves the cluster's queue (an island manager has none).
  const ended = o?.kind === 'in_progress' && o.ended === true;
  const startsNow =
    o?.kind === 'in_progress' &&
    !o.queued &&
    !ended &&
    e.profileSnapshot.deployment.kind === 'batch_remote' &&
    e.runRecord['remote_started_at'] === undefined;
  const policy = pinned?.automation.execution;
  const answer: PollAnswer =
    r.noAnswer?.answer ?? (o?.kind === 'unknown' ? { kind: 'unknown' } : { kind: 'answered' });
  // A job that starts this round is judged by its start, not by the queue cap.
  const started = startsNow
    ? { ...e, runRecord: { ...e.runRecord, remote_started_at: now.toISOString() } }
    : e;
  // Work that is over is not held to a deadline while its end is being read.
  const deadline = policy && !ended ? runDeadline(started, policy, answer) : null;
  const giveUp = (why: string, runRecord: Readonly<Record<string, unknown>>) =>
    givenUp(e, o, `${why}; asked the backend to cancel`, runRecord, r);
  if (deadline && now > deadline.at)
    return giveUp(
      `${deadline.why}${r.noAnswer?.error ? `; the backend did not answer: ${r.noAnswer.error}` : ''}`,
      record,
    );
  if (!o) return null;
  // A run being cancelled is ending already: its drops are not judged.
  const stall =
    o.kind === 'in_progress' && o.progress && e.state === 'running'
      ? judgeProgress(
          recordedProgress(e.runRecord),
          o.progress,
          stallLimitsOf(e.profileSnapshot.deployment),
          now,
        )
      : null;
  if (stall?.kind === 'fail') {
    const names = await dropNames(deps.artifacts, e);
    return giveUp(stallText(stall.minutes, stall.record, names), { ...record, progress: stall.record });
  }
  // Node managers that do not answer: the session cannot end while they are gone.
  const lost =
    o.kind === 'in_progress' && e.state === 'running'
      ? judgeUnreachable(
          recordedUnreachable(e.runRecord),
          o.unreachable,
          nodeLostMinutesOf(e.profileSnapshot.deployment),
          now,
        )
      : null;
  if (lost?.kind === 'fail')
    return giveUp(unreachableText(lost.minutes, lost.record), { ...record, unreachable: lost.record });
  const submittedAt = e.submittedAt ?? e.updatedAt;
  const waited = Math.max(0, Math.round((now.getTime() - submittedAt.getTime()) / 1000));
  const events = [
    ...(e.runRecord['remote_state'] !== o.remoteState
      ? [
          executionEvent(e, 'execution.remote_state', {
            from: e.runRecord['remote_state'] ?? null,
            to: o.remoteState,
          }),
        ]
      : []),
    ...(startsNow ? [executionEvent(e, 'execution.remote_started', { queue_wait_seconds: waited })] : []),
    ...(stall?.kind === 'warn' ? [await stalledEvent(deps.artifacts, e, stall.minutes, stall.record)] : []),
    ...(lost?.kind === 'noticed' && lost.first
      ? [
          executionEvent(e, 'execution.node_unreachable', {
            nodes: lost.record.nodes,
            message: unreachableText(null, lost.record),
            fails_after_minutes: nodeLostMinutesOf(e.profileSnapshot.deployment),
          }),
        ]
      : []),
    ...(lost?.kind === 'recovered'
      ? [executionEvent(e, 'execution.node_reachable', { after_minutes: lost.minutes })]
      : []),
  ];
  const progress = stall && stall.kind !== 'unchanged' ? { progress: stall.record } : {};
  const unreachable = lost?.kind === 'noticed' ? { unreachable: lost.record } : {};
  // A new queue reason is written without an event: a busy queue may turn Priority and Resources often.
  const reasonChanged = (record['queue_reason'] ?? null) !== (e.runRecord['queue_reason'] ?? null);
  if (events.length === 0 && !reasonChanged && !('progress' in progress) && !('unreachable' in unreachable))
    return null;
  const { unreachable: _gone, ...kept } = record as Record<string, unknown>;
  const runRecord = {
    ...(lost?.kind === 'recovered' ? kept : record),
    ...progress,
    ...unreachable,
    ...(startsNow ? { remote_started_at: now.toISOString(), queue_wait_seconds: waited } : {}),
  };
  return { write: fencedWrite(e, r.lease, { runRecord }, events), ends: false, cancelFirst: false };
};

/** The write of the end the backend reported, if it reported one. */
const endOf = (
  e: Execution,
  o: RemoteOutcome,
  record: Readonly<Record<string, unknown>>,
  lease: Lease,
  now: Date,
): ExecutionWrite | null => {
  // Asked to cancel, and the backend no longer knows the work: nothing of it runs any more.
  const end =
    o.kind === 'unknown' && e.state === 'cancelling' && e.cancelSentAt !== null
      ? terminal.cancelled
      : terminal[o.kind];
  if (!end) return null;
  const ended = transition(e.state, end);
  const reported =
    o.kind === 'finished' || o.kind === 'failed' || o.kind === 'cancelled' ? o.usage : undefined;
  const usage = usageAtEnd(e, ended.state as UsageOutcome, o.remoteState, reported ?? null, now);
  const signatures = (e.runRecord['source_signatures'] ?? {}) as Record<string, string | null>;
  return {
    usage,
    ...fencedWrite(
      e,
      lease,
      {
        state: ended.state,
        runRecord: { ...record, remote_terminal: true },
        finishedAt: now,
        ...(o.kind === 'failed' ? { error: o.reason } : {}),
      },
      [
        executionEvent(e, ended.kind, {
          remote_state: o.remoteState,
          ...(o.kind === 'failed' ? { error: o.reason, failed_drops: o.failedDrops ?? [] } : {}),
          ...(record['outputs'] !== undefined ? { outputs: record['outputs'] } : {}),
        }),
      ],
    ),
    ...(o.kind === 'finished'
      ? {
          markProcessed: Object.entries(signatures)
            .filter((x): x is [string, string] => x[1] !== null)
            .map(([sourceId, signature]) => ({ sourceId, signature })),
        }
      : {}),
  };
};

/** The failure of a run the backend still calls in flight; the round asks the backend to cancel it. */
const givenUp = (
  e: Execution,
  o: RemoteOutcome | undefined,
  reason: string,
  runRecord: Readonly<Record<string, unknown>>,
  r: RoundView,
): Verdict => {
  const failed = transition(e.state, 'backend_failed');
  return {
    write: {
      ...fencedWrite(
        e,
        r.lease,
        {
          state: failed.state,
          error: reason,
          finishedAt: r.now,
          // Nobody confirmed that the work ended: a retry settles it first, a cancel sends one more.
          runRecord: { ...runRecord, remote_terminal: false },
        },
        [executionEvent(e, failed.kind, { error: reason, remote_state: o?.remoteState ?? null })],
      ),
      // The backend was asked to cancel: its own figures are not read, ours are an estimate.
      usage: usageAtEnd(e, 'failed', o?.remoteState ?? 'unknown', null, r.now),
    },
    ends: true,
    cancelFirst: true,
  };
};
