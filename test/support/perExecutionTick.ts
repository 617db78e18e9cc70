// The execution tick's automation and admission as they were before they became set-based (one
// createExecution, requestExecute and admitOne after another), kept as the reference the
// set-based tick is compared with (test/unit/admissionPlan). One change: runs_per_tick counts each
// project's executions (the old loop shared one counter across projects, so a project's share
// depended on the order of projects).
import { retryRule } from '../../core/domain/automationRetry.js';
import * as E from 'fp-ts/lib/Either.js';
import { admitOne } from '../../core/usecases/admission/admitOne.js';
import { createExecution } from '../../core/usecases/executions/createExecution.js';
import { requestExecute } from '../../core/usecases/executions/requestExecute.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { SourceRepository } from '../../core/ports/SourceRepository.js';
import type { AdmitDeps } from '../../core/usecases/admission/admitOne.js';
import type { ExecutionDeps } from '../../core/usecases/executions/createExecution.js';
import type { TickDeps } from '../../core/usecases/executions/executionTick.js';

/** What the old tick used: the use cases' deps, whole repositories. */
export type PerExecutionDeps = TickDeps &
  ExecutionDeps &
  AdmitDeps & { readonly executions: ExecutionRepository; readonly sources: SourceRepository };

export const perExecutionTick = async (deps: PerExecutionDeps, admissionScan: number, now: Date) => {
  let created = 0;
  let blocked = 0;
  for (const v of await deps.configs.allActive()) {
    const a = v.config.automation.execution;
    if (!a.enabled || a.archive_name === undefined) continue;
    const ready = await deps.admissions.sourcesToProcess(
      v.projectModule,
      v.config.discovery.required_flags,
      a.sources_per_tick,
      retryRule(a, v.version, now),
    );
    if (ready.length === 0) continue;
    const oldest = Math.min(...ready.map((r) => r.discoveredAt.getTime()));
    if (ready.length < a.min_sources_to_trigger && now.getTime() - oldest < a.max_wait_minutes * 60_000)
      continue;
    let n = 0;
    for (let i = 0; i < ready.length && n < a.runs_per_tick; i += a.max_sources_per_execution) {
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
        blocked++;
        break;
      }
      await requestExecute(deps, r.right.execution.id, {}, 'scheduler');
      created++;
      n++;
    }
  }
  const inFlight = new Map(await deps.admissions.inFlightByProject());
  const admittedPerProject = new Map<string, number>();
  let admitted = 0;
  let held = 0;
  for (const e of await deps.admissions.awaitingAdmission(admissionScan)) {
    const perTick =
      (await deps.configs.pinned(e.projectModule, e.configVersion))?.automation.execution.runs_per_tick ?? 0;
    if ((admittedPerProject.get(e.projectModule) ?? 0) >= perTick) {
      held++;
      continue;
    }
    const n = inFlight.get(e.projectModule) ?? 0;
    if ((await admitOne(deps, e, n)).admitted) {
      admitted++;
      inFlight.set(e.projectModule, n + 1);
      admittedPerProject.set(e.projectModule, (admittedPerProject.get(e.projectModule) ?? 0) + 1);
    } else held++;
  }
  return { created, admitted, held_back: held, blocked };
};
