import type { NewEvent } from '../../core/domain/event.js';
import { terminalStates, type ExecutionState } from '../../core/domain/execution.js';
import { type Execution, pageBySources, unsubmitted, withChange } from '../../core/domain/executionRecord.js';
import type { Lease } from '../../core/domain/job.js';
import {
  batchable,
  oneJob,
  type ExecutionFilter,
  type ExecutionPage,
  type ExecutionRepository,
  type ExecutionWrite,
  type WriteResult,
} from '../../core/ports/ExecutionRepository.js';
import * as pollRounds from './pollRounds.js';
import { putArtifact } from './artifactStore.js';
import { inFlightIn } from './executionAdmissions.js';
import { toSource } from './sourceRepository.js';
import {
  byCodePoint,
  decodeCursor,
  encodeCursor,
  json,
  leaseHeld,
  type MemoryStore,
  pageAfter,
} from './store.js';

/** Admitted and not ended: what counts against a project's concurrent runs. */
const _inFlight = (s: ExecutionState) => s !== 'pending' && !terminalStates.has(s);

/** Newest first: by creation time, then id, both descending (as the PostgreSQL list). */
const newestFirst = (a: Execution, b: Execution) =>
  b.createdAt.getTime() - a.createdAt.getTime() || byCodePoint(b.id, a.id);
const isListKey = (k: unknown): k is [number, string] =>
  Array.isArray(k) && k.length === 2 && Number.isSafeInteger(k[0]) && typeof k[1] === 'string';

export class MemoryExecutionRepository implements ExecutionRepository {
  constructor(private readonly store: MemoryStore) {}

  private held(fence: Lease): boolean {
    return leaseHeld(this.store, fence);
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
    for (const a of w.artifacts ?? []) putArtifact(this.store, a, now);
    const u = w.usage;
    if (u && !this.store.usage.has(`${u.executionId}:${u.attempt}`))
      this.store.usage.set(`${u.executionId}:${u.attempt}`, u);
    return 'ok';
  }

  async writeMany(ws: readonly ExecutionWrite[], now: Date): Promise<WriteResult[]> {
    batchable(ws);
    const out: WriteResult[] = [];
    for (const w of ws) out.push(await this.write(w, now));
    return out;
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
          (filter.profileName === undefined || e.profileSnapshot.name === filter.profileName) &&
          (filter.sourceId === undefined || e.sourceIds.includes(filter.sourceId)) &&
          (filter.endedSince === undefined ||
            (e.finishedAt !== null && e.finishedAt.getTime() >= filter.endedSince.getTime())),
      )
      .sort(newestFirst)
      .filter(
        (e) =>
          after === null ||
          e.createdAt.getTime() < after[0] ||
          (e.createdAt.getTime() === after[0] && byCodePoint(e.id, after[1]) < 0),
      );
    return pageAfter(
      matching,
      () => true,
      Math.min(limit, pageBySources(matching.slice(0, limit))),
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
    return read ? { ...read, inFlight: inFlightIn(this.store, read.execution.projectModule) } : null;
  }

  async findByIdempotencyKey(key: string): Promise<Execution | null> {
    return this.all().find((e) => e.idempotencyKey === key) ?? null;
  }
}
