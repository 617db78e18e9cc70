import { maxSourcesPerExecution } from '../../domain/projectConfig.js';
import { holdShortTail, runGroups } from '../../domain/runGroups.js';
import type { AppError } from '../../errors.js';
import type { NewEvent } from '../../domain/event.js';
import type { Execution } from '../../domain/executionRecord.js';
import type { Clock } from '../../ports/Clock.js';
import type { EventLog } from '../../ports/EventLog.js';
import type { ExecutionAdmissions } from '../../ports/ExecutionAdmissions.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { Random } from '../../ports/Random.js';
import { executionEvent } from '../../domain/execution.js';
import type { Tracer } from '../../ports/Tracer.js';
import { draftExecution, traceMade } from '../executions/executionDraft.js';
import { automationReadiness, type BlockerDeps, blockerText } from './automationBlocker.js';
import {
  type AutomationRetryRule,
  automationActor,
  retryRule,
  sourceHeldKind,
} from '../../domain/automationRetry.js';

export interface AutomationDeps extends BlockerDeps {
  readonly configs: Pick<ProjectConfigRepository, 'allActive'>;
  readonly admissions: Pick<ExecutionAdmissions, 'sourcesToProcess' | 'heldUntold' | 'failedRunsIn'>;
  readonly executions: Pick<ExecutionRepository, 'insertMany'>;
  readonly events: Pick<EventLog, 'append' | 'appendMany'>;
  readonly clock: Clock;
  readonly random: Random;
  readonly tracer: Pick<Tracer, 'record'>;
}

/**
 * What automation reported as blocked, per project (the reason and configuration version), so it
 * says it once. The memory is the leader's: a new leader says it again.
 */
export type BlockedReports = Map<string, string>;

/**
 * Automation's executions for this tick, stored (asked to run, still pending) in one write. Reads
 * per automated project: its ready sources, and its profile when there is something to make.
 */
export const automateExecutions = async (
  deps: AutomationDeps,
  now: Date,
  reported: BlockedReports,
): Promise<{ made: Execution[]; warnings: string[] }> => {
  const made: { execution: Execution; events: NewEvent[] }[] = [];
  const warnings: string[] = [];
  let at: Date | null = null;
  for (const v of await deps.configs.allActive()) {
    const a = v.config.automation.execution;
    if (!a.enabled || a.archive_name === undefined) continue;
    const retry = retryRule(a, v.version, now);
    const held = await tellHeld(deps, v.projectModule, retry, now);
    if (held) warnings.push(held);
    const ready = await deps.admissions.sourcesToProcess(
      v.projectModule,
      v.config.discovery.required_flags,
      a.sources_per_tick,
      retry,
    );
    if (ready.length === 0) continue;
    const oldest = Math.min(...ready.map((r) => r.discoveredAt.getTime()));
    if (ready.length < a.min_sources_to_trigger && now.getTime() - oldest < a.max_wait_minutes * 60_000)
      continue;
    const readiness = await automationReadiness(deps, v, now);
    if (readiness.kind === 'blocked') {
      // No profile, archive gone, budget spent: nothing of this project can be made until that changes.
      const warning = await reportBlocked(deps, now, reported, v.projectModule, v.version, readiness.error);
      if (warning) warnings.push(warning);
      continue;
    }
    const { profile, archiveName } = readiness;
    reported.delete(v.projectModule);
    at ??= deps.clock.now();
    const size = Math.min(a.max_sources_per_execution, maxSourcesPerExecution);
    // Sources with a failed run at this version run alone (runGroups says why); read only when
    // runs are grouped at all.
    const alone =
      size > 1
        ? new Set((await deps.admissions.failedRunsIn(v.projectModule, v.version)).map((f) => f.id))
        : new Set<string>();
    const groups = holdShortTail(runGroups(ready, size, alone), {
      size,
      minSources: a.min_sources_to_trigger,
      maxWaitMs: a.max_wait_minutes * 60_000,
      now,
      alone,
    });
    for (const sources of groups.slice(0, a.runs_per_tick)) {
      const { execution, event } = draftExecution({
        id: deps.random.uuid(),
        projectModule: v.projectModule,
        configVersion: v.version,
        profile,
        archiveName,
        sources,
        idempotencyKey: null,
        requestHash: '',
        by: automationActor,
        now: at,
      });
      const asked: Execution = { ...execution, doStage: true, doSubmit: true, executeRequestedAt: at };
      const request = { do_stage: true, do_submit: true, dry_run: false };
      made.push({
        execution: asked,
        events: [event, executionEvent(asked, 'execution.execute_requested', request, automationActor)],
      });
    }
  }
  if (at !== null && made.length > 0) await deps.executions.insertMany(made, at);
  for (const m of made) traceMade(deps.tracer, m.execution);
  return { made: made.map((m) => m.execution), warnings };
};

/** Sources told of as held per project and tick, at most (the rest are told on the next ticks). */
const heldToldPerTick = 100;

/**
 * Tells, once each, of the sources automation stopped trying (their failed runs reached
 * max_failed_runs): an `automation.source_held` event per source, which alert rules can hear, and
 * one warning for the log. The event is also the record that it was told.
 */
const tellHeld = async (
  deps: AutomationDeps,
  projectModule: string,
  retry: AutomationRetryRule,
  now: Date,
): Promise<string | null> => {
  const held = await deps.admissions.heldUntold(projectModule, retry, heldToldPerTick);
  await deps.events.appendMany(
    held.map((h) => ({
      projectModule,
      subjectType: 'source',
      subjectId: h.id,
      kind: sourceHeldKind,
      payload: {
        source_identifier: h.sourceIdentifier,
        failed_runs: h.failed.count,
        last_execution: h.failed.lastExecutionId,
        config_version: retry.configVersion,
        why: `${h.failed.count === 1 ? 'the run' : `the ${h.failed.count} runs`} automation made of it on its data and configuration version ${retry.configVersion} failed (max_failed_runs ${retry.policy.max_failed_runs}); it tries the source again when discovery finds new data or a new configuration version is active; a retry of a failed run (exec retry-failed) runs it by hand`,
      },
      actor: automationActor,
    })),
    now,
  );
  if (held.length === 0) return null;
  const names = held.slice(0, 5).map((h) => h.sourceIdentifier);
  return `automation of ${projectModule} stopped trying ${held.length} source${held.length === 1 ? '' : 's'} after ${retry.policy.max_failed_runs} failed run${retry.policy.max_failed_runs === 1 ? '' : 's'} each: ${names.join(', ')}${held.length > names.length ? ', …' : ''}`;
};

/** Records why automation cannot run, unless this reason for this version was reported already. */
const reportBlocked = async (
  deps: AutomationDeps,
  now: Date,
  reported: BlockedReports,
  projectModule: string,
  version: number,
  error: AppError,
): Promise<string | null> => {
  const reason = blockerText(error);
  const key = `${version}\n${reason}`;
  if (reported.get(projectModule) === key) return null;
  await deps.events.append(
    {
      projectModule,
      subjectType: 'project',
      subjectId: projectModule,
      kind: 'automation.blocked',
      payload: { config_version: version, reason },
      actor: automationActor,
    },
    now,
  );
  reported.set(projectModule, key);
  return `automation of ${projectModule} (configuration version ${version}) cannot create executions: ${reason}`;
};
