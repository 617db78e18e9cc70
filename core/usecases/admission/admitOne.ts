import { type Execution, withChange } from '../../domain/executionRecord.js';
import type { Source } from '../../domain/source.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import type { ProfilePauses } from '../../ports/ProfilePauses.js';
import type { ExecutionAdmissions } from '../../ports/ExecutionAdmissions.js';
import { maxQueuedJobsOf } from '../../domain/profile.js';
import { holdingPause } from '../../domain/profilePause.js';
import { type BudgetDeps, readBudget } from '../budgets/readBudget.js';
import { admissionBlockers, admissionWrite } from './admissionRules.js';

export interface AdmitDeps extends BudgetDeps {
  readonly executions: Pick<ExecutionRepository, 'write'>;
  readonly sources: SourceRepository;
  readonly configs: ProjectConfigRepository;
  readonly pauses: Pick<ProfilePauses, 'of'>;
  readonly admissions: Pick<ExecutionAdmissions, 'inFlightOfProfile'>;
  readonly clock: Clock;
}

/** The runs in flight of an execution's profile, read only when the profile caps them (max_queued_jobs). */
export const profileInFlightOf = async (
  deps: Pick<AdmitDeps, 'admissions'>,
  e: Execution,
): Promise<number> =>
  e.profileId === null || maxQueuedJobsOf(e.profileSnapshot) === null
    ? 0
    : deps.admissions.inFlightOfProfile(e.profileId);

/**
 * The pause of the profile an execution runs with that holds at `now` (null: none, over or still
 * ahead, no live profile, or a dry run, which it never holds).
 */
export const pauseOf = async (deps: Pick<AdmitDeps, 'pauses'>, e: Execution, now: Date) =>
  e.profileId === null || e.doSubmit === false ? null : holdingPause(await deps.pauses.of(e.profileId), now);

/** The budget an execution's run is held to (none for a dry run, which submits nothing). */
export const budgetOf = async (deps: AdmitDeps, e: Execution, now: Date) =>
  e.doSubmit === false
    ? null
    : readBudget(deps, e.projectModule, (await deps.configs.active(e.projectModule))?.config ?? null, now);

export type Admission =
  | { readonly admitted: true; readonly execution: Execution }
  | { readonly admitted: false; readonly blockedBy: string[] };

/**
 * Moves a pending execution that was asked to run to queued, with its run job, when every gate
 * passes: its pinned configuration exists, each source is ready under that configuration's
 * required flags, and the project's concurrent_runs cap has room (`inFlight` is the project's
 * current count). Otherwise it stays pending and the reasons are returned.
 */
export const admitOne = async (deps: AdmitDeps, e: Execution, inFlight: number): Promise<Admission> => {
  const pinned = await deps.configs.pinned(e.projectModule, e.configVersion);
  // One read for all of them, in the execution's order (a source deleted since is left out).
  const byId = new Map((await deps.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
  const sources = e.sourceIds.flatMap((id): Source[] => {
    const s = byId.get(id);
    return s ? [s] : [];
  });
  const now = deps.clock.now();
  const blockedBy = admissionBlockers(
    e,
    sources,
    pinned,
    inFlight,
    await budgetOf(deps, e, now),
    await pauseOf(deps, e, now),
    await profileInFlightOf(deps, e),
  );
  if (blockedBy.length > 0) return { admitted: false, blockedBy };
  const w = admissionWrite(e);
  const change = { state: w.state, error: null };
  const r = await deps.executions.write(
    { id: e.id, expect: ['pending'], change, events: w.events, enqueue: w.job },
    now,
  );
  return r === 'ok'
    ? { admitted: true, execution: withChange(e, change, now) }
    : { admitted: false, blockedBy: ['the execution changed meanwhile'] };
};
