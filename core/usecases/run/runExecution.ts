import type { Execution } from '../../domain/executionRecord.js';
import { DeferredJob, LeaseLostError, PermanentJobError } from '../../domain/job.js';
import { holdingPause, pauseBlocker, pauseRecheckAt } from '../../domain/profilePause.js';
import { unsettledAttemptsOf } from '../../domain/externalWork.js';
import { beforeTheBackend, executionEvent, transition } from '../../domain/execution.js';
import {
  type Attempt,
  checkAbort,
  commit,
  current,
  openAttempt,
  type RunContext,
  type RunDeps,
  type RunJobPayload,
  Superseded,
  step,
  timed,
} from './attempt.js';
import { settlePrevious } from './settlePrevious.js';
import { stage } from './stage.js';
import { throughOutage } from './waitOnPeer.js';
import { throughSiteLimit } from './waitOnSiteLimit.js';
import { settleCancel, submit } from './submit.js';
import { decideWalltime } from './decideWalltime.js';
import { needsWalltime } from '../../domain/walltime.js';
import { translate } from './translate.js';

export type { RunContext, RunDeps } from './attempt.js';

/**
 * Runs one attempt of an execution from wherever it stands: queued -> staging -> translating ->
 * submitting -> running. Every step ends in one fenced transaction with its event, so a worker
 * that lost its job's lease commits nothing, and a worker taking over after a crash resumes at the
 * last committed step (artifacts of earlier steps are read back, not rebuilt). Before submitting it
 * looks the attempt's external name up on the backend and adopts what it finds. Failures that
 * retrying cannot fix (missing graph, wrong digest, bad patch, a manifest field missing) fail the
 * execution at once; others are retried by the queue and fail it on the last attempt.
 */
export const runExecution = async (
  deps: RunDeps,
  job: RunJobPayload,
  ctx: RunContext,
): Promise<{ readonly durations: Attempt['durations'] }> => {
  const a = openAttempt(deps, ctx);
  try {
    await steps(a, job);
    return { durations: a.durations };
  } catch (err) {
    if (err instanceof Superseded) return { durations: a.durations };
    // Waiting for a paused profile is no failure: the job is given back (domain/jobLifecycle.ts).
    if (err instanceof LeaseLostError || err instanceof DeferredJob || ctx.signal.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PermanentJobError || ctx.lastAttempt) {
      await failExecution(a, job, message, err instanceof PermanentJobError && err.remoteEnded);
      return { durations: a.durations };
    }
    await noteRetry(a, job, message);
    throw err;
  }
};

/** Each step from the state the execution is in, until it runs on the backend (or stops). */
const steps = async (a: Attempt, job: RunJobPayload): Promise<void> => {
  for (;;) {
    checkAbort(a);
    const e = await current(a, job);
    if (!e) return;
    switch (e.state) {
      case 'queued':
        if (unsettledAttemptsOf(e).length > 0) {
          await settleEarlier(a, e);
          break;
        }
        // When this attempt began with us: its usage counts our time from here to its submission.
        await step(
          a,
          e,
          e.doStage ? 'run_started' : 'staging_skipped',
          { runRecord: { ...e.runRecord, run_started_at: a.deps.clock.now().toISOString() } },
          {},
        );
        // Staging of this attempt starts here: nothing of it was recorded to resume from.
        a.stagingFresh = true;
        break;
      // Each step waits through an outage of the peer it needs (waitOnPeer.ts).
      case 'staging':
        await throughOutage(a, e, ['archive'], () => timed(a, 'stage', () => stage(a, e)));
        break;
      case 'translating':
        await holdWhilePaused(a, e);
        await throughOutage(a, e, ['translator'], () => timed(a, 'translate', () => translate(a, e)));
        break;
      case 'submitting':
        await holdWhilePaused(a, e);
        // job_duration_minutes: auto is decided once per attempt, stored, then read back with it.
        if (needsWalltime(e)) {
          await decideWalltime(a, e);
          break;
        }
        // A batch site's limits first (waitOnSiteLimit.ts): a run waiting for room sends nothing.
        await throughSiteLimit(a, e, () =>
          throughOutage(a, e, ['island_manager', 'login_node'], () => timed(a, 'submit', () => submit(a, e))),
        );
        break;
      case 'cancelling':
        // Cancelled while submitting: adopt whatever reached the backend, so the poll can cancel it.
        if (e.schedulerJobId === null) await settleCancel(a, e);
        return;
      default:
        return; // running (polled elsewhere), terminal, or pending again after a retry
    }
  }
};

/** Seconds between two looks at a paused profile while a run waits for it. */
export const pausedRecheckSeconds = 30;

/**
 * How long a look at the pause stays good for this run: translate runs into submit at once, so a
 * look before an ordinary translation serves its submit too (judged again at the submit's time, so
 * a window set to begin in between holds it); a long translation (a graph of thousands of drops
 * takes seconds) is followed by a fresh look, so a pause made meanwhile is seen.
 */
export const pauseLookFreshMs = 2_000;

/**
 * A run about to reach its profile's translator and backend while the profile's pause holds waits
 * there: its job is given back until the next look (the attempt not counted), and the execution
 * stays in its step with nothing sent. Told once per pause (`execution.held`); a dry run is not held.
 */
const holdWhilePaused = async (a: Attempt, e: Execution): Promise<void> => {
  if (e.doSubmit === false || e.profileId === null) return;
  const now = a.deps.clock.now();
  const seen = a.pauseSeen;
  const fresh = seen !== null && now.getTime() - seen.at.getTime() < pauseLookFreshMs;
  const pause = fresh ? seen.pause : await a.deps.pauses.of(e.profileId);
  if (!fresh) a.pauseSeen = { pause, at: now };
  const holding = holdingPause(pause, now);
  const why = pauseBlocker(holding, e);
  if (holding === null || why === null) return;
  const since = holding.at.toISOString();
  if ((e.runRecord['held_by_pause'] as { since?: string } | undefined)?.since !== since)
    await commit(a, e, { runRecord: { ...e.runRecord, held_by_pause: { since, step: e.state } } }, [
      executionEvent(e, 'execution.held', {
        step: e.state,
        profile: e.profileSnapshot.name,
        reason: holding.reason,
        paused_by: holding.by,
        ...(holding.until ? { until: holding.until.toISOString() } : {}),
      }),
    ]);
  throw new DeferredJob(pauseRecheckAt(holding, now, pausedRecheckSeconds * 1000), why);
};

/** Settles earlier attempts first (see settlePrevious); throws, to be retried, while one still runs. */
const settleEarlier = async (a: Attempt, e: Execution): Promise<void> => {
  const before = unsettledAttemptsOf(e);
  const { settled, remaining } = await settlePrevious(a.deps, e, before, a.ctx.signal);
  if (JSON.stringify(remaining) !== JSON.stringify(before))
    await commit(
      a,
      e,
      { runRecord: { ...e.runRecord, unsettled_attempts: remaining } },
      settled.map((s) =>
        executionEvent(e, 'execution.attempt_settled', { attempt: s.attempt.attempt, how: s.how }),
      ),
    );
  if (remaining.length > 0)
    throw new Error(
      `the work of attempt ${remaining.map((u) => `${u.attempt} (${u.scheduler_job_id ?? u.external_name})`).join(', ')} still runs on the backend; it was asked to cancel, and attempt ${e.attempt} starts once it has ended`,
    );
};

/** Ends the attempt as failed, with the reason, unless someone else moved it meanwhile. */
const failExecution = async (
  a: Attempt,
  job: RunJobPayload,
  message: string,
  remoteEnded = false,
): Promise<void> => {
  const e = await current(a, job, true);
  if (!e || !(beforeTheBackend as readonly string[]).includes(e.state)) return;
  const failed = transition(e.state, 'failed');
  try {
    await commit(
      a,
      e,
      {
        state: failed.state,
        error: message,
        finishedAt: a.deps.clock.now(),
        // Before submission nothing runs outside; in submitting, the attempt's name may exist remotely.
        // An earlier attempt still unsettled keeps the execution's remote end unconfirmed.
        runRecord: {
          ...e.runRecord,
          remote_terminal: remoteEnded || (e.state !== 'submitting' && unsettledAttemptsOf(e).length === 0),
        },
      },
      [executionEvent(e, failed.kind, { step: e.state, error: message })],
    );
  } catch (err) {
    if (!(err instanceof Superseded)) throw err;
  }
};

/** Records a step failure that the queue will retry, so the execution's events say what happened. */
const noteRetry = async (a: Attempt, job: RunJobPayload, message: string): Promise<void> => {
  const e = await current(a, job, true);
  if (!e) return;
  await a.deps.executions.write(
    {
      id: e.id,
      expect: [e.state],
      change: { error: message },
      fence: a.ctx.lease,
      events: [executionEvent(e, 'execution.step_retried', { step: e.state, error: message })],
    },
    a.deps.clock.now(),
  );
};
