import type { ExecutionTrigger } from '../../domain/execution.js';
import { type Execution, withChange } from '../../domain/executionRecord.js';
import { LeaseLostError, type Lease, PermanentJobError } from '../../domain/job.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { Source } from '../../domain/source.js';
import type { Clock } from '../../ports/Clock.js';
import type { DeploymentBackends } from '../../ports/DeploymentBackend.js';
import type { ArtifactStore, ArtifactWrite } from '../../ports/ArtifactStore.js';
import type { ExecutionChange, ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { GraphStore } from '../../ports/GraphStore.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import type { Stager } from '../../ports/Stager.js';
import type { TokenDigest } from '../../ports/TokenDigest.js';
import type { Translator } from '../../ports/Translator.js';
import { executionEvent, move } from '../executions/executionEvents.js';
import type { PollRoundRequest, PollSpacing, RunJobPayload } from '../../domain/jobKinds.js';

export interface RunDeps {
  readonly executions: Pick<ExecutionRepository, 'get' | 'getWithSources' | 'write'>;
  readonly artifacts: ArtifactStore;
  readonly sources: SourceRepository;
  readonly configs: ProjectConfigRepository;
  readonly stager: Stager;
  readonly graphs: GraphStore;
  readonly translator: Translator;
  readonly backends: DeploymentBackends;
  readonly digest: TokenDigest;
  readonly clock: Clock;
  /** Least seconds between poll rounds on one target (SERVICE_*_POLL_MIN_SECONDS). */
  readonly pollSpacing: PollSpacing;
}

export interface RunContext {
  readonly lease: Lease;
  readonly signal: AbortSignal;
  /** This is the job's last attempt: a failure now fails the execution instead of retrying. */
  readonly lastAttempt: boolean;
  /** Renews the lease, fenced in the database; throws LeaseLostError when it is lost (see JobContext). */
  readonly confirmLease: () => Promise<void>;
}

/** Artifact names, per attempt. */
export const artifactNames = {
  staged: 'staged.json',
  manifest: 'manifest.json',
  patchedGraph: 'logical.graph',
  translated: 'translated.json',
  /** What the stager recorded for one dataset (its archive job, its finished files). */
  stagingState: (key: string) => `staging/${key}.json`,
} as const;

/**
 * Runs `f` over the items, at most `limit` at once, in order of the results. After a failure no
 * new item starts; the ones running finish, then the first failure is thrown.
 */
export const inPool = async <T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T) => Promise<R>,
): Promise<R[]> => {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        out[i] = await f(items[i]!);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { err: unknown }).err;
  return out;
};

/** An artifact as a step makes it (its digest and attempt are added when it is written). */
export interface ArtifactContent {
  readonly name: string;
  readonly mediaType: string;
  readonly content: string;
}

/** Someone else moved the execution meanwhile: this attempt stops without a word. */
export class Superseded extends Error {}

/**
 * What every step of a run needs: the execution this job is about, its configuration and sources,
 * and fenced writes (a step, an artifact) that a worker which lost its lease cannot commit.
 */
export class RunSteps {
  constructor(
    protected readonly deps: RunDeps,
    protected readonly ctx: RunContext,
  ) {}

  protected checkAbort() {
    if (this.ctx.signal.aborted) throw this.ctx.signal.reason ?? new LeaseLostError(this.ctx.lease);
  }

  /** What this run's last write left, while nothing else can have moved it (see current). */
  private written: Execution | null = null;

  /**
   * The execution this job is about, or null when the job is stale (another attempt, deleted).
   * After a write of its own the run goes on from what it wrote: that write was conditional on the
   * state it expected, and every later write is too, so a cancel or a retry that comes meanwhile
   * ends the run at its next write (see Superseded); reading again before each step would only
   * narrow that window to nothing and cost a statement. `fresh` reads it anyway (after a failure,
   * when the last write may be long past).
   */
  protected async current(job: RunJobPayload, fresh = false): Promise<Execution | null> {
    const w = this.written;
    this.written = null;
    const e = w && w.id === job.execution_id && !fresh ? w : await this.read(job.execution_id);
    return e && e.attempt === job.attempt ? e : null;
  }

  /** The execution, with its sources on a run's first read (stage and translate use them). */
  private async read(id: string): Promise<Execution | null> {
    if (this.sourceCache.size > 0) return this.deps.executions.get(id);
    const r = await this.deps.executions.getWithSources(id);
    if (r) this.sourceCache = new Map(r.sources.map((s) => [s.id, s]));
    return r?.execution ?? null;
  }

  /** The execution's pinned configuration (versions never change: the repository keeps them). */
  protected async config(e: Execution): Promise<ProjectConfig> {
    const c = await this.deps.configs.pinned(e.projectModule, e.configVersion);
    if (!c) throw new PermanentJobError(`configuration ${e.projectModule} v${e.configVersion} is gone`);
    return c;
  }

  /** The sources this run read, by id: stage and translate use the same ones. */
  private sourceCache = new Map<string, Source>();

  /** The execution's sources in its order, read once per run. */
  protected async sourcesOf(e: Execution): Promise<Source[]> {
    const known = e.sourceIds.every((id) => this.sourceCache.has(id));
    const byId = known
      ? this.sourceCache
      : new Map((await this.deps.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
    this.sourceCache = byId;
    const missing = e.sourceIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw new PermanentJobError(`source ${missing} was deleted`);
    return e.sourceIds.map((id) => byId.get(id)!);
  }

  /** A fenced write; a lost lease stops the job, a state changed by someone else ends it. */
  protected async commit(
    e: Execution,
    change: ExecutionChange,
    events: ReturnType<typeof executionEvent>[],
    extra: {
      pollRound?: PollRoundRequest;
      expect?: Execution['state'][];
      artifacts?: readonly ArtifactWrite[];
    } = {},
  ): Promise<void> {
    const now = this.deps.clock.now();
    const r = await this.deps.executions.write(
      {
        id: e.id,
        expect: extra.expect ?? [e.state],
        change,
        fence: this.ctx.lease,
        events,
        ...(extra.pollRound ? { pollRound: extra.pollRound } : {}),
        ...(extra.artifacts ? { artifacts: extra.artifacts } : {}),
      },
      now,
    );
    if (r === 'lease_lost') throw new LeaseLostError(this.ctx.lease);
    if (r === 'state_changed') throw new Superseded();
    this.written = withChange(e, change, now);
  }

  /** Moves the execution on `trigger`, with the event the transition table pairs with it. */
  protected step(
    e: Execution,
    trigger: ExecutionTrigger,
    change: ExecutionChange,
    payload: Record<string, unknown>,
    artifacts?: readonly ArtifactWrite[],
  ) {
    const m = move(e.state, trigger);
    return this.commit(e, { ...change, state: m.state }, [executionEvent(e, m.kind, payload)], {
      ...(artifacts ? { artifacts } : {}),
    });
  }

  /** Artifacts of this attempt, with their digests, for a step to write with its change. */
  protected artifacts(e: Execution, list: readonly ArtifactContent[]): ArtifactWrite[] {
    return list.map((a) => ({
      executionId: e.id,
      attempt: e.attempt,
      ...a,
      sha256: this.deps.digest.digest(a.content),
    }));
  }

  protected async saveArtifact(
    e: Execution,
    name: string,
    mediaType: string,
    content: string,
  ): Promise<string> {
    const [sha256] = await this.saveArtifacts(e, [{ name, mediaType, content }]);
    return sha256!;
  }

  /** Several artifacts in one write of their own; returns their sha256s in order. */
  protected async saveArtifacts(e: Execution, list: readonly ArtifactContent[]): Promise<string[]> {
    const writes = this.artifacts(e, list);
    const r = await this.deps.artifacts.saveArtifacts(writes, this.ctx.lease, this.deps.clock.now());
    if (r === 'lease_lost') throw new LeaseLostError(this.ctx.lease);
    return writes.map((w) => w.sha256);
  }
}
