import { waitsOnPause } from '../../core/domain/profilePause.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import { awaitingAdmission } from './executionAdmissions.js';
import { onBackend } from './pollRounds.js';
import { byCodePoint, type MemoryStore } from './store.js';

export class MemoryExecutionFigures implements ExecutionFigures {
  constructor(private readonly store: MemoryStore) {}

  private all(): Execution[] {
    return [...this.store.executions.values()];
  }

  async endedByHour(since: Date) {
    const out = new Map<string, { hour: Date; state: string; count: number }>();
    for (const e of this.all()) {
      if (!e.finishedAt || e.finishedAt < since || !['completed', 'failed', 'cancelled'].includes(e.state))
        continue;
      const hour = new Date(Math.floor(e.finishedAt.getTime() / 3600_000) * 3600_000);
      const k = `${hour.getTime()}\u0000${e.state}`;
      out.set(k, { hour, state: e.state, count: (out.get(k)?.count ?? 0) + 1 });
    }
    return [...out.values()];
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
      if (!onBackend(e) || e.submittedAt === null) continue;
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

  async waitingOn(profileIds: readonly string[]) {
    const out = new Map<string, number>();
    for (const e of this.store.executions.values())
      if (e.profileId !== null && profileIds.includes(e.profileId) && waitsOnPause(e))
        out.set(e.profileId, (out.get(e.profileId) ?? 0) + 1);
    return out;
  }

  async pendingSince(before: Date, projectModule: string | null, limit: number) {
    const all = awaitingAdmission(this.store).filter(
      (e) => e.executeRequestedAt! < before && (projectModule === null || e.projectModule === projectModule),
    );
    return {
      count: all.length,
      sample: all
        .slice(0, limit)
        .map((e) => ({ id: e.id, projectModule: e.projectModule, since: e.executeRequestedAt! })),
    };
  }
}
