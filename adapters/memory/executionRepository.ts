import type { NewEvent } from '../../core/domain/event.js';
import { terminalStates, type ExecutionState } from '../../core/domain/execution.js';
import { type Execution, unsubmitted, withChange } from '../../core/domain/executionRecord.js';
import type { EnqueueRequest, Lease } from '../../core/domain/job.js';
import {
  batchable,
  oneJob,
  type ArtifactInfo,
  type ArtifactWrite,
  type ExecutionFilter,
  type ExecutionPage,
  type ExecutionRepository,
  type ExecutionAdmission,
  type ExecutionWrite,
  type PollTarget,
  type WriteResult,
} from '../../core/ports/ExecutionRepository.js';
import * as pollRounds from './pollRounds.js';
import { toSource } from './sourceRepository.js';
import { byCodePoint, decodeCursor, encodeCursor, json, type MemoryStore, pageAfter } from './store.js';

/** Admitted and not ended: what counts against a project's concurrent runs. */
const inFlight = (s: ExecutionState) => s !== 'pending' && !terminalStates.has(s);

/** Newest first: by creation time, then id, both descending (as the PostgreSQL list). */
const newestFirst = (a: Execution, b: Execution) =>
  b.createdAt.getTime() - a.createdAt.getTime() || byCodePoint(b.id, a.id);
const isListKey = (k: unknown): k is [number, string] =>
  Array.isArray(k) && k.length === 2 && Number.isSafeInteger(k[0]) && typeof k[1] === 'string';

export class MemoryExecutionRepository implements ExecutionRepository {
  constructor(private readonly store: MemoryStore) {}

  private held(fence: Lease): boolean {
    const j = this.store.queue.rows.get(fence.jobId);
    return j !== undefined && j.state === 'running' && j.token === fence.token;
  }

  private all(): Execution[] {
    return [...this.store.executions.values()];
  }

  async insert(e: Execution, event: NewEvent): Promise<'ok' | 'key_taken' | 'version_changed'> {
    if (e.idempotencyKey !== null && this.all().some((x) => x.idempotencyKey === e.idempotencyKey))
      return 'key_taken';
    if (this.store.activeVersion.get(e.projectModule) !== e.configVersion) return 'version_changed';
    // What PostgreSQL's insert stores: the request; the run's fields start empty.
    this.store.executions.set(e.id, {
      ...e,
      ...unsubmitted,
      doStage: null,
      doSubmit: null,
      executeRequestedAt: null,
      runRecord: {},
      profileSnapshot: {
        ...e.profileSnapshot,
        translation: json(e.profileSnapshot.translation),
        deployment: json(e.profileSnapshot.deployment),
      },
      updatedAt: e.createdAt,
    });
    this.store.appendEvent(event, e.createdAt);
    return 'ok';
  }

  async insertMany(items: readonly { execution: Execution; events: readonly NewEvent[] }[], now: Date) {
    for (const { execution: e, events } of items) {
      this.store.executions.set(e.id, {
        ...e,
        profileSnapshot: {
          ...e.profileSnapshot,
          translation: json(e.profileSnapshot.translation),
          deployment: json(e.profileSnapshot.deployment),
        },
      });
      for (const ev of events) this.store.appendEvent(ev, now);
    }
  }

  async admitMany(items: readonly ExecutionAdmission[], now: Date): Promise<ReadonlySet<string>> {
    const moved = new Set<string>();
    for (const a of items) {
      const r = await this.write(
        {
          id: a.id,
          expect: ['pending'],
          change: { state: a.state, error: null },
          events: a.events,
          enqueue: a.job,
        },
        now,
      );
      if (r === 'ok') moved.add(a.id);
    }
    return moved;
  }

  async write(w: ExecutionWrite, now: Date): Promise<WriteResult> {
    const e = this.store.executions.get(w.id);
    oneJob(w);
    if (w.fence && !this.held(w.fence)) return 'lease_lost';
    if (!e || !w.expect.includes(e.state)) return 'state_changed';
    this.store.executions.set(e.id, withChange(e, w.change, now));
    for (const ev of w.events) this.store.appendEvent(ev, now);
    if (w.enqueue) this.store.queue.enqueueNow(w.enqueue, now);
    if (w.pollRound) pollRounds.askRound(this.store, w.pollRound, now);
    const prefix = w.cancelJobsWithKeyPrefix;
    if (prefix !== undefined)
      for (const j of this.store.queue.rows.values())
        if (j.state === 'queued' && j.idempotencyKey?.startsWith(prefix))
          this.store.queue.cancelNow(j.id, now);
    for (const m of w.markProcessed ?? []) {
      const s = this.store.sources.get(m.sourceId);
      if (s) this.store.sources.set(s.id, { ...s, processedSignature: m.signature, updatedAt: now });
    }
    for (const a of w.artifacts ?? []) this.putArtifact(a, now);
    return 'ok';
  }

  async writeMany(ws: readonly ExecutionWrite[], now: Date): Promise<WriteResult[]> {
    batchable(ws);
    const out: WriteResult[] = [];
    for (const w of ws) out.push(await this.write(w, now));
    return out;
  }

  async awaitingAdmission(limit: number): Promise<Execution[]> {
    return this.all()
      .filter((e) => e.state === 'pending' && e.executeRequestedAt !== null)
      .sort(
        (a, b) =>
          a.executeRequestedAt!.getTime() - b.executeRequestedAt!.getTime() || byCodePoint(a.id, b.id),
      )
      .slice(0, limit);
  }

  async endedSince(since: Date, projectModule: string | null, failedLimit: number) {
    const ended = this.all().filter(
      (e) =>
        e.finishedAt !== null &&
        e.finishedAt >= since &&
        ['completed', 'failed', 'cancelled'].includes(e.state) &&
        (projectModule === null || e.projectModule === projectModule),
    );
    const byState: Record<string, number> = {};
    for (const e of ended) byState[e.state] = (byState[e.state] ?? 0) + 1;
    const failed = ended
      .filter((e) => e.state === 'failed')
      .sort((a, b) => b.finishedAt!.getTime() - a.finishedAt!.getTime() || byCodePoint(a.id, b.id))
      .slice(0, failedLimit)
      .map((e) => ({ id: e.id, projectModule: e.projectModule, error: e.error }));
    return { byState, failed };
  }

  async pendingSince(before: Date, projectModule: string | null, limit: number) {
    const all = (await this.awaitingAdmission(Number.MAX_SAFE_INTEGER)).filter(
      (e) => e.executeRequestedAt! < before && (projectModule === null || e.projectModule === projectModule),
    );
    return {
      count: all.length,
      sample: all
        .slice(0, limit)
        .map((e) => ({ id: e.id, projectModule: e.projectModule, since: e.executeRequestedAt! })),
    };
  }

  async inFlightByProject(): Promise<ReadonlyMap<string, number>> {
    const n = new Map<string, number>();
    for (const e of this.all())
      if (inFlight(e.state)) n.set(e.projectModule, (n.get(e.projectModule) ?? 0) + 1);
    return n;
  }

  async inFlightIn(projectModule: string): Promise<number> {
    return this.all().filter((e) => e.projectModule === projectModule && inFlight(e.state)).length;
  }

  async unansweredTargets(before: Date, projectModule: string | null) {
    return pollRounds.unansweredTargets(this.store, before, projectModule);
  }
  async onTarget(target: string, limit: number): Promise<Execution[]> {
    return pollRounds.onTarget(this.store, target, limit);
  }
  async pollTargets(): Promise<PollTarget[]> {
    return pollRounds.pollTargets(this.store);
  }
  async schedulePolls(rounds: readonly { target: string; job: EnqueueRequest }[], now: Date) {
    return pollRounds.schedulePolls(this.store, rounds, now);
  }
  async recordRound(target: string, startedAt: Date, now: Date, error: string | null, answered: boolean) {
    pollRounds.recordRound(this.store, target, startedAt, now, error, answered);
  }
  async lastAnswered(target: string): Promise<Date | null> {
    return pollRounds.lastAnswered(this.store, target);
  }

  async saveArtifacts(list: readonly ArtifactWrite[], fence: Lease, now: Date): Promise<'ok' | 'lease_lost'> {
    if (!this.held(fence)) return 'lease_lost';
    for (const a of list) this.putArtifact(a, now);
    return 'ok';
  }

  async saveArtifact(a: ArtifactWrite, fence: Lease, now: Date): Promise<'ok' | 'lease_lost'> {
    return this.saveArtifacts([a], fence, now);
  }

  private putArtifact(a: ArtifactWrite, now: Date): void {
    const same = (x: { executionId: string; attempt: number; name: string }) =>
      x.executionId === a.executionId && x.attempt === a.attempt && x.name === a.name;
    const at = this.store.artifacts.findIndex(same);
    const stored = {
      executionId: a.executionId,
      attempt: a.attempt,
      name: a.name,
      mediaType: a.mediaType,
      sha256: a.sha256,
      size: Buffer.byteLength(a.content),
      content: a.content,
      createdAt: now,
      contentPrunedAt: at >= 0 ? this.store.artifacts[at]!.contentPrunedAt : null,
    };
    if (at >= 0) this.store.artifacts[at] = stored;
    else this.store.artifacts.push(stored);
  }

  async artifact(executionId: string, attempt: number, name: string): Promise<string | null> {
    return (
      this.store.artifacts.find(
        (x) => x.executionId === executionId && x.attempt === attempt && x.name === name,
      )?.content ?? null
    );
  }

  async artifacts(executionId: string): Promise<ArtifactInfo[]> {
    return this.store.artifacts
      .filter((x) => x.executionId === executionId)
      .sort(
        (a, b) =>
          a.attempt - b.attempt ||
          a.createdAt.getTime() - b.createdAt.getTime() ||
          byCodePoint(a.name, b.name),
      )
      .map(({ content: _, executionId: __, ...info }) => info);
  }

  async countsByState() {
    const counts = new Map<string, { projectModule: string; state: string; count: number }>();
    for (const e of this.all()) {
      const k = `${e.projectModule}\u0000${e.state}`;
      const c = counts.get(k) ?? { projectModule: e.projectModule, state: e.state, count: 0 };
      counts.set(k, { ...c, count: c.count + 1 });
    }
    return [...counts.values()];
  }

  async remoteQueueWaits(now: Date) {
    const waits = new Map<string, { projectModule: string; waiting: number; longestSeconds: number }>();
    for (const e of this.all()) {
      if (!pollRounds.onBackend(e) || e.submittedAt === null) continue;
      if (e.profileSnapshot.deployment.kind !== 'batch_remote' || 'remote_started_at' in e.runRecord)
        continue;
      const w = waits.get(e.projectModule) ?? {
        projectModule: e.projectModule,
        waiting: 0,
        longestSeconds: 0,
      };
      const seconds = (now.getTime() - e.submittedAt.getTime()) / 1000;
      waits.set(e.projectModule, {
        ...w,
        waiting: w.waiting + 1,
        longestSeconds: Math.max(w.longestSeconds, seconds),
      });
    }
    return [...waits.values()];
  }

  async sourcesToProcess(projectModule: string, requiredFlags: readonly string[], limit: number) {
    const busy = new Set(
      this.all()
        .filter((e) => e.projectModule === projectModule && !terminalStates.has(e.state))
        .flatMap((e) => e.sourceIds),
    );
    return [...this.store.sources.values()]
      .filter(
        (s) =>
          s.projectModule === projectModule &&
          s.enabled &&
          s.metadata !== null &&
          s.signature !== s.processedSignature &&
          requiredFlags.every((f) => s.discoveryFlags[f] === true) &&
          !busy.has(s.id),
      )
      .sort(
        (a, b) =>
          (a.discoveredAt?.getTime() ?? Infinity) - (b.discoveredAt?.getTime() ?? Infinity) ||
          byCodePoint(a.id, b.id),
      )
      .slice(0, limit)
      .map((s) => ({ id: s.id, sourceIdentifier: s.sourceIdentifier, discoveredAt: s.discoveredAt! }));
  }

  async list(
    filter: ExecutionFilter,
    limit: number,
    cursor: string | null,
  ): Promise<ExecutionPage | 'bad_cursor'> {
    const after = cursor === null ? null : decodeCursor('x', cursor);
    if (after !== null && !isListKey(after)) return 'bad_cursor';
    const matching = this.all()
      .filter(
        (e) =>
          (filter.idPrefix === undefined || e.id.startsWith(filter.idPrefix)) &&
          (filter.projectModule === undefined || e.projectModule === filter.projectModule) &&
          (filter.state === undefined || e.state === filter.state) &&
          (filter.profileId === undefined || e.profileId === filter.profileId) &&
          (filter.profileName === undefined || e.profileSnapshot.name === filter.profileName),
      )
      .sort(newestFirst);
    return pageAfter(
      matching,
      (e) =>
        after === null ||
        e.createdAt.getTime() < after[0] ||
        (e.createdAt.getTime() === after[0] && byCodePoint(e.id, after[1]) < 0),
      limit,
      (e) => encodeCursor('x', [e.createdAt.getTime(), e.id]),
    );
  }

  async get(id: string): Promise<Execution | null> {
    return this.store.executions.get(id) ?? null;
  }

  /** The execution and its sources as stored, in its order (a deleted one left out). */
  private withSources(id: string) {
    const execution = this.store.executions.get(id);
    if (!execution) return null;
    const sources = execution.sourceIds.flatMap((sid) => {
      const s = this.store.sources.get(sid);
      return s ? [s] : [];
    });
    return { execution, sources };
  }

  async getWithSources(id: string) {
    const r = this.withSources(id);
    return r ? { execution: r.execution, sources: r.sources.map(toSource) } : null;
  }

  async getWithSourceStates(id: string) {
    return this.withSources(id);
  }

  async getForAdmission(id: string) {
    const read = await this.getWithSourceStates(id);
    return read ? { ...read, inFlight: await this.inFlightIn(read.execution.projectModule) } : null;
  }

  async findByIdempotencyKey(key: string): Promise<Execution | null> {
    return this.all().find((e) => e.idempotencyKey === key) ?? null;
  }
}
