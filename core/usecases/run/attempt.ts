import type { UsageLedger } from '../../ports/UsageLedger.js';
import type { OutagePolicy } from '../../domain/peerOutage.js';
import type { ProfilePause } from '../../domain/profilePause.js';
import { type ExecutionTrigger, executionEvent, terminalStates, transition } from '../../domain/execution.js';
import { type Execution, withChange } from '../../domain/executionRecord.js';
import { LeaseLostError, type Lease, PermanentJobError } from '../../domain/job.js';
import * as t from 'io-ts';
import { AttemptNumber, JobUuid } from '../../domain/jobPayloads.js';
import type { PollRoundRequest, PollSpacing } from '../../domain/pollRound.js';
import type { Manifest, StagedFile } from '../../domain/manifest.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { Source } from '../../domain/source.js';
import type { ArtifactStore, ArtifactWrite } from '../../ports/ArtifactStore.js';
import type { Clock } from '../../ports/Clock.js';
import type { DeploymentBackends, SubmitRequest } from '../../ports/DeploymentBackend.js';
import type { ExecutionChange, ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { GraphStore } from '../../ports/GraphStore.js';
import type { ProfilePauses } from '../../ports/ProfilePauses.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import type { Stager } from '../../ports/Stager.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import type { Tracer } from '../../ports/Tracer.js';
import type { Translator } from '../../ports/Translator.js';

import type { SiteHolds } from '../../ports/SiteHolds.js';
import type { LoginThrottle } from '../../ports/LoginThrottle.js';
import type { SiteLimitPolicy } from '../../domain/siteLimit.js';

/** One attempt of one execution: what a run job and a settle job carry (`runJob`, `settleJob`). */
export const RunJobPayloadC = t.readonly(t.type({ execution_id: JobUuid, attempt: AttemptNumber }));
export type RunJobPayload = t.TypeOf<typeof RunJobPayloadC>;

export interface RunDeps {
  readonly executions: Pick<ExecutionRepository, 'get' | 'getWithSources' | 'write'>;
  readonly artifacts: ArtifactStore;
  readonly sources: Pick<SourceRepository, 'getMany'>;
  readonly configs: Pick<ProjectConfigRepository, 'pinned'>;
  readonly stager: Stager;
  readonly graphs: GraphStore;
  readonly translator: Translator;
  readonly backends: DeploymentBackends;
  readonly digest: ContentDigest;
  readonly clock: Clock;
  /** Least seconds between poll rounds on one target (SERVICE_*_POLL_MIN_SECONDS). */
  readonly pollSpacing: PollSpacing;
  /** A paused profile holds a run before it reaches the profile's translator and backend. */
  readonly pauses: Pick<ProfilePauses, 'of'>;
  /** How long a run waits through an outage of a peer it needs, and how often it looks. */
  readonly outages: OutagePolicy;
  /** Batch sites' limits: a run waits for room before it submits (domain/siteLimit.ts). */
  readonly siteHolds: SiteHolds;
  readonly siteLimits: SiteLimitPolicy;
  /** A profile's max_submits_per_minute counts in the login throttle's sliding windows (keyed `submit:`). */
  readonly submitCounters: Pick<LoginThrottle, 'reserve' | 'release'>;
  /** A profile's past runs, for `job_duration_minutes: auto` (domain/walltime.ts). */
  readonly usage: Pick<UsageLedger, 'walltimeHistory'>;
  /** Each step is a span of the execution's trace; its end is recorded there. */
  readonly tracer: Pick<Tracer, 'span' | 'record'>;
}

export interface RunContext {
  readonly lease: Lease;
  readonly signal: AbortSignal;
  /** This is the job's last attempt: a failure now fails the execution instead of retrying. */
  readonly lastAttempt: boolean;
  /** Renews the lease, fenced in the database; throws LeaseLostError when it is lost (see JobContext). */
  readonly confirmLease: () => Promise<void>;
}

/** An artifact as a step makes it (its digest and attempt are added when it is written). */
export interface ArtifactContent {
  readonly name: string;
  readonly mediaType: string;
  readonly content: string;
}

/** Someone else moved the execution meanwhile: this attempt stops without a word. */
export class Superseded extends Error {}

/**
 * One run of one attempt, as its steps share it: the deps and job context, what the run last
 * wrote, the sources it read, and what one step hands the next in memory (a run resumed after a
 * crash has none of it and reads the artifacts back).
 */
/** The steps of a run whose time is measured (what `surveyor_run_step_duration_seconds` shows). */
export type RunStep = 'stage' | 'translate' | 'submit';

/** Runs one step (a span of the execution's trace) and, when it finishes, records how long it took on the attempt. */
export const timed = async <T>(a: Attempt, name: RunStep, work: () => Promise<T>): Promise<T> => {
  const started = a.deps.clock.now().getTime();
  const r = await a.deps.tracer.span(name, {}, work);
  a.durations[name] = (a.deps.clock.now().getTime() - started) / 1000;
  return r;
};

export interface Attempt {
  readonly deps: RunDeps;
  readonly ctx: RunContext;
  /** What this run's last write left, while nothing else can have moved it (see current). */
  written: Execution | null;
  /** The sources this run read, by id: stage and translate use the same ones. */
  sources: Map<string, Source>;
  /** This run moved the attempt into staging: there is no staging record to resume from. */
  stagingFresh: boolean;
  /**
   * The profile's pause as this run last read it, and when: a look made moments before (translate
   * runs into submit at once) is judged again at the submit's time, not read again.
   */
  pauseSeen: { readonly pause: ProfilePause | null; readonly at: Date } | null;
  /** Seconds each step this run finished took (stage, translate, submit), by the deps' clock. */
  readonly durations: Partial<Record<RunStep, number>>;
  /** What this run staged, for its translate step. */
  staged: { readonly id: string; readonly attempt: number; readonly files: readonly StagedEntry[] } | null;
  /** What this run translated, for its submit step. */
  translated: {
    readonly id: string;
    readonly attempt: number;
    readonly graph: SubmitRequest['graph'];
    readonly manifest: Manifest;
  } | null;
}

export interface StagedEntry {
  readonly key: string;
  readonly file: StagedFile;
}

export const openAttempt = (deps: RunDeps, ctx: RunContext): Attempt => ({
  deps,
  ctx,
  written: null,
  sources: new Map(),
  stagingFresh: false,
  pauseSeen: null,
  durations: {},
  staged: null,
  translated: null,
});

export const checkAbort = (a: Attempt) => {
  if (a.ctx.signal.aborted) throw a.ctx.signal.reason ?? new LeaseLostError(a.ctx.lease);
};

/**
 * The execution this job is about, or null when the job is stale (another attempt, deleted).
 * After a write of its own the run goes on from what it wrote: that write was conditional on the
 * state it expected, and every later write is too, so a cancel or a retry that comes meanwhile
 * ends the run at its next write (see Superseded); reading again before each step would only
 * narrow that window to nothing and cost a statement. `fresh` reads it anyway (after a failure,
 * when the last write may be long past).
 */
export const current = async (a: Attempt, job: RunJobPayload, fresh = false): Promise<Execution | null> => {
  const w = a.written;
  a.written = null;
  const e = w && w.id === job.execution_id && !fresh ? w : await read(a, job.execution_id);
  return e && e.attempt === job.attempt ? e : null;
};

/** The execution, with its sources on a run's first read (stage and translate use them). */
const read = async (a: Attempt, id: string): Promise<Execution | null> => {
  if (a.sources.size > 0) return a.deps.executions.get(id);
  const r = await a.deps.executions.getWithSources(id);
  if (r) a.sources = new Map(r.sources.map((s) => [s.id, s]));
  return r?.execution ?? null;
};

/** The execution's pinned configuration (versions never change: the repository keeps them). */
export const configOf = async (a: Attempt, e: Execution): Promise<ProjectConfig> => {
  const c = await a.deps.configs.pinned(e.projectModule, e.configVersion);
  if (!c) throw new PermanentJobError(`configuration ${e.projectModule} v${e.configVersion} is gone`);
  return c;
};

/** What a source was when a run used it (the `sources.json` artifact; a reproduction runs on it). */
export interface SourceAsUsed {
  readonly id: string;
  readonly source_identifier: string;
  readonly signature: string | null;
  readonly metadata: Source['metadata'];
}

/**
 * The execution's sources in its order, read once per run. A reproduction that keeps the
 * original's metadata (`run_record.reproduces.sources`) gets each source with the metadata and
 * signature the original used, whatever discovery found since.
 */
export const sourcesOf = async (a: Attempt, e: Execution): Promise<Source[]> => {
  const known = e.sourceIds.every((id) => a.sources.has(id));
  const byId = known ? a.sources : new Map((await a.deps.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
  a.sources = byId;
  const missing = e.sourceIds.find((id) => !byId.has(id));
  if (missing !== undefined) throw new PermanentJobError(`source ${missing} was deleted`);
  const recorded = (e.runRecord['reproduces'] as { sources?: readonly SourceAsUsed[] } | undefined)?.sources;
  return e.sourceIds.map((id) => {
    const s = byId.get(id)!;
    if (!recorded) return s;
    const as = recorded.find((r) => r.id === id);
    if (!as)
      throw new PermanentJobError(`the reproduced run recorded no metadata for source ${s.sourceIdentifier}`);
    return { ...s, metadata: as.metadata, signature: as.signature };
  });
};

/** The sources as a run uses them, for its `sources.json` artifact. */
export const sourcesAsUsed = (sources: readonly Source[]): SourceAsUsed[] =>
  sources.map((s) => ({
    id: s.id,
    source_identifier: s.sourceIdentifier,
    signature: s.signature,
    metadata: s.metadata,
  }));

/** A fenced write; a lost lease stops the job, a state changed by someone else ends it. */
export const commit = async (
  a: Attempt,
  e: Execution,
  change: ExecutionChange,
  events: ReturnType<typeof executionEvent>[],
  extra: {
    pollRound?: PollRoundRequest;
    expect?: Execution['state'][];
    artifacts?: readonly ArtifactWrite[];
  } = {},
): Promise<void> => {
  const now = a.deps.clock.now();
  const r = await a.deps.executions.write(
    {
      id: e.id,
      expect: extra.expect ?? [e.state],
      change,
      fence: a.ctx.lease,
      events,
      ...(extra.pollRound ? { pollRound: extra.pollRound } : {}),
      ...(extra.artifacts ? { artifacts: extra.artifacts } : {}),
    },
    now,
  );
  if (r === 'lease_lost') throw new LeaseLostError(a.ctx.lease);
  if (r === 'state_changed') throw new Superseded();
  a.written = withChange(e, change, now);
  if (change.state !== undefined && terminalStates.has(change.state))
    a.deps.tracer.record(
      e.id,
      'ended',
      { 'surveyor.state': change.state, 'surveyor.attempt': e.attempt },
      now,
      now,
    );
};

/** Moves the execution on `trigger`, with the event the transition table pairs with it. */
export const step = (
  a: Attempt,
  e: Execution,
  trigger: ExecutionTrigger,
  change: ExecutionChange,
  payload: Record<string, unknown>,
  artifacts?: readonly ArtifactWrite[],
) => {
  const m = transition(e.state, trigger);
  return commit(a, e, { ...change, state: m.state }, [executionEvent(e, m.kind, payload)], {
    ...(artifacts ? { artifacts } : {}),
  });
};

/** Artifacts of this attempt, with their digests, for a step to write with its change. */
export const artifactWrites = (a: Attempt, e: Execution, list: readonly ArtifactContent[]): ArtifactWrite[] =>
  list.map((x) => ({ executionId: e.id, attempt: e.attempt, ...x, sha256: a.deps.digest.digest(x.content) }));

/** Several artifacts in one write of their own; returns their sha256s in order. */
export const saveArtifacts = async (
  a: Attempt,
  e: Execution,
  list: readonly ArtifactContent[],
): Promise<string[]> => {
  const writes = artifactWrites(a, e, list);
  const r = await a.deps.artifacts.saveArtifacts(writes, a.ctx.lease, a.deps.clock.now());
  if (r === 'lease_lost') throw new LeaseLostError(a.ctx.lease);
  return writes.map((w) => w.sha256);
};
