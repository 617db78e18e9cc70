import type { WorkerRecord, WorkerRegistry } from '../../core/ports/WorkerRegistry.js';

export class MemoryWorkerRegistry implements WorkerRegistry {
  private readonly workers = new Map<string, WorkerRecord>();
  async register(worker: WorkerRecord): Promise<void> {
    this.workers.set(worker.id, worker);
  }
  async heartbeat(workerId: string, now: Date): Promise<{ drain: boolean; known: boolean }> {
    const w = this.workers.get(workerId);
    if (w) this.workers.set(workerId, { ...w, heartbeatAt: now });
    return { drain: (w?.drainRequestedAt ?? null) !== null, known: w !== undefined };
  }
  async requestDrain(workerId: string, now: Date, by: string): Promise<WorkerRecord | null> {
    const w = this.workers.get(workerId);
    if (!w) return null;
    // The first request stands: asking again changes nothing.
    const drained = w.drainRequestedAt ? w : { ...w, drainRequestedAt: now, drainRequestedBy: by };
    this.workers.set(workerId, drained);
    return drained;
  }
  async deregister(workerId: string): Promise<void> {
    this.workers.delete(workerId);
  }
  async live(now: Date, staleAfterSeconds: number): Promise<readonly WorkerRecord[]> {
    return [...this.workers.values()].filter(
      (w) => now.getTime() - w.heartbeatAt.getTime() <= staleAfterSeconds * 1000,
    );
  }

  async lost(now: Date, staleAfterSeconds: number, withinSeconds: number): Promise<readonly WorkerRecord[]> {
    return [...this.workers.values()]
      .filter((w) => {
        const silent = now.getTime() - w.heartbeatAt.getTime();
        return silent > staleAfterSeconds * 1000 && silent <= (staleAfterSeconds + withinSeconds) * 1000;
      })
      .sort((a, b) => a.heartbeatAt.getTime() - b.heartbeatAt.getTime());
  }

  /** Forgets workers silent since before `before`; how many, or would. */
  pruneSilent(before: Date, dryRun: boolean): number {
    const silent = [...this.workers.values()].filter((w) => w.heartbeatAt < before);
    if (!dryRun) for (const w of silent) this.workers.delete(w.id);
    return silent.length;
  }
}
