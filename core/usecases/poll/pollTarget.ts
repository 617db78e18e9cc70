import type { Execution } from '../../domain/executionRecord.js';
import { type PollAnswer, runDeadline } from '../../domain/runDeadline.js';
import { judgeProgress, recordedProgress, stallLimitsOf, stallText } from '../../domain/stalls.js';
import { LeaseLostError, type Lease } from '../../domain/job.js';
import {
  judgeUnreachable,
  nodeLostMinutesOf,
  recordedUnreachable,
  unreachableText,
} from '../../domain/lostNodes.js';
import type { RemoteOutcome } from '../../domain/backendStates.js';
import type { Clock } from '../../ports/Clock.js';
import type { SiteHolds } from '../../ports/SiteHolds.js';
import type { DeploymentBackends } from '../../ports/DeploymentBackend.js';
import type { ArtifactStore } from '../../ports/ArtifactStore.js';
import type {
  ExecutionChange,
  ExecutionRepository,
  ExecutionWrite,
} from '../../ports/ExecutionRepository.js';
import type { PollRounds } from '../../ports/PollRounds.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import { executionEvent, transition } from '../../domain/execution.js';
import * as t from 'io-ts';
import {
  dropNames,
  endOf,
  fencedWrite,
  itemOf,
  judgeOutputs,
  stalledEvent,
  usageAtEnd,
} from './roundWrites.js';
import { removeEndedSessions } from './removeEndedSessions.js';

/** One backend target to poll (`pollJob`). */
export const PollJobPayloadC = t.readonly(
  t.type({ target: t.string, kind: t.keyof({ rest_remote: null, batch_remote: null }) }),
);
export type PollJobPayload = t.TypeOf<typeof PollJobPayloadC>;

export interface PollDeps {
  readonly executions: Pick<ExecutionRepository, 'write' | 'writeMany'>;
  readonly pollRounds: Pick<PollRounds, 'onTarget' | 'recordRound' | 'lastAnswered'>;
  readonly artifacts: Pick<ArtifactStore, 'artifact'>;
  readonly configs: ProjectConfigRepository;
  readonly backends: DeploymentBackends;
  readonly clock: Clock;
  /** A batch site's hold on the target learns the room each round counts (domain/siteLimit.ts). */
  readonly siteHolds: Pick<SiteHolds, 'counted'>;
}

/** Most executions one round serves; more wait for the next round (oldest first). */
export const maxPerRound = 1000;

/**
 * One poll round for one backend target: first sends the cancels asked for since the last round,
 * then asks the backend once for every in-flight execution there, and writes only what changed
 * (a new remote state, or an end). Every write is fenced by the poll job's lease.
 */
export const pollTarget = async (
  deps: PollDeps,
  job: PollJobPayload,
  ctx: { readonly lease: Lease; readonly signal: AbortSignal },
): Promise<{
  polled: number;
  changed: number;
  ended: number;
  removed: number;
  error: string | null;
  removeError: string | null;
}> => {
  const backend = deps.backends.get(job.kind);
  const startedAt = deps.clock.now();
  const list = (await deps.pollRounds.onTarget(job.target, maxPerRound)).filter(
    (e) => e.schedulerJobId !== null,
  );
  const write = async (
    e: Execution,
    change: ExecutionChange,
    kind: string,
    payload: Record<string, unknown>,
  ) => {
    const r = await deps.executions.write(
      fencedWrite(e, ctx.lease, change, [executionEvent(e, kind, payload)]),
      deps.clock.now(),
    );
    if (r === 'lease_lost') throw new LeaseLostError(ctx.lease);
    return r === 'ok';
  };

  const items: Execution[] = [];
  const cancelErrors: string[] = [];
  for (const e of list) {
    if (e.state === 'cancelling' && e.cancelSentAt === null) {
      try {
        await backend.cancel(itemOf(deps.artifacts, e), ctx.signal);
      } catch (err) {
        if (err instanceof LeaseLostError || ctx.signal.aborted) throw err;
        // One cancel that cannot be sent yet must not stop the round: it is sent again next round.
        cancelErrors.push(`cancel of ${e.id}: ${err instanceof Error ? err.message : String(err)}`);
        items.push(e);
        continue;
      }
      const now = deps.clock.now();
      if (
        await write(e, { cancelSentAt: now }, 'execution.cancel_sent', { scheduler_job_id: e.schedulerJobId })
      )
        items.push({ ...e, cancelSentAt: now });
      continue;
    }
    items.push(e);
  }
  const roundError = cancelErrors.length > 0 ? cancelErrors.join('; ') : null;
  if (items.length === 0) {
    await deps.pollRounds.recordRound(job.target, startedAt, deps.clock.now(), roundError, false);
    return { polled: 0, changed: 0, ended: 0, removed: 0, error: roundError, removeError: null };
  }
  // A round the backend does not answer is recorded on the target, not retried: the tick asks for
  // the next round after the interval anyway. The deadlines below are kept all the same.
  let outcomes: Map<string, RemoteOutcome> | null = null;
  let pollError: string | null = null;
  try {
    outcomes = await backend.poll(
      job.target,
      items.map((e) => itemOf(deps.artifacts, e)),
      ctx.signal,
    );
  } catch (err) {
    if (err instanceof LeaseLostError || ctx.signal.aborted) throw err;
    pollError = err instanceof Error ? err.message : String(err);
  }
  // The same answer counted the account's jobs at the site: the room runs waiting there may take.
  const accountJobs = outcomes ? backend.accountJobs?.(job.target) : undefined;
  if (accountJobs !== undefined) await deps.siteHolds.counted(job.target, accountJobs, deps.clock.now());
  const noAnswer: PollAnswer | null = outcomes
    ? null
    : { kind: 'no_answer', lastAnsweredAt: await deps.pollRounds.lastAnswered(job.target) };
  const now = deps.clock.now();
  // The round's writes go in one statement at its end: a round may end hundreds of runs.
  const writes: { w: ExecutionWrite; ends: boolean; e: Execution }[] = [];
  const fenced = (e: Execution, change: ExecutionChange, events: ExecutionWrite['events']) =>
    fencedWrite(e, ctx.lease, change, events);
  // The executions of a round mostly share a few pinned versions (the repository keeps them).
  const pinnedOf = (e: Execution) => deps.configs.pinned(e.projectModule, e.configVersion);
  for (const e of items) {
    const reported = outcomes?.get(e.id);
    if (outcomes && !reported) continue;
    const pinned = await pinnedOf(e);
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
    const end = o ? endOf(e, o, record, ctx.lease, now) : null;
    if (end) {
      writes.push({ w: end, ends: true, e });
      continue;
    }
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
      noAnswer ?? (o?.kind === 'unknown' ? { kind: 'unknown' } : { kind: 'answered' });
    // A job that starts this round is judged by its start, not by the queue cap.
    const started = startsNow
      ? { ...e, runRecord: { ...e.runRecord, remote_started_at: now.toISOString() } }
      : e;
    // Work that is over is not held to a deadline while its end is being read.
    const deadline = policy && !ended ? runDeadline(started, policy, answer) : null;
    /** Ends a run the backend still calls in flight: asks it to cancel, and fails the execution. */
    const giveUp = async (why: string, runRecord: Readonly<Record<string, unknown>>) => {
      const reason = `${why}; asked the backend to cancel`;
      const failed = transition(e.state, 'backend_failed');
      await backend.cancel(itemOf(deps.artifacts, e), ctx.signal).catch((err: unknown) => {
        if (err instanceof LeaseLostError || ctx.signal.aborted) throw err;
      });
      writes.push({
        w: {
          ...fenced(
            e,
            {
              state: failed.state,
              error: reason,
              finishedAt: now,
              // Nobody confirmed that the work ended: a retry settles it first, a cancel sends one more.
              runRecord: { ...runRecord, remote_terminal: false },
            },
            [executionEvent(e, failed.kind, { error: reason, remote_state: o?.remoteState ?? null })],
          ),
          // The backend was asked to cancel: its own figures are not read, ours are an estimate.
          usage: usageAtEnd(e, 'failed', o?.remoteState ?? 'unknown', null, now),
        },
        ends: true,
        e,
      });
    };
    if (deadline && now > deadline.at) {
      await giveUp(`${deadline.why}${pollError ? `; the backend did not answer: ${pollError}` : ''}`, record);
      continue;
    }
    if (!o) continue;
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
      await giveUp(stallText(stall.minutes, stall.record, names), { ...record, progress: stall.record });
      continue;
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
    if (lost?.kind === 'fail') {
      await giveUp(unreachableText(lost.minutes, lost.record), { ...record, unreachable: lost.record });
      continue;
    }
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
      continue;
    const { unreachable: _gone, ...kept } = record as Record<string, unknown>;
    writes.push({
      w: fenced(
        e,
        {
          runRecord: {
            ...(lost?.kind === 'recovered' ? kept : record),
            ...progress,
            ...unreachable,
            ...(startsNow ? { remote_started_at: now.toISOString(), queue_wait_seconds: waited } : {}),
          },
        },
        events,
      ),
      ends: false,
      e,
    });
  }
  const results = await deps.executions.writeMany(
    writes.map((x) => x.w),
    now,
  );
  if (results.includes('lease_lost')) throw new LeaseLostError(ctx.lease);
  // A write that did not apply: another writer moved the execution first (a cancel, a retry).
  const ends = writes.filter((x, i) => x.ends && results[i] === 'ok');
  const changed = writes.filter((x, i) => !x.ends && results[i] === 'ok').length;
  await deps.pollRounds.recordRound(job.target, startedAt, now, pollError ?? roundError, outcomes !== null);
  // Once their ends are stored: what is deleted on the backend is never needed to record them.
  const removal = await removeEndedSessions(deps, backend, ends, ctx);
  return {
    polled: items.length,
    changed,
    ended: ends.length,
    removed: removal.removed,
    error: pollError ?? roundError,
    removeError: removal.error,
  };
};
