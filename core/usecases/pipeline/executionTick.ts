import * as E from 'fp-ts/lib/Either.js';
import type { AppError, FieldIssue } from '../../errors.js';
import type { NewEvent } from '../../domain/event.js';
import type { Execution } from '../../domain/executionRecord.js';
import { pollJob } from '../../domain/jobKinds.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { Source } from '../../domain/source.js';
import type { EventLog } from '../../ports/EventLog.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { ExecutionAdmissions } from '../../ports/ExecutionAdmissions.js';
import type { JobQueue } from '../../ports/JobQueue.js';
import type { PollRounds } from '../../ports/PollRounds.js';
import type { Tick } from '../../ports/Tick.js';
import { type AdmissionCandidate, admissionWrite, planAdmissions } from '../executions/admissionRules.js';
import type { AdmitDeps } from '../executions/admitExecution.js';
import type { ExecutionDeps } from '../executions/createExecution.js';
import { executionEvent } from '../executions/executionEvents.js';
import { draftExecution, unknownArchive } from '../executions/executionDraft.js';
import { resolveProfile } from '../profiles/resolveProfile.js';

export interface TickDeps extends AdmitDeps, ExecutionDeps {
  readonly executions: Pick<ExecutionRepository, 'write' | 'findByIdempotencyKey' | 'insert' | 'insertMany'>;
  readonly queue: JobQueue;
  readonly events: EventLog;
  readonly admissions: ExecutionAdmissions;
  readonly pollRounds: Pick<PollRounds, 'pollTargets' | 'schedulePolls'>;
}

export interface TickSettings {
  readonly everySeconds: number;
  /** Pending executions looked at per tick. */
  readonly admissionScan: number;
  /** The least time between two polls of one target, per backend kind (protects login nodes). */
  readonly pollMinSeconds: { readonly rest_remote: number; readonly batch_remote: number };
  /**
   * Poll at least this often whatever a project's poll_interval_seconds asks (still no more often
   * than pollMinSeconds). Set for mock backends only: they have no login node to protect, and a
   * person trying surveyor watches a mock run move instead of sitting a minute at `running`.
   */
  readonly pollMaxSeconds?: number;
}

/**
 * The execution tick (leader only):
 * 1. automation: for projects with automation.execution.enabled, sources that are ready and whose
 *    signature changed since they were last processed become executions (max_sources_per_execution
 *    each, at most runs_per_tick per project), once min_sources_to_trigger are waiting or the
 *    oldest has waited max_wait_minutes; they are asked to run as they are made;
 * 2. admission: those, then pending executions that were asked to run (oldest request first,
 *    admissionScan of them), are queued when their gates pass, under concurrent_runs per project
 *    and, for the scanned ones, runs_per_tick;
 * 3. polling: each backend target with work in flight gets a poll job when its interval has passed.
 *
 * Set-based: the statements a tick sends do not grow with the sources, executions or targets it
 * finds (a few per automated project, then one read or write per step for all of them). The gates
 * are `planAdmissions`, the same rules `admitExecution` applies to one execution.
 *
 * Automation that cannot create an execution (its profile or archive is gone) says why once: a
 * project event `automation.blocked` and a warning, again only when the reason or the
 * configuration version changes (or a new leader takes over: the memory is the leader's).
 */
export const executionTick = (deps: TickDeps, s: TickSettings): Tick => {
  const reported = new Map<string, string>();
  return {
    name: 'executions',
    everySeconds: s.everySeconds,
    async run(now) {
      const { made, warnings } = await automate(deps, now, reported);
      const { admitted, held } = await admit(deps, made, s.admissionScan);
      const due = (await deps.pollRounds.pollTargets()).filter((t) => {
        const asked = Math.min(t.pollIntervalSeconds, s.pollMaxSeconds ?? Number.POSITIVE_INFINITY);
        const interval = Math.max(s.pollMinSeconds[t.kind], asked);
        return !t.lastPolledAt || now.getTime() - t.lastPolledAt.getTime() >= interval * 1000;
      });
      const polls =
        due.length === 0
          ? 0
          : await deps.pollRounds.schedulePolls(
              due.map((t) => ({ target: t.target, job: pollJob(t.target, t.kind) })),
              now,
            );
      return { counts: { created: made.length, admitted, held_back: held, poll_jobs: polls }, warnings };
    },
  };
};

/**
 * Automation's executions for this tick, stored (asked to run, still pending) in one write. Reads
 * per automated project: its ready sources, and its profile when there is something to make.
 */
const automate = async (
  deps: TickDeps,
  now: Date,
  reported: Map<string, string>,
): Promise<{ made: Execution[]; warnings: string[] }> => {
  const made: { execution: Execution; events: NewEvent[] }[] = [];
  const warnings: string[] = [];
  let at: Date | null = null;
  for (const v of await deps.configs.allActive()) {
    const a = v.config.automation.execution;
    if (!a.enabled || a.archive_name === undefined) continue;
    const ready = await deps.admissions.sourcesToProcess(
      v.projectModule,
      v.config.discovery.required_flags,
      a.sources_per_tick,
    );
    if (ready.length === 0) continue;
    const oldest = Math.min(...ready.map((r) => r.discoveredAt.getTime()));
    if (ready.length < a.min_sources_to_trigger && now.getTime() - oldest < a.max_wait_minutes * 60_000)
      continue;
    const archiveName = a.archive_name;
    const profile = await resolveProfile(deps.profiles, {
      projectModule: v.projectModule,
      ...(a.deployment_profile_name !== undefined ? { name: a.deployment_profile_name } : {}),
    });
    const refused = unknownArchive(v.config, archiveName) ?? (E.isLeft(profile) ? profile.left : null);
    if (refused !== null || E.isLeft(profile)) {
      // No profile, archive gone: nothing of this project can be made until that changes.
      const warning = await reportBlocked(deps, now, reported, v.projectModule, v.version, refused!);
      if (warning) warnings.push(warning);
      continue;
    }
    reported.delete(v.projectModule);
    at ??= deps.clock.now();
    const step = a.max_sources_per_execution;
    for (let i = 0, n = 0; i < ready.length && n < a.runs_per_tick; i += step, n++) {
      const { execution, event } = draftExecution({
        id: deps.random.uuid(),
        projectModule: v.projectModule,
        configVersion: v.version,
        profile: profile.right,
        archiveName,
        sources: ready.slice(i, i + step),
        idempotencyKey: null,
        requestHash: '',
        by: 'scheduler',
        now: at,
      });
      const asked: Execution = { ...execution, doStage: true, doSubmit: true, executeRequestedAt: at };
      const request = { do_stage: true, do_submit: true, dry_run: false };
      made.push({
        execution: asked,
        events: [event, executionEvent(asked, 'execution.execute_requested', request, 'scheduler')],
      });
    }
  }
  if (at !== null && made.length > 0) await deps.executions.insertMany(made, at);
  return { made: made.map((m) => m.execution), warnings };
};

/**
 * Admission in one read of the candidates, one of their sources and one write: automation's new
 * executions first, then the scan (read past the new ones that pass, so that it still holds
 * admissionScan others). An execution that changed between the read and the write stays as it
 * is (held); its place under the caps is not given to another until the next tick.
 */
const admit = async (
  deps: TickDeps,
  made: readonly Execution[],
  scan: number,
): Promise<{ admitted: number; held: number }> => {
  const inFlight = await deps.admissions.inFlightByProject();
  const awaiting = await deps.admissions.awaitingAdmission(scan + made.length);
  const ids = [...new Set([...made, ...awaiting].flatMap((e) => e.sourceIds))];
  const sourceById = new Map((ids.length > 0 ? await deps.sources.getMany(ids) : []).map((x) => [x.id, x]));
  const pinnedOf = new Map<string, ProjectConfig | null>();
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
      out.push({ execution: e, sources, pinned: pinnedOf.get(key)!, scanned });
    }
    return out;
  };
  const first = planAdmissions(await candidates(made, false), inFlight);
  const taken = new Set(first.decisions.filter((d) => d.admitted).map((d) => d.execution.id));
  const scanned = awaiting.filter((e) => !taken.has(e.id)).slice(0, scan);
  const then = planAdmissions(await candidates(scanned, true), first.inFlight);
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

/** Records why automation cannot run, unless this reason for this version was reported already. */
const reportBlocked = async (
  deps: TickDeps,
  now: Date,
  reported: Map<string, string>,
  projectModule: string,
  version: number,
  error: AppError,
): Promise<string | null> => {
  const issues = (error.details?.issues ?? []) as readonly FieldIssue[];
  const reason = [error.message, ...issues.map((i) => i.message)].join(': ');
  const key = `${version}\n${reason}`;
  if (reported.get(projectModule) === key) return null;
  await deps.events.append(
    {
      projectModule,
      subjectType: 'project',
      subjectId: projectModule,
      kind: 'automation.blocked',
      payload: { config_version: version, reason },
      actor: 'scheduler',
    },
    now,
  );
  reported.set(projectModule, key);
  return `automation of ${projectModule} (configuration version ${version}) cannot create executions: ${reason}`;
};
