import { walltimeMinutes, withWalltime } from '../../domain/walltime.js';
import { externalName } from '../../domain/externalWork.js';
import type { Execution } from '../../domain/executionRecord.js';
import { pollRound } from '../poll/pollJob.js';
import type { Submission } from '../../ports/DeploymentBackend.js';
import type { ExecutionChange } from '../../ports/ExecutionRepository.js';
import { executionEvent, transition } from '../../domain/execution.js';
import { type Attempt, commit, Superseded } from './attempt.js';
import { submittable } from './translate.js';

/**
 * The submit step. The attempt's deterministic name is looked up on the backend first and what is
 * found is adopted; only then is the translated graph submitted. The submission and its first poll
 * round are stored with `submitted`.
 */
const submission = async (a: Attempt, e: Execution): Promise<{ sub: Submission; adopted: boolean }> => {
  // With job_duration_minutes: auto, the job is given the minutes this attempt was given.
  const profile = withWalltime(e.profileSnapshot, walltimeMinutes(e));
  const backend = a.deps.backends.get(profile.deployment.kind);
  const name = externalName(e);
  const found = await backend.find(profile, name, a.ctx.signal);
  if (found) return { sub: found, adopted: true };
  const { graph, manifest } = await submittable(a, e);
  const sub = await backend.submit(
    {
      executionId: e.id,
      attempt: e.attempt,
      externalName: name,
      profile,
      graph,
      manifest,
      confirm: a.ctx.confirmLease,
    },
    a.ctx.signal,
  );
  return { sub, adopted: false };
};

const submittedChange = (a: Attempt, e: Execution, sub: Submission, now: Date): ExecutionChange => {
  return {
    schedulerJobId: sub.schedulerJobId,
    runRecord: { ...e.runRecord, submission: sub.runRecord },
    debug: sub.debug,
    submittedAt: now,
    backendTarget: a.deps.backends.get(e.profileSnapshot.deployment.kind).target(e.profileSnapshot),
  };
};

export const submit = async (a: Attempt, e: Execution): Promise<void> => {
  const { sub, adopted } = await submission(a, e);
  const now = a.deps.clock.now();
  const change = submittedChange(a, e, sub, now);
  const submitted = transition(e.state, 'submitted');
  const event = executionEvent(e, submitted.kind, { scheduler_job_id: sub.schedulerJobId, adopted });
  const poll = pollRound(change.backendTarget!, e.profileSnapshot.deployment.kind, a.deps.pollSpacing);
  try {
    await commit(a, e, { ...change, state: submitted.state }, [event], { pollRound: poll });
  } catch (err) {
    if (!(err instanceof Superseded)) throw err;
    // Cancelled while we submitted: record what was submitted, so the poll asks the backend to cancel it.
    await commit(a, e, change, [event], { pollRound: poll, expect: ['cancelling'] });
  }
};

/** Cancelled while submitting: adopts whatever reached the backend, so the poll can cancel it; else it is cancelled now. */
export const settleCancel = async (a: Attempt, e: Execution): Promise<void> => {
  const backend = a.deps.backends.get(e.profileSnapshot.deployment.kind);
  const found = await backend.find(e.profileSnapshot, externalName(e), a.ctx.signal);
  const now = a.deps.clock.now();
  if (found) {
    const change = submittedChange(a, e, found, now);
    await commit(
      a,
      e,
      change,
      [executionEvent(e, 'execution.submitted', { scheduler_job_id: found.schedulerJobId, adopted: true })],
      {
        pollRound: pollRound(change.backendTarget!, e.profileSnapshot.deployment.kind, a.deps.pollSpacing),
      },
    );
    return;
  }
  const cancelled = transition(e.state, 'backend_cancelled');
  await commit(
    a,
    e,
    { state: cancelled.state, finishedAt: now, runRecord: { ...e.runRecord, remote_terminal: true } },
    [executionEvent(e, cancelled.kind, { reason: 'nothing had reached the backend' })],
  );
};
