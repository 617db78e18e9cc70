import * as E from 'fp-ts/lib/Either.js';
import type { AppError, FieldIssue } from '../../errors.js';
import type { EventLog } from '../../ports/EventLog.js';
import type { JobQueue } from '../../ports/JobQueue.js';
import type { Tick } from '../../ports/Tick.js';
import { type AdmitDeps, admitExecution } from '../executions/admitExecution.js';
import { type ExecutionDeps, createExecution } from '../executions/createExecution.js';
import { pollJob } from '../../domain/jobKinds.js';
import { requestExecute } from '../executions/requestExecute.js';

export interface TickDeps extends AdmitDeps, ExecutionDeps {
  readonly queue: JobQueue;
  readonly events: EventLog;
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
 *    each, at most runs_per_tick), once min_sources_to_trigger are waiting or the oldest has waited
 *    max_wait_minutes; they are asked to run at once;
 * 2. admission: pending executions that were asked to run are queued when their gates pass, under
 *    concurrent_runs per project and runs_per_tick;
 * 3. polling: each backend target with work in flight gets a poll job when its interval has passed.
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
      const { created, warnings } = await automate(deps, now, reported);
      const inFlight = new Map(await deps.executions.inFlightByProject());
      const admittedPerProject = new Map<string, number>();
      let admitted = 0;
      let held = 0;
      // One configuration read per pinned version, not per execution.
      const perTickOf = new Map<string, number>();
      for (const e of await deps.executions.awaitingAdmission(s.admissionScan)) {
        const key = `${e.projectModule}@${e.configVersion}`;
        if (!perTickOf.has(key))
          perTickOf.set(
            key,
            (await deps.configs.pinned(e.projectModule, e.configVersion))?.automation.execution
              .runs_per_tick ?? 0,
          );
        const perTick = perTickOf.get(key)!;
        if ((admittedPerProject.get(e.projectModule) ?? 0) >= perTick) {
          held++;
          continue;
        }
        const n = inFlight.get(e.projectModule) ?? 0;
        const a = await admitExecution(deps, e, n);
        if (a.admitted) {
          admitted++;
          inFlight.set(e.projectModule, n + 1);
          admittedPerProject.set(e.projectModule, (admittedPerProject.get(e.projectModule) ?? 0) + 1);
        } else held++;
      }
      let polls = 0;
      for (const t of await deps.executions.pollTargets()) {
        const asked = Math.min(t.pollIntervalSeconds, s.pollMaxSeconds ?? Number.POSITIVE_INFINITY);
        const interval = Math.max(s.pollMinSeconds[t.kind], asked);
        if (t.lastPolledAt && now.getTime() - t.lastPolledAt.getTime() < interval * 1000) continue;
        if ((await deps.queue.enqueue(pollJob(t.target, t.kind), now)).created) polls++;
      }
      return { counts: { created, admitted, held_back: held, poll_jobs: polls }, warnings };
    },
  };
};

const automate = async (
  deps: TickDeps,
  now: Date,
  reported: Map<string, string>,
): Promise<{ created: number; warnings: string[] }> => {
  let created = 0;
  const warnings: string[] = [];
  for (const v of await deps.configs.allActive()) {
    const a = v.config.automation.execution;
    if (!a.enabled || a.archive_name === undefined) continue;
    const ready = await deps.executions.sourcesToProcess(
      v.projectModule,
      v.config.discovery.required_flags,
      a.sources_per_tick,
    );
    if (ready.length === 0) continue;
    const oldest = Math.min(...ready.map((r) => r.discoveredAt.getTime()));
    if (ready.length < a.min_sources_to_trigger && now.getTime() - oldest < a.max_wait_minutes * 60_000)
      continue;
    for (let i = 0; i < ready.length && created < a.runs_per_tick; i += a.max_sources_per_execution) {
      const group = ready.slice(i, i + a.max_sources_per_execution);
      const r = await createExecution(
        deps,
        {
          project_module: v.projectModule,
          sources: group.map((g) => ({ source_identifier: g.sourceIdentifier })),
          archive_name: a.archive_name,
          ...(a.deployment_profile_name !== undefined
            ? { deployment_profile_name: a.deployment_profile_name }
            : {}),
        },
        { requestHash: '', by: 'scheduler' },
      );
      if (E.isLeft(r)) {
        // No profile, archive gone: the same for every group of this project.
        const warning = await reportBlocked(deps, now, reported, v.projectModule, v.version, r.left);
        if (warning) warnings.push(warning);
        break;
      }
      reported.delete(v.projectModule);
      await requestExecute(deps, r.right.execution.id, {}, 'scheduler');
      created++;
    }
  }
  return { created, warnings };
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
