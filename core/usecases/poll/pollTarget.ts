import type { RemoteOutcome } from '../../domain/backendStates.js';
import { executionEvent } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import { type Lease, LeaseLostError } from '../../domain/job.js';
import * as t from 'io-ts';
import type { ArtifactStore } from '../../ports/ArtifactStore.js';
import type { Clock } from '../../ports/Clock.js';
import type { DeploymentBackend, DeploymentBackends } from '../../ports/DeploymentBackend.js';
import type { ExecutionRepository, ExecutionWrite } from '../../ports/ExecutionRepository.js';
import type { PollRounds } from '../../ports/PollRounds.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SiteHolds } from '../../ports/SiteHolds.js';
import type { Tracer } from '../../ports/Tracer.js';
import { judgeExecution, type RoundView } from './judgeExecution.js';
import { removeEndedSessions } from './removeEndedSessions.js';
import { fencedWrite, itemOf } from './roundWrites.js';

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
  /** Each change a round writes is recorded in its execution's trace. */
  readonly tracer: Pick<Tracer, 'record'>;
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
  const { items, error: roundError } = await sendCancels(deps, backend, list, ctx);
  if (items.length === 0) {
    await deps.pollRounds.recordRound(job.target, startedAt, deps.clock.now(), roundError, false);
    return { polled: 0, changed: 0, ended: 0, removed: 0, error: roundError, removeError: null };
  }
  // A round the backend does not answer is recorded on the target, not retried: the tick asks for
  // the next round after the interval anyway. The deadlines are kept all the same.
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
  const round: RoundView = {
    lease: ctx.lease,
    now: deps.clock.now(),
    outcomes,
    noAnswer: outcomes
      ? null
      : {
          error: pollError ?? '',
          answer: { kind: 'no_answer', lastAnsweredAt: await deps.pollRounds.lastAnswered(job.target) },
        },
  };
  // The round's writes go in one statement at its end: a round may end hundreds of runs.
  const writes: { readonly e: Execution; readonly w: ExecutionWrite; readonly ends: boolean }[] = [];
  for (const e of items) {
    // The executions of a round mostly share a few pinned versions (the repository keeps them).
    const v = await judgeExecution(
      deps,
      e,
      await deps.configs.pinned(e.projectModule, e.configVersion),
      round,
    );
    if (!v) continue;
    if (v.cancelFirst)
      await backend.cancel(itemOf(deps.artifacts, e), ctx.signal).catch((err: unknown) => {
        if (err instanceof LeaseLostError || ctx.signal.aborted) throw err;
      });
    writes.push({ e, w: v.write, ends: v.ends });
  }
  const results = await deps.executions.writeMany(
    writes.map((x) => x.w),
    round.now,
  );
  if (results.includes('lease_lost')) throw new LeaseLostError(ctx.lease);
  // A write that did not apply: another writer moved the execution first (a cancel, a retry).
  const ends = writes.filter((x, i) => x.ends && results[i] === 'ok');
  const changed = writes.filter((x, i) => !x.ends && results[i] === 'ok').length;
  writes.forEach((x, i) => {
    if (results[i] === 'ok') traceVerdict(deps.tracer, x.e, x.w, x.ends, startedAt, round.now);
  });
  await deps.pollRounds.recordRound(
    job.target,
    startedAt,
    round.now,
    pollError ?? roundError,
    outcomes !== null,
  );
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

/**
 * Sends the cancels asked for since the last round. One that cannot be sent yet does not stop the
 * round: it is sent again next round, and its execution is polled as it is.
 */
const sendCancels = async (
  deps: PollDeps,
  backend: DeploymentBackend,
  list: readonly Execution[],
  ctx: { readonly lease: Lease; readonly signal: AbortSignal },
): Promise<{ items: Execution[]; error: string | null }> => {
  const items: Execution[] = [];
  const errors: string[] = [];
  for (const e of list) {
    if (e.state !== 'cancelling' || e.cancelSentAt !== null) {
      items.push(e);
      continue;
    }
    try {
      await backend.cancel(itemOf(deps.artifacts, e), ctx.signal);
    } catch (err) {
      if (err instanceof LeaseLostError || ctx.signal.aborted) throw err;
      errors.push(`cancel of ${e.id}: ${err instanceof Error ? err.message : String(err)}`);
      items.push(e);
      continue;
    }
    const now = deps.clock.now();
    const sent = await deps.executions.write(
      fencedWrite(e, ctx.lease, { cancelSentAt: now }, [
        executionEvent(e, 'execution.cancel_sent', { scheduler_job_id: e.schedulerJobId }),
      ]),
      now,
    );
    if (sent === 'lease_lost') throw new LeaseLostError(ctx.lease);
    if (sent === 'ok') items.push({ ...e, cancelSentAt: now });
  }
  return { items, error: errors.length > 0 ? errors.join('; ') : null };
};

/** A round's verdict on one execution, in its trace: what the backend said, and the end when it came. */
const traceVerdict = (
  tracer: Pick<Tracer, 'record'>,
  e: Execution,
  w: ExecutionWrite,
  ends: boolean,
  from: Date,
  to: Date,
): void => {
  const state = w.change.state ?? e.state;
  const remote = (w.change.runRecord ?? e.runRecord)['remote_state'];
  tracer.record(
    e.id,
    ends ? 'ended' : 'poll',
    {
      'surveyor.state': state,
      'surveyor.attempt': e.attempt,
      ...(typeof remote === 'string' ? { 'surveyor.remote_state': remote } : {}),
    },
    from,
    to,
  );
};
