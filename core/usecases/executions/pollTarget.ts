import type { ExecutionTrigger } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import { pollDeadline } from '../../domain/executionRun.js';
import { LeaseLostError, type Lease } from '../../domain/job.js';
import type { RemoteOutcome } from '../../domain/remote.js';
import type { Clock } from '../../ports/Clock.js';
import type { DeploymentBackends, PollItem } from '../../ports/DeploymentBackend.js';
import type { ExecutionChange, ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import { executionEvent, move } from './executionEvents.js';
import type { PollJobPayload } from './jobs.js';

export interface PollDeps {
  readonly executions: ExecutionRepository;
  readonly configs: ProjectConfigRepository;
  readonly backends: DeploymentBackends;
  readonly clock: Clock;
}

/** Most executions one round serves; more wait for the next round (oldest first). */
export const maxPerRound = 1000;

const itemOf = (e: Execution): PollItem => ({
  executionId: e.id,
  schedulerJobId: e.schedulerJobId!,
  profile: e.profileSnapshot,
  submittedAt: e.submittedAt ?? e.updatedAt,
  cancelSentAt: e.cancelSentAt,
  runRecord: e.runRecord,
});

const terminal: Partial<Record<RemoteOutcome['kind'], { trigger: ExecutionTrigger; kind: string }>> = {
  finished: { trigger: 'backend_finished', kind: 'execution.completed' },
  failed: { trigger: 'backend_failed', kind: 'execution.failed' },
  cancelled: { trigger: 'backend_cancelled', kind: 'execution.cancelled' },
};

/**
 * One poll round for one backend target: first sends the cancels asked for since the last round,
 * then asks the backend once for every in-flight execution there, and writes only what changed
 * (a new remote state, or an end). Every write is fenced by the poll job's lease.
 */
export const pollTarget = async (
  deps: PollDeps,
  job: PollJobPayload,
  ctx: { readonly lease: Lease; readonly signal: AbortSignal },
): Promise<{ polled: number; changed: number; ended: number }> => {
  const backend = deps.backends.get(job.kind);
  const list = (await deps.executions.onTarget(job.target, maxPerRound)).filter(
    (e) => e.schedulerJobId !== null,
  );
  const write = async (
    e: Execution,
    change: ExecutionChange,
    kind: string,
    payload: Record<string, unknown>,
  ) => {
    const r = await deps.executions.write(
      { id: e.id, expect: [e.state], change, fence: ctx.lease, events: [executionEvent(e, kind, payload)] },
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
        await backend.cancel(itemOf(e), ctx.signal);
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
    await deps.executions.markPolled(job.target, deps.clock.now(), roundError);
    return { polled: 0, changed: 0, ended: 0 };
  }
  let outcomes: Map<string, RemoteOutcome>;
  try {
    outcomes = await backend.poll(job.target, items.map(itemOf), ctx.signal);
  } catch (err) {
    await deps.executions.markPolled(
      job.target,
      deps.clock.now(),
      err instanceof Error ? err.message : String(err),
    );
    throw err;
  }
  const now = deps.clock.now();
  let changed = 0;
  let ended = 0;
  for (const e of items) {
    const o = outcomes.get(e.id);
    if (!o) continue;
    // Asked to cancel, and the backend no longer knows the work: nothing of it runs any more.
    const end =
      o.kind === 'unknown' && e.state === 'cancelling' && e.cancelSentAt !== null
        ? terminal.cancelled
        : terminal[o.kind];
    const record = {
      ...e.runRecord,
      remote_state: o.remoteState,
      ...(o.kind === 'failed' && o.failedDrops ? { failed_drops: o.failedDrops } : {}),
      ...(o.kind === 'unknown' ? { remote_note: o.reason } : {}),
    };
    if (end) {
      const signatures = (e.runRecord['source_signatures'] ?? {}) as Record<string, string | null>;
      const r = await deps.executions.write(
        {
          id: e.id,
          expect: [e.state],
          change: {
            state: move(e.state, end.trigger),
            runRecord: { ...record, remote_terminal: true },
            finishedAt: now,
            ...(o.kind === 'failed' ? { error: o.reason } : {}),
          },
          fence: ctx.lease,
          events: [
            executionEvent(e, end.kind, {
              remote_state: o.remoteState,
              ...(o.kind === 'failed' ? { error: o.reason, failed_drops: o.failedDrops ?? [] } : {}),
            }),
          ],
          ...(o.kind === 'finished'
            ? {
                markProcessed: Object.entries(signatures)
                  .filter((x): x is [string, string] => x[1] !== null)
                  .map(([sourceId, signature]) => ({ sourceId, signature })),
              }
            : {}),
        },
        now,
      );
      if (r === 'lease_lost') throw new LeaseLostError(ctx.lease);
      if (r === 'ok') ended++;
      continue;
    }
    const pinned = await deps.configs.get(e.projectModule, e.configVersion);
    const policy = pinned?.config.automation.execution;
    if (policy && e.state === 'running' && now > pollDeadline(itemOf(e).submittedAt, policy)) {
      const reason = `no end after poll_max_rounds (${policy.poll_max_rounds}) × poll_interval_seconds (${policy.poll_interval_seconds}); asked the backend to cancel`;
      await backend.cancel(itemOf(e), ctx.signal).catch(() => undefined);
      if (
        await write(
          e,
          {
            state: move(e.state, 'backend_failed'),
            error: reason,
            finishedAt: now,
            runRecord: { ...record, remote_terminal: false },
          },
          'execution.failed',
          { error: reason, remote_state: o.remoteState },
        )
      )
        ended++;
      continue;
    }
    if (e.runRecord['remote_state'] !== o.remoteState) {
      if (
        await write(e, { runRecord: record }, 'execution.remote_state', {
          from: e.runRecord['remote_state'] ?? null,
          to: o.remoteState,
        })
      )
        changed++;
    }
  }
  await deps.executions.markPolled(job.target, now, roundError);
  return { polled: items.length, changed, ended };
};
