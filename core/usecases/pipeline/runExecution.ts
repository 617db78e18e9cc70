import type { Execution } from '../../domain/executionRecord.js';
import { externalName } from '../../domain/executionRun.js';
import { LeaseLostError, PermanentJobError } from '../../domain/job.js';
import { stagedKey } from '../../domain/manifest.js';
import type { Submission } from '../../ports/DeploymentBackend.js';
import type { StagingState } from '../../ports/Stager.js';
import type { ExecutionChange } from '../../ports/ExecutionRepository.js';
import { unsettledAttemptsOf } from '../../domain/unsettledAttempt.js';
import { executionEvent, move } from '../executions/executionEvents.js';
import { pollRound, type RunJobPayload } from '../../domain/jobKinds.js';
import { settlePrevious } from './settlePrevious.js';
import { artifactNames, inPool, type RunContext, type RunDeps, Superseded } from './runSteps.js';
import { TranslateStep } from './translateStep.js';

/** Datasets staged at once by one run (the stager bounds the downloads themselves). */
const stagingConcurrency = 8;

export { artifactNames, type RunContext, type RunDeps } from './runSteps.js';

/**
 * Runs one attempt of an execution from wherever it stands: queued -> staging -> translating ->
 * submitting -> running. Every step ends in one fenced transaction with its event, so a worker
 * that lost its job's lease commits nothing, and a worker taking over after a crash resumes at the
 * last committed step (artifacts of earlier steps are read back, not rebuilt). Before submitting it
 * looks the attempt's external name up on the backend and adopts what it finds. Failures that
 * retrying cannot fix (missing graph, wrong digest, bad patch, a manifest field missing) fail the
 * execution at once; others are retried by the queue and fail it on the last attempt.
 */
export const runExecution = async (deps: RunDeps, job: RunJobPayload, ctx: RunContext): Promise<void> => {
  const run = new Run(deps, ctx);
  try {
    await run.go(job);
  } catch (err) {
    if (err instanceof Superseded) return;
    if (err instanceof LeaseLostError || ctx.signal.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PermanentJobError || ctx.lastAttempt) {
      await run.failExecution(job, message, err instanceof PermanentJobError && err.remoteEnded);
      return;
    }
    await run.noteRetry(job, message);
    throw err;
  }
};

class Run extends TranslateStep {
  /** This run moved the attempt into staging: there is no staging record to resume from. */
  private stagingFresh = false;
  async go(job: RunJobPayload): Promise<void> {
    for (;;) {
      this.checkAbort();
      const e = await this.current(job);
      if (!e) return;
      switch (e.state) {
        case 'queued':
          if (unsettledAttemptsOf(e).length > 0) {
            await this.settle(e);
            break;
          }
          await this.step(e, e.doStage ? 'run_started' : 'staging_skipped', {}, {});
          // Staging of this attempt starts here: nothing of it was recorded to resume from.
          this.stagingFresh = true;
          break;
        case 'staging':
          await this.stage(e);
          break;
        case 'translating':
          await this.translate(e);
          break;
        case 'submitting':
          await this.submit(e);
          break;
        case 'cancelling':
          // Cancelled while submitting: adopt whatever reached the backend, so the poll can cancel it.
          if (e.schedulerJobId === null) await this.settleCancel(e);
          return;
        default:
          return; // running (polled elsewhere), terminal, or pending again after a retry
      }
    }
  }

  /** Settles earlier attempts first (see settlePrevious); throws, to be retried, while one still runs. */
  private async settle(e: Execution): Promise<void> {
    const before = unsettledAttemptsOf(e);
    const { settled, remaining } = await settlePrevious(this.deps, e, before, this.ctx.signal);
    if (JSON.stringify(remaining) !== JSON.stringify(before))
      await this.commit(
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
  }

  private async stage(e: Execution): Promise<void> {
    const sources = await this.sourcesOf(e);
    const archive = (await this.config(e)).archives[e.archiveName];
    if (!archive) throw new PermanentJobError(`the configuration has no archive ${e.archiveName} any more`);
    const work = sources.flatMap((s) =>
      (s.metadata?.datasets ?? []).map((dataset, i) => ({
        s,
        i,
        dataset,
        key: stagedKey(s.sourceIdentifier, i),
      })),
    );
    const staged = await inPool(work, stagingConcurrency, async ({ s, i, dataset, key }) => {
      this.checkAbort();
      const stateName = artifactNames.stagingState(key);
      const saved = this.stagingFresh ? null : await this.deps.artifacts.artifact(e.id, e.attempt, stateName);
      const file = await this.deps.stager.stage(
        {
          executionId: e.id,
          attempt: e.attempt,
          sourceIdentifier: s.sourceIdentifier,
          datasetIndex: i,
          dataset,
          archiveName: e.archiveName,
          archive,
          resume: saved ? (JSON.parse(saved) as StagingState) : null,
        },
        {
          record: async (state) => {
            await this.saveArtifact(e, stateName, 'application/json', JSON.stringify(state));
          },
          note: (kind, payload) =>
            this.commit(e, {}, [
              executionEvent(e, `execution.${kind}`, { source: s.sourceIdentifier, dataset: i, ...payload }),
            ]),
        },
        this.ctx.signal,
      );
      return { key, file };
    });
    // The staged list is written with the step's change, in one statement.
    const [list] = this.artifacts(e, [
      { name: artifactNames.staged, mediaType: 'application/json', content: JSON.stringify(staged) },
    ]);
    const bytes = staged.reduce((n, x) => n + (x.file.size ?? 0), 0);
    await this.step(
      e,
      'staged',
      {},
      {
        files: staged.reduce((n, x) => n + (x.file.files?.length ?? 1), 0),
        datasets: staged.length,
        bytes,
        artifact_sha256: list!.sha256,
      },
      [list!],
    );
    this.stagedHere = { id: e.id, attempt: e.attempt, files: staged };
  }

  private async submission(e: Execution): Promise<{ sub: Submission; adopted: boolean }> {
    const profile = e.profileSnapshot;
    const backend = this.deps.backends.get(profile.deployment.kind);
    const name = externalName(e);
    const found = await backend.find(profile, name, this.ctx.signal);
    if (found) return { sub: found, adopted: true };
    const { graph, manifest } = await this.submittable(e);
    const sub = await backend.submit(
      {
        executionId: e.id,
        attempt: e.attempt,
        externalName: name,
        profile,
        graph,
        manifest,
        confirm: this.ctx.confirmLease,
      },
      this.ctx.signal,
    );
    return { sub, adopted: false };
  }

  private submittedChange(e: Execution, sub: Submission, now: Date): ExecutionChange {
    return {
      schedulerJobId: sub.schedulerJobId,
      runRecord: { ...e.runRecord, submission: sub.runRecord },
      debug: sub.debug,
      submittedAt: now,
      backendTarget: this.deps.backends.get(e.profileSnapshot.deployment.kind).target(e.profileSnapshot),
    };
  }

  private async submit(e: Execution): Promise<void> {
    const { sub, adopted } = await this.submission(e);
    const now = this.deps.clock.now();
    const change = this.submittedChange(e, sub, now);
    const submitted = move(e.state, 'submitted');
    const event = executionEvent(e, submitted.kind, { scheduler_job_id: sub.schedulerJobId, adopted });
    const poll = pollRound(change.backendTarget!, e.profileSnapshot.deployment.kind, this.deps.pollSpacing);
    try {
      await this.commit(e, { ...change, state: submitted.state }, [event], { pollRound: poll });
    } catch (err) {
      if (!(err instanceof Superseded)) throw err;
      // Cancelled while we submitted: record what was submitted, so the poll asks the backend to cancel it.
      await this.commit(e, change, [event], { pollRound: poll, expect: ['cancelling'] });
    }
  }

  private async settleCancel(e: Execution): Promise<void> {
    const backend = this.deps.backends.get(e.profileSnapshot.deployment.kind);
    const found = await backend.find(e.profileSnapshot, externalName(e), this.ctx.signal);
    const now = this.deps.clock.now();
    if (found) {
      const change = this.submittedChange(e, found, now);
      await this.commit(
        e,
        change,
        [executionEvent(e, 'execution.submitted', { scheduler_job_id: found.schedulerJobId, adopted: true })],
        {
          pollRound: pollRound(
            change.backendTarget!,
            e.profileSnapshot.deployment.kind,
            this.deps.pollSpacing,
          ),
        },
      );
      return;
    }
    const cancelled = move(e.state, 'backend_cancelled');
    await this.commit(
      e,
      { state: cancelled.state, finishedAt: now, runRecord: { ...e.runRecord, remote_terminal: true } },
      [executionEvent(e, cancelled.kind, { reason: 'nothing had reached the backend' })],
    );
  }

  /** Ends the attempt as failed, with the reason, unless someone else moved it meanwhile. */
  async failExecution(job: RunJobPayload, message: string, remoteEnded = false): Promise<void> {
    const e = await this.current(job, true);
    if (!e || !['queued', 'staging', 'translating', 'submitting'].includes(e.state)) return;
    const failed = move(e.state, 'failed');
    try {
      await this.commit(
        e,
        {
          state: failed.state,
          error: message,
          finishedAt: this.deps.clock.now(),
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
  }

  /** Records a step failure that the queue will retry, so the execution's events say what happened. */
  async noteRetry(job: RunJobPayload, message: string): Promise<void> {
    const e = await this.current(job, true);
    if (!e) return;
    await this.deps.executions.write(
      {
        id: e.id,
        expect: [e.state],
        change: { error: message },
        fence: this.ctx.lease,
        events: [executionEvent(e, 'execution.step_retried', { step: e.state, error: message })],
      },
      this.deps.clock.now(),
    );
  }
}
