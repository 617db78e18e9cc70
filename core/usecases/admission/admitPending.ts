import type { Execution } from '../../domain/executionRecord.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import { maxQueuedJobsOf } from '../../domain/profile.js';
import type { Source } from '../../domain/source.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionAdmissions } from '../../ports/ExecutionAdmissions.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { ProfilePauses } from '../../ports/ProfilePauses.js';
import { holdingPause, type ProfilePause } from '../../domain/profilePause.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import type { BudgetState } from '../../domain/budget.js';
import { type BudgetDeps, readBudget } from '../budgets/readBudget.js';
import { type AdmissionCandidate, admissionWrite, planAdmissions } from './admissionRules.js';

export interface AdmissionDeps extends BudgetDeps {
  readonly admissions: Pick<
    ExecutionAdmissions,
    'inFlightByProject' | 'inFlightByProfile' | 'awaitingAdmission' | 'admitMany'
  >;
  readonly sources: Pick<SourceRepository, 'getMany'>;
  readonly configs: Pick<ProjectConfigRepository, 'pinned' | 'active'>;
  readonly pauses: Pick<ProfilePauses, 'all'>;
  readonly clock: Clock;
}

/** The budgets of the projects of these executions (one read of each project's active version, and two of its usage when it has a budget). */
export const budgetsOf = async (
  deps: Pick<AdmissionDeps, 'usage' | 'configs' | 'clock'>,
  es: readonly Execution[],
): Promise<Map<string, BudgetState | null>> => {
  const out = new Map<string, BudgetState | null>();
  const projects = new Set(es.filter((e) => e.doSubmit !== false).map((e) => e.projectModule));
  if (projects.size === 0) return out;
  const now = deps.clock.now();
  for (const p of projects)
    out.set(p, await readBudget(deps, p, (await deps.configs.active(p))?.config ?? null, now));
  return out;
};

/**
 * Admission in one read of the candidates, one of their sources and one write: automation's new
 * executions first, then the scan (read past the new ones that pass, so that it still holds
 * admissionScan others). An execution that changed between the read and the write stays as it
 * is (held); its place under the caps is not given to another until the next tick.
 */
export const admitPending = async (
  deps: AdmissionDeps,
  made: readonly Execution[],
  scan: number,
): Promise<{ admitted: number; held: number }> => {
  const inFlight = await deps.admissions.inFlightByProject();
  const awaiting = await deps.admissions.awaitingAdmission(scan + made.length);
  const ids = [...new Set([...made, ...awaiting].flatMap((e) => e.sourceIds))];
  const sourceById = new Map((ids.length > 0 ? await deps.sources.getMany(ids) : []).map((x) => [x.id, x]));
  const pinnedOf = new Map<string, ProjectConfig | null>();
  // Pauses are few (an operator's acts): one read of them all, judged at one time.
  const now = deps.clock.now();
  const pauses =
    made.length + awaiting.length > 0
      ? new Map((await deps.pauses.all()).map((p) => [p.profileId, p]))
      : new Map<string, ProfilePause>();
  const candidates = async (list: readonly Execution[], scanned: boolean) => {
    const out: AdmissionCandidate[] = [];
    for (const e of list) {
      // One read per pinned version, not per execution (and the repository keeps them).
      const key = `${e.projectModule}@${e.configVersion}`;
      if (!pinnedOf.has(key)) pinnedOf.set(key, await deps.configs.pinned(e.projectModule, e.configVersion));
      const sources = e.sourceIds.flatMap((id): Source[] => {
        const x = sourceById.get(id);
        return x ? [x] : [];
      });
      const pause = e.profileId === null ? null : holdingPause(pauses.get(e.profileId) ?? null, now);
      out.push({ execution: e, sources, pinned: pinnedOf.get(key)!, scanned, pause });
    }
    return out;
  };
  const budgets = await budgetsOf(deps, [...made, ...awaiting]);
  // Per profile only when one of them caps its runs (max_queued_jobs): a read the tick skips otherwise.
  const capped = [...made, ...awaiting].some((e) => maxQueuedJobsOf(e.profileSnapshot) !== null);
  const byProfile = capped ? await deps.admissions.inFlightByProfile() : new Map<string, number>();
  const first = planAdmissions(await candidates(made, false), inFlight, budgets, byProfile);
  const taken = new Set(first.decisions.filter((d) => d.admitted).map((d) => d.execution.id));
  const scanned = awaiting.filter((e) => !taken.has(e.id)).slice(0, scan);
  const then = planAdmissions(
    await candidates(scanned, true),
    first.inFlight,
    first.budgets,
    first.profileInFlight,
  );
  const chosen = [...first.decisions, ...then.decisions].filter((d) => d.admitted);
  const moved =
    chosen.length > 0
      ? await deps.admissions.admitMany(
          chosen.map((d) => ({ id: d.execution.id, ...admissionWrite(d.execution) })),
          deps.clock.now(),
        )
      : new Set<string>();
  const admitted = then.decisions.filter((d) => d.admitted && moved.has(d.execution.id)).length;
  return { admitted, held: scanned.length - admitted };
};
