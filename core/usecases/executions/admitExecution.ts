import type { Execution } from '../../domain/executionRecord.js';
import type { Source } from '../../domain/source.js';
import type { Clock } from '../../ports/Clock.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { SourceRepository } from '../../ports/SourceRepository.js';
import { executionEvent, move } from './executionEvents.js';
import { executionBlockers } from './executionStatus.js';
import { runJob } from '../../domain/jobKinds.js';

export interface AdmitDeps {
  readonly executions: ExecutionRepository;
  readonly sources: SourceRepository;
  readonly configs: ProjectConfigRepository;
  readonly clock: Clock;
}

/** The cap that holds an execution back, in words, or null. */
export const capBlocker = (inFlight: number, concurrentRuns: number): string | null =>
  inFlight >= concurrentRuns
    ? `the project has ${inFlight} runs in flight; automation.execution.concurrent_runs allows ${concurrentRuns}`
    : null;

export type Admission =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly blockedBy: string[] };

/**
 * Moves a pending execution that was asked to run to queued, with its run job, when every gate
 * passes: its pinned configuration exists, each source is ready under that configuration's
 * required flags, and the project's concurrent_runs cap has room (`inFlight` is the project's
 * current count). Otherwise it stays pending and the reasons are returned.
 */
export const admitExecution = async (deps: AdmitDeps, e: Execution, inFlight: number): Promise<Admission> => {
  const pinned = await deps.configs.pinned(e.projectModule, e.configVersion);
  if (!pinned) return { admitted: false, blockedBy: [`configuration version ${e.configVersion} is gone`] };
  // One read for all of them, in the execution's order (a source deleted since is left out).
  const byId = new Map((await deps.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
  const sources = e.sourceIds.flatMap((id): Source[] => {
    const s = byId.get(id);
    return s ? [s] : [];
  });
  const blockedBy = executionBlockers(e, sources, pinned.discovery.required_flags);
  if (sources.length < e.sourceIds.length) blockedBy.push('a source of this execution was deleted');
  const cap = capBlocker(inFlight, pinned.automation.execution.concurrent_runs);
  if (cap) blockedBy.push(cap);
  if (blockedBy.length > 0) return { admitted: false, blockedBy };
  const r = await deps.executions.write(
    {
      id: e.id,
      expect: ['pending'],
      change: { state: move('pending', 'gates_passed'), error: null },
      events: [executionEvent(e, 'execution.queued', { do_stage: e.doStage, do_submit: e.doSubmit })],
      enqueue: runJob(e.id, e.attempt),
    },
    deps.clock.now(),
  );
  return r === 'ok'
    ? { admitted: true }
    : { admitted: false, blockedBy: ['the execution changed meanwhile'] };
};
