import {
  type AutomationRetryRule,
  automationHold,
  countsAgainst,
  type FailedRuns,
  sourceHeldKind,
} from '../../core/domain/automationRetry.js';
import { type ExecutionState, terminalStates } from '../../core/domain/execution.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { ExecutionAdmission, ExecutionAdmissions } from '../../core/ports/ExecutionAdmissions.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import { byCodePoint, type MemoryStore } from './store.js';

/** Admitted and not ended: what counts against a project's concurrent runs. */
export const inFlight = (s: ExecutionState) => s !== 'pending' && !terminalStates.has(s);

/** Pending executions asked to run, oldest request first. */
export const awaitingAdmission = (store: MemoryStore): Execution[] =>
  [...store.executions.values()]
    .filter((e) => e.state === 'pending' && e.executeRequestedAt !== null)
    .sort(
      (a, b) => a.executeRequestedAt!.getTime() - b.executeRequestedAt!.getTime() || byCodePoint(a.id, b.id),
    );

/** Executions between queued and cancelling in one project. */
export const inFlightIn = (store: MemoryStore, projectModule: string): number =>
  [...store.executions.values()].filter((e) => e.projectModule === projectModule && inFlight(e.state)).length;

export class MemoryExecutionAdmissions implements ExecutionAdmissions {
  constructor(
    private readonly store: MemoryStore,
    private readonly executions: Pick<ExecutionRepository, 'write'>,
  ) {}

  private all(): Execution[] {
    return [...this.store.executions.values()];
  }

  async awaitingAdmission(limit: number): Promise<Execution[]> {
    return awaitingAdmission(this.store).slice(0, limit);
  }

  async admitMany(items: readonly ExecutionAdmission[], now: Date): Promise<ReadonlySet<string>> {
    const moved = new Set<string>();
    for (const a of items) {
      const r = await this.executions.write(
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

  async inFlightByProject(): Promise<ReadonlyMap<string, number>> {
    const n = new Map<string, number>();
    for (const e of this.all())
      if (inFlight(e.state)) n.set(e.projectModule, (n.get(e.projectModule) ?? 0) + 1);
    return n;
  }

  async inFlightIn(projectModule: string): Promise<number> {
    return inFlightIn(this.store, projectModule);
  }

  async inFlightByProfile(): Promise<ReadonlyMap<string, number>> {
    const n = new Map<string, number>();
    for (const e of this.all())
      if (inFlight(e.state) && e.profileId !== null) n.set(e.profileId, (n.get(e.profileId) ?? 0) + 1);
    return n;
  }

  async inFlightOfProfile(profileId: string): Promise<number> {
    return this.all().filter((e) => e.profileId === profileId && inFlight(e.state)).length;
  }

  /** The runs counting against each source of the project at the version (`countsAgainst`). */
  private failedRuns(projectModule: string, configVersion: number): Map<string, FailedRuns> {
    const out = new Map<string, FailedRuns>();
    for (const e of this.all()) {
      if (e.projectModule !== projectModule) continue;
      const at = e.finishedAt ?? e.updatedAt;
      for (const id of e.sourceIds) {
        const s = this.store.sources.get(id);
        if (!s || !countsAgainst(e, s.signatureAt, configVersion)) continue;
        const f = out.get(id);
        const later =
          !f || at > f.lastAt || (at.getTime() === f.lastAt.getTime() && e.id > f.lastExecutionId);
        out.set(id, {
          count: (f?.count ?? 0) + 1,
          lastAt: later ? at : f.lastAt,
          lastExecutionId: later ? e.id : f.lastExecutionId,
        });
      }
    }
    return out;
  }

  async failedRunsOf(sourceId: string, configVersion: number): Promise<FailedRuns | null> {
    const s = this.store.sources.get(sourceId);
    return s ? (this.failedRuns(s.projectModule, configVersion).get(sourceId) ?? null) : null;
  }

  async failedRunsIn(projectModule: string, configVersion: number) {
    return [...this.failedRuns(projectModule, configVersion)].map(([id, failed]) => ({
      id,
      sourceIdentifier: this.store.sources.get(id)!.sourceIdentifier,
      failed,
    }));
  }

  async heldUntold(projectModule: string, retry: AutomationRetryRule, limit: number) {
    const told = (id: string, since: Date) =>
      this.store.events.some(
        (ev) =>
          ev.subjectType === 'source' &&
          ev.subjectId === id &&
          ev.kind === sourceHeldKind &&
          ev.createdAt >= since,
      );
    return [...this.failedRuns(projectModule, retry.configVersion)]
      .filter(([id, f]) => f.count >= retry.policy.max_failed_runs && !told(id, f.lastAt))
      .sort(([a, f], [b, g]) => f.lastAt.getTime() - g.lastAt.getTime() || byCodePoint(a, b))
      .slice(0, limit)
      .map(([id, failed]) => ({
        id,
        sourceIdentifier: this.store.sources.get(id)!.sourceIdentifier,
        failed,
      }));
  }

  async sourcesToProcess(
    projectModule: string,
    requiredFlags: readonly string[],
    limit: number,
    retry: AutomationRetryRule,
  ) {
    const failed = this.failedRuns(projectModule, retry.configVersion);
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
          !s.metadata.access?.held &&
          !busy.has(s.id) &&
          automationHold(failed.get(s.id) ?? null, retry.policy, retry.now) === null,
      )
      .sort(
        (a, b) =>
          (a.discoveredAt?.getTime() ?? Infinity) - (b.discoveredAt?.getTime() ?? Infinity) ||
          byCodePoint(a.id, b.id),
      )
      .slice(0, limit)
      .map((s) => ({ id: s.id, sourceIdentifier: s.sourceIdentifier, discoveredAt: s.discoveredAt! }));
  }
}
