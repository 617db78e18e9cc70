import { type InFlightShape, shapeOf, type Spent } from '../../core/domain/budget.js';
import { terminalStates } from '../../core/domain/execution.js';
import { type AttemptUsage, shareWithin } from '../../core/domain/usage.js';
import type { UsageLedger } from '../../core/ports/UsageLedger.js';
import {
  timedOutState,
  type WalltimeSample,
  walltimeMinutes,
  withWalltime,
} from '../../core/domain/walltime.js';
import type { MemoryStore } from './store.js';

/** Started before `to` (or, never started, ended before it) and ended at or after `from`. */
const overlaps = (u: AttemptUsage, from: Date, to: Date) =>
  u.endedAt >= from && (u.startedAt ?? u.endedAt) < to;

export class MemoryUsageLedger implements UsageLedger {
  constructor(private readonly store: MemoryStore) {}

  async ofExecution(executionId: string) {
    return [...this.store.usage.values()]
      .filter((u) => u.executionId === executionId)
      .sort((a, b) => a.attempt - b.attempt);
  }

  async within(projectModule: string | null, from: Date, to: Date, limit: number) {
    const rows = [...this.store.usage.values()]
      .filter((u) => (projectModule === null || u.projectModule === projectModule) && overlaps(u, from, to))
      .sort(
        (a, b) =>
          a.endedAt.getTime() - b.endedAt.getTime() ||
          (a.executionId < b.executionId ? -1 : a.executionId > b.executionId ? 1 : a.attempt - b.attempt),
      );
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  }

  async spent(projectModule: string, from: Date, to: Date): Promise<Spent> {
    let nodeSeconds = 0;
    let cpuSeconds = 0;
    for (const u of this.store.usage.values()) {
      if (u.projectModule !== projectModule || !overlaps(u, from, to)) continue;
      const share = shareWithin(u, from, to);
      nodeSeconds += u.nodeSeconds * share;
      cpuSeconds += (u.cpuSeconds ?? 0) * share;
    }
    return { nodeSeconds, cpuSeconds };
  }

  async inFlight(projectModule: string): Promise<InFlightShape[]> {
    const shapes = new Map<string, InFlightShape>();
    for (const e of this.store.executions.values()) {
      if (e.projectModule !== projectModule || e.state === 'pending' || terminalStates.has(e.state)) continue;
      const s = shapeOf(withWalltime(e.profileSnapshot, walltimeMinutes(e)));
      const k = JSON.stringify(s);
      shapes.set(k, { ...s, count: (shapes.get(k)?.count ?? 0) + 1 });
    }
    return [...shapes.values()];
  }

  async walltimeHistory(
    projectModule: string,
    profileName: string,
    limit: number,
  ): Promise<WalltimeSample[]> {
    return [...this.store.usage.values()]
      .filter(
        (u) =>
          u.projectModule === projectModule &&
          u.profileName === profileName &&
          u.backend === 'batch_remote' &&
          (u.outcome === 'completed' || timedOutState(u.remoteState)),
      )
      .sort((a, b) => b.endedAt.getTime() - a.endedAt.getTime())
      .slice(0, limit)
      .map((u) => ({
        runSeconds: u.runSeconds,
        sources: this.store.executions.get(u.executionId)?.sourceIds.length ?? 0,
        timedOut: timedOutState(u.remoteState),
        limitMinutes: u.limitMinutes,
      }));
  }

  async sourcesOf(executionIds: readonly string[]) {
    const out = new Map<string, string[]>();
    for (const id of executionIds) {
      const e = this.store.executions.get(id);
      if (!e) continue;
      out.set(
        id,
        e.sourceIds
          .map((s) => this.store.sources.get(s)?.sourceIdentifier)
          .filter((x): x is string => x !== undefined)
          .sort(),
      );
    }
    return out;
  }

  async totals() {
    const out = new Map<
      string,
      {
        projectModule: string;
        profileName: string;
        outcome: string;
        attempts: number;
        nodeSeconds: number;
        cpuSeconds: number;
      }
    >();
    for (const u of this.store.usage.values()) {
      const k = `${u.projectModule}\u0000${u.profileName}\u0000${u.outcome}`;
      const t = out.get(k) ?? {
        projectModule: u.projectModule,
        profileName: u.profileName,
        outcome: u.outcome,
        attempts: 0,
        nodeSeconds: 0,
        cpuSeconds: 0,
      };
      out.set(k, {
        ...t,
        attempts: t.attempts + 1,
        nodeSeconds: t.nodeSeconds + u.nodeSeconds,
        cpuSeconds: t.cpuSeconds + (u.cpuSeconds ?? 0),
      });
    }
    return [...out.values()];
  }

  async durationHistograms(bounds: readonly number[]) {
    const out = new Map<
      string,
      { backend: string; field: 'run' | 'queue'; counts: number[]; count: number; sum: number }
    >();
    for (const u of this.store.usage.values())
      for (const [field, v] of [
        ['run', u.runSeconds],
        ['queue', u.queueSeconds],
      ] as const) {
        const k = `${u.backend}:${field}`;
        const h = out.get(k) ?? { backend: u.backend, field, counts: bounds.map(() => 0), count: 0, sum: 0 };
        bounds.forEach((b, i) => {
          if (v <= b) h.counts[i]! += 1;
        });
        h.count += 1;
        h.sum += v;
        out.set(k, h);
      }
    return [...out.values()].sort((a, b) => (`${a.backend}:${a.field}` < `${b.backend}:${b.field}` ? -1 : 1));
  }
}
