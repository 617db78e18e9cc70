import { isAccountEvent } from '../../core/domain/accountEvents.js';
import { terminalStates } from '../../core/domain/execution.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import { housekeeping, type PruneCounts, type RetentionPolicy } from '../../core/domain/retention.js';
import { unsettledAfter } from '../../core/domain/externalWork.js';
import type { MaintenanceRepository } from '../../core/ports/MaintenanceRepository.js';
import type { MemoryAuthSessionRepository } from './authSessionRepository.js';
import type { MemoryLoginThrottle } from './loginThrottle.js';
import type { MemoryStore } from './store.js';
import type { MemoryWorkerRegistry } from './workerRegistry.js';

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
const endedBefore = (x: Execution, cutoff: Date) =>
  terminalStates.has(x.state) && (x.finishedAt ?? x.updatedAt) < cutoff;

/** The login and worker tables the housekeeping prunes besides the store's. */
export interface Housekept {
  readonly sessions: MemoryAuthSessionRepository;
  readonly throttle: MemoryLoginThrottle;
  readonly workers: MemoryWorkerRegistry;
}

/**
 * The PostgreSQL prune's rules (adapters/postgres/maintenanceRepository.ts) on the memory tables,
 * kept alike by the contract suite. A dry run computes the same counts and changes nothing.
 */
export class MemoryMaintenanceRepository implements MaintenanceRepository {
  constructor(
    private readonly store: MemoryStore,
    private readonly kept: Housekept,
  ) {}

  async prune(now: Date, p: RetentionPolicy, opts: { dryRun?: boolean } = {}): Promise<PruneCounts> {
    const dry = opts.dryRun === true;
    const { store } = this;
    const liveJobFor = new Set(
      [...store.queue.rows.values()]
        .filter((j) => j.state === 'queued' || j.state === 'running')
        .map((j) => String((j.payload as { execution_id?: unknown }).execution_id)),
    );
    const doomed = new Set(
      p.executionsDays === 0
        ? []
        : [...store.executions.values()]
            .filter(
              (x) =>
                endedBefore(x, daysBefore(now, p.executionsDays)) &&
                unsettledAfter(x).length === 0 &&
                !liveJobFor.has(x.id),
            )
            .map((x) => x.id),
    );
    const survives = (id: string) => store.executions.has(id) && !doomed.has(id);
    let artifactBytes = store.artifacts
      .filter((a) => doomed.has(a.executionId) && a.content !== null)
      .reduce((n, a) => n + a.size, 0);
    const droppable =
      p.artifactsDays === 0
        ? []
        : store.artifacts.filter((a) => {
            const x = store.executions.get(a.executionId);
            return (
              x !== undefined &&
              survives(x.id) &&
              a.content !== null &&
              a.createdAt < daysBefore(now, p.artifactsDays) &&
              (a.attempt < x.attempt || terminalStates.has(x.state))
            );
          });
    artifactBytes += droppable.reduce((n, a) => n + a.size, 0);
    const oldEvents =
      p.eventsDays === 0
        ? []
        : store.events.filter(
            (e) =>
              e.createdAt < daysBefore(now, p.eventsDays) &&
              !isAccountEvent(e) &&
              !(e.subjectType === 'execution' && survives(e.subjectId)),
          );
    const oldAccountEvents =
      p.accountEventsDays === 0
        ? []
        : store.events.filter((e) => isAccountEvent(e) && e.createdAt < daysBefore(now, p.accountEventsDays));
    const oldVersions =
      p.configVersionsKept === 0 ? [] : this.prunableVersions(p.configVersionsKept, survives);
    const oldJobs = (states: readonly string[], days: number) =>
      days === 0
        ? []
        : [...store.queue.rows.values()].filter(
            (j) => states.includes(j.state) && j.updatedAt < daysBefore(now, days),
          );
    const finishedJobs = oldJobs(['succeeded', 'cancelled'], p.finishedJobsDays);
    const deadJobs = oldJobs(['dead', 'failed'], p.deadJobsDays);
    const oldDeliveries =
      p.alertDeliveriesDays === 0
        ? []
        : [...store.deliveries.values()].filter(
            (d) =>
              d.state !== 'pending' &&
              d.endedAt !== null &&
              d.endedAt < daysBefore(now, p.alertDeliveriesDays),
          );
    const housekept = daysBefore(now, housekeeping.authSessionsDays);
    const counts: PruneCounts = {
      events: oldEvents.length,
      accountEvents: oldAccountEvents.length,
      executions: doomed.size,
      artifacts: droppable.length,
      artifactBytes,
      finishedJobs: finishedJobs.length,
      deadJobs: deadJobs.length,
      alertDeliveries: oldDeliveries.length,
      configVersions: oldVersions.length,
      authSessions: this.kept.sessions.pruneEnded(housekept, dry),
      loginFailures: this.kept.throttle.pruneOld(daysBefore(now, housekeeping.loginFailuresDays), dry),
      workers: this.kept.workers.pruneSilent(
        new Date(now.getTime() - housekeeping.workerSilenceSeconds * 1000),
        dry,
      ),
    };
    if (dry) return counts;
    for (const id of doomed) store.executions.delete(id);
    const keptArtifacts = store.artifacts.filter((a) => !doomed.has(a.executionId));
    store.artifacts.splice(0, store.artifacts.length, ...keptArtifacts);
    for (const a of droppable) {
      const i = store.artifacts.indexOf(a);
      if (i >= 0) store.artifacts[i] = { ...a, content: null, contentPrunedAt: now };
    }
    const gone = new Set([...oldEvents, ...oldAccountEvents]);
    const keptEvents = store.events.filter((e) => !gone.has(e));
    store.events.splice(0, store.events.length, ...keptEvents);
    for (const v of oldVersions)
      store.configs.set(
        v.projectModule,
        (store.configs.get(v.projectModule) ?? []).filter((x) => x.version !== v.version),
      );
    for (const j of [...finishedJobs, ...deadJobs]) store.queue.rows.delete(j.id);
    for (const d of oldDeliveries) store.deliveries.delete(d.id);
    return counts;
  }

  /** Versions beyond the newest `kept`, unless active or pinned by an execution still stored. */
  private prunableVersions(kept: number, survives: (id: string) => boolean) {
    const pinned = new Set(
      [...this.store.executions.values()]
        .filter((x) => survives(x.id))
        .map((x) => `${x.projectModule}\u0000${x.configVersion}`),
    );
    return [...this.store.configs.entries()].flatMap(([module, versions]) => {
      const newest = Math.max(...versions.map((v) => v.version));
      return versions.filter(
        (v) =>
          v.version <= newest - kept &&
          this.store.activeVersion.get(module) !== v.version &&
          !pinned.has(`${module}\u0000${v.version}`),
      );
    });
  }

  async heldUnsettled(now: Date, policy: RetentionPolicy): Promise<number> {
    if (policy.executionsDays === 0) return 0;
    const cutoff = daysBefore(now, policy.executionsDays);
    return [...this.store.executions.values()].filter(
      (x) => endedBefore(x, cutoff) && unsettledAfter(x).length > 0,
    ).length;
  }
}
