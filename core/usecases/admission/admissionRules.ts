import { type BudgetState, budgetBlocker, withAdmitted } from '../../domain/budget.js';
import type { Execution } from '../../domain/executionRecord.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import { queuedCapBlocker } from '../../domain/profile.js';
import { type ProfilePause, pauseBlocker } from '../../domain/profilePause.js';
import type { Source, SourceState } from '../../domain/source.js';
import { runJob } from '../run/runJob.js';
import { executionEvent, transition } from '../../domain/execution.js';
import { executionBlockers } from '../executions/executionStatus.js';

/** The cap that holds an execution back, in words, or null. */
const capBlocker = (inFlight: number, concurrentRuns: number): string | null =>
  inFlight >= concurrentRuns
    ? `the project has ${inFlight} runs in flight; automation.execution.concurrent_runs allows ${concurrentRuns}`
    : null;

/**
 * Why a pending execution asked to run may not be queued yet (empty: it may): its pinned
 * configuration must exist, each of its sources be ready under that configuration's required flags
 * (`sources` are those still there, in the execution's order), and the project's concurrent_runs
 * cap have room (`inFlight` is the project's count), and a run that submits fit in the project's
 * budget, when it has one (`budget`: domain/budget.ts), and not go to a paused profile (`pause`:
 * the profile's pause that holds now, domain/profilePause.ts `holdingPause`), nor past its
 * profile's max_queued_jobs (`profileInFlight`: the profile's runs in flight).
 */
export const admissionBlockers = (
  e: Execution,
  sources: readonly SourceState[],
  pinned: ProjectConfig | null,
  inFlight: number,
  budget: BudgetState | null = null,
  pause: ProfilePause | null = null,
  profileInFlight = 0,
): string[] => {
  if (!pinned) return [`configuration version ${e.configVersion} is gone`];
  const blockedBy = executionBlockers(e, sources, pinned.discovery.required_flags);
  if (sources.length < e.sourceIds.length) blockedBy.push('a source of this execution was deleted');
  return [...blockedBy, ...gateBlockers(e, pinned, inFlight, budget, pause, profileInFlight)];
};

/**
 * The gates past readiness, in the order they are told: the project's concurrent_runs cap, its
 * budget, a pause of the profile, the profile's max_queued_jobs. Admission and an execution's
 * status both read them here.
 */
export const gateBlockers = (
  e: Execution,
  pinned: ProjectConfig,
  inFlight: number,
  budget: BudgetState | null,
  pause: ProfilePause | null,
  profileInFlight: number,
): string[] =>
  [
    capBlocker(inFlight, pinned.automation.execution.concurrent_runs),
    budgetBlocker(budget, { doSubmit: e.doSubmit, profile: e.profileSnapshot }),
    pauseBlocker(pause, e),
    // A dry run submits nothing, so it holds no job at the site.
    e.doSubmit === false ? null : queuedCapBlocker(e.profileSnapshot, profileInFlight),
  ].filter((b): b is string => b !== null);

export interface AdmissionCandidate {
  readonly execution: Execution;
  readonly sources: readonly Source[];
  readonly pinned: ProjectConfig | null;
  /** Its profile's pause, when one holds now (`holdingPause`). */
  readonly pause?: ProfilePause | null;
  /**
   * A candidate from the tick's scan counts against runs_per_tick; one that automation created in
   * this tick does not (it was asked to run as it was made, like a request through the API).
   */
  readonly scanned: boolean;
}

export interface AdmissionDecision {
  readonly execution: Execution;
  readonly admitted: boolean;
  readonly scanned: boolean;
}

/**
 * The tick's admission rules over a whole list at once, in order: a scanned candidate is held once
 * its project admitted runs_per_tick scanned ones in this tick (0 when its configuration is gone);
 * any candidate is admitted when no gate blocks it, and then counts in its project's runs in
 * flight (and its estimate in its project's budget). `inFlight` is each project's count before
 * these, `budgets` each project's budget (absent: none); the counts and budgets after them are
 * returned. The same rules as one `admitOne` after another (test/unit/admissionPlan compares them).
 */
export const planAdmissions = (
  candidates: readonly AdmissionCandidate[],
  inFlight: ReadonlyMap<string, number>,
  budgets: ReadonlyMap<string, BudgetState | null> = new Map(),
  profileInFlight: ReadonlyMap<string, number> = new Map(),
): {
  decisions: AdmissionDecision[];
  inFlight: ReadonlyMap<string, number>;
  budgets: ReadonlyMap<string, BudgetState | null>;
  profileInFlight: ReadonlyMap<string, number>;
} => {
  const running = new Map(inFlight);
  const byProfile = new Map(profileInFlight);
  const budget = new Map(budgets);
  const admittedInTick = new Map<string, number>();
  const decisions = candidates.map((c) => {
    const project = c.execution.projectModule;
    const perTick = c.pinned?.automation.execution.runs_per_tick ?? 0;
    if (c.scanned && (admittedInTick.get(project) ?? 0) >= perTick)
      return { execution: c.execution, admitted: false, scanned: true };
    const n = running.get(project) ?? 0;
    const b = budget.get(project) ?? null;
    const profile = c.execution.profileId;
    const p = profile === null ? 0 : (byProfile.get(profile) ?? 0);
    const admitted =
      admissionBlockers(c.execution, c.sources, c.pinned, n, b, c.pause ?? null, p).length === 0;
    if (admitted) {
      running.set(project, n + 1);
      if (profile !== null) byProfile.set(profile, p + 1);
      if (b)
        budget.set(
          project,
          withAdmitted(b, { doSubmit: c.execution.doSubmit, profile: c.execution.profileSnapshot }),
        );
      if (c.scanned) admittedInTick.set(project, (admittedInTick.get(project) ?? 0) + 1);
    }
    return { execution: c.execution, admitted, scanned: c.scanned };
  });
  return { decisions, inFlight: running, budgets: budget, profileInFlight: byProfile };
};

/** What admitting an execution writes: its new state, its event and its run job. */
export const admissionWrite = (e: Execution) => {
  const m = transition('pending', 'gates_passed');
  return {
    state: m.state,
    events: [executionEvent(e, m.kind, { do_stage: e.doStage, do_submit: e.doSubmit })],
    job: runJob.request({ execution_id: e.id, attempt: e.attempt }),
  };
};
