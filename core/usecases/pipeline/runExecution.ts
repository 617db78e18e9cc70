import type { Execution } from '../../domain/executionRecord.js';
import { externalName } from '../../domain/executionRun.js';
import { applyGraphPatches, parseLogicalGraph } from '../../domain/graphPatch.js';
import { LeaseLostError, PermanentJobError } from '../../domain/job.js';
import { buildManifest, type Manifest, type StagedFile, stagedKey } from '../../domain/manifest.js';
import type { Submission, SubmitRequest } from '../../ports/DeploymentBackend.js';
import type { StagingState } from '../../ports/Stager.js';
import type { ExecutionChange } from '../../ports/ExecutionRepository.js';
import { unsettledAttemptsOf } from '../../domain/unsettledAttempt.js';
import { executionEvent, move } from '../executions/executionEvents.js';
import { pollJob, type RunJobPayload } from '../../domain/jobKinds.js';
import { settlePrevious } from './settlePrevious.js';
import { artifactNames, inPool, type RunContext, type RunDeps, RunSteps, Superseded } from './runSteps.js';

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

class Run extends RunSteps {
  /** This run moved the attempt into staging: there is no staging record to resume from. */
  private stagingFresh = false;
  /** What this run staged, for its translate step (no read back of what it just wrote). */
  private stagedHere: {
    id: string;
    attempt: number;
    files: readonly { key: string; file: StagedFile }[];
  } | null = null;
  /** What this run translated, for its submit step (no read back of what it just wrote). */
  private handoff: { id: string; attempt: number; graph: SubmitRequest['graph']; manifest: Manifest } | null =
    null;

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
          await this.step(
            e,
            e.doStage ? 'run_started' : 'staging_skipped',
            {},
            e.doStage ? 'execution.staging' : 'execution.staging_skipped',
            {},
          );
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
      const saved = this.stagingFresh
        ? null
        : await this.deps.executions.artifact(e.id, e.attempt, stateName);
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
    const sha = await this.saveArtifact(e, artifactNames.staged, 'application/json', JSON.stringify(staged));
    this.stagedHere = { id: e.id, attempt: e.attempt, files: staged };
    const bytes = staged.reduce((n, x) => n + (x.file.size ?? 0), 0);
    await this.step(e, 'staged', {}, 'execution.staged', {
      files: staged.reduce((n, x) => n + (x.file.files?.length ?? 1), 0),
      datasets: staged.length,
      bytes,
      artifact_sha256: sha,
    });
  }

  private async translate(e: Execution): Promise<void> {
    const config = await this.config(e);
    const sources = await this.sourcesOf(e);
    const stagedList =
      this.stagedHere?.id === e.id && this.stagedHere.attempt === e.attempt
        ? this.stagedHere.files
        : await this.deps.executions
            .artifact(e.id, e.attempt, artifactNames.staged)
            .then((text) => (text ? (JSON.parse(text) as { key: string; file: StagedFile }[]) : []));
    const staged = new Map<string, StagedFile>(stagedList.map((x) => [x.key, x.file]));
    let manifest: ReturnType<typeof buildManifest>;
    try {
      manifest = buildManifest(
        config,
        { executionId: e.id, attempt: e.attempt, configVersion: e.configVersion },
        sources,
        staged,
      );
    } catch (err) {
      throw new PermanentJobError((err as Error).message);
    }
    const manifestText = JSON.stringify(manifest, null, 2);
    const manifestSha = await this.saveArtifact(e, artifactNames.manifest, 'application/json', manifestText);

    const graphText = await this.deps.graphs.load(config.graph, this.ctx.signal);
    const graphSha = this.deps.digest.digest(graphText);
    if (graphSha !== config.graph.sha256)
      throw new PermanentJobError(
        `the graph ${config.graph.path ?? config.graph.url} has sha256 ${graphSha}, but the configuration pins ${config.graph.sha256}`,
      );
    const graph = parseLogicalGraph(graphText);
    if (typeof graph === 'string') throw new PermanentJobError(graph);
    const applied = applyGraphPatches(graph, config.graph_patches, manifest.sources);
    if (typeof applied === 'string') throw new PermanentJobError(applied);
    const patchedText = JSON.stringify(graph);
    const patchedSha = await this.saveArtifact(
      e,
      artifactNames.patchedGraph,
      'application/json',
      patchedText,
    );
    const signatures = Object.fromEntries(sources.map((s) => [s.id, s.signature]));
    const built = {
      manifest_sha256: manifestSha,
      graph_sha256: graphSha,
      patched_graph_sha256: patchedSha,
      patches: applied,
      source_signatures: signatures,
    };

    if (!e.doSubmit) {
      await this.step(
        e,
        'dry_run_finished',
        {
          runRecord: { ...e.runRecord, ...built, dry_run: true, remote_terminal: true },
          finishedAt: this.deps.clock.now(),
        },
        'execution.dry_run_completed',
        { manifest_sha256: manifestSha, patched_graph_sha256: patchedSha, patches: applied.length },
      );
      return;
    }
    const profile = e.profileSnapshot;
    const backend = this.deps.backends.get(profile.deployment.kind);
    const partitioned = await this.deps.translator.partition(
      patchedText,
      profile.translation,
      this.ctx.signal,
    );
    const d = profile.deployment;
    const translated =
      backend.needsMapping && d.kind === 'rest_remote'
        ? await this.deps.translator.map(
            partitioned,
            profile.translation,
            {
              host: d.dim_host_for_tm ?? d.deploy_host,
              port: d.dim_host_for_tm ? d.dim_port_for_tm : d.deploy_port,
            },
            this.ctx.signal,
          )
        : partitioned;
    const translatedSha = await this.saveArtifact(
      e,
      artifactNames.translated,
      'application/json',
      JSON.stringify(translated),
    );
    this.handoff = { id: e.id, attempt: e.attempt, graph: translated, manifest };
    const intent = {
      external_name: externalName(e),
      backend: profile.deployment.kind,
      target: backend.target(profile),
    };
    // The intent is stored before anything is sent: after a crash, the next worker looks it up.
    await this.step(
      e,
      'translated',
      {
        runRecord: {
          ...e.runRecord,
          ...built,
          translated_sha256: translatedSha,
          drops: translated.length,
          intent,
        },
      },
      'execution.translated',
      { drops: translated.length, translated_sha256: translatedSha, patches: applied.length, intent },
    );
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

  /**
   * The translated graph and manifest to submit: as this run made them, or (a run resumed after a
   * crash) read back from the attempt's artifacts.
   */
  private async submittable(e: Execution): Promise<Pick<SubmitRequest, 'graph' | 'manifest'>> {
    const h = this.handoff;
    if (h && h.id === e.id && h.attempt === e.attempt) return h;
    const graphText = await this.deps.executions.artifact(e.id, e.attempt, artifactNames.translated);
    const manifestText = await this.deps.executions.artifact(e.id, e.attempt, artifactNames.manifest);
    if (!graphText || !manifestText)
      throw new PermanentJobError('the translated graph or the manifest of this attempt is missing');
    return { graph: JSON.parse(graphText), manifest: JSON.parse(manifestText) };
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
    const event = executionEvent(e, 'execution.submitted', { scheduler_job_id: sub.schedulerJobId, adopted });
    const poll = pollJob(change.backendTarget!, e.profileSnapshot.deployment.kind);
    try {
      await this.commit(e, { ...change, state: move(e.state, 'submitted') }, [event], { enqueue: poll });
    } catch (err) {
      if (!(err instanceof Superseded)) throw err;
      // Cancelled while we submitted: record what was submitted, so the poll asks the backend to cancel it.
      await this.commit(e, change, [event], { enqueue: poll, expect: ['cancelling'] });
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
          enqueue: pollJob(change.backendTarget!, e.profileSnapshot.deployment.kind),
        },
      );
      return;
    }
    await this.commit(
      e,
      {
        state: move(e.state, 'backend_cancelled'),
        finishedAt: now,
        runRecord: { ...e.runRecord, remote_terminal: true },
      },
      [executionEvent(e, 'execution.cancelled', { reason: 'nothing had reached the backend' })],
    );
  }

  /** Ends the attempt as failed, with the reason, unless someone else moved it meanwhile. */
  async failExecution(job: RunJobPayload, message: string, remoteEnded = false): Promise<void> {
    const e = await this.current(job);
    if (!e || !['queued', 'staging', 'translating', 'submitting'].includes(e.state)) return;
    try {
      await this.commit(
        e,
        {
          state: move(e.state, 'failed'),
          error: message,
          finishedAt: this.deps.clock.now(),
          // Before submission nothing runs outside; in submitting, the attempt's name may exist remotely.
          // An earlier attempt still unsettled keeps the execution's remote end unconfirmed.
          runRecord: {
            ...e.runRecord,
            remote_terminal: remoteEnded || (e.state !== 'submitting' && unsettledAttemptsOf(e).length === 0),
          },
        },
        [executionEvent(e, 'execution.failed', { step: e.state, error: message })],
      );
    } catch (err) {
      if (!(err instanceof Superseded)) throw err;
    }
  }

  /** Records a step failure that the queue will retry, so the execution's events say what happened. */
  async noteRetry(job: RunJobPayload, message: string): Promise<void> {
    const e = await this.current(job);
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
