import { executionEvent, transition, unsubmittedStates } from '../../domain/execution.js';
import type { Execution, ExecutionChange } from '../../domain/executionRecord.js';
import { externalName } from '../../domain/externalWork.js';
import type { PollSpacing } from '../../domain/pollRound.js';
import type { Clock } from '../../ports/Clock.js';
import type { DeploymentBackends, Submission } from '../../ports/DeploymentBackend.js';
import type { ExecutionRepository } from '../../ports/ExecutionRepository.js';
import { pollRound } from '../poll/pollJob.js';
import { runJobKeyPrefix } from '../run/runJob.js';

export interface ReconcileDeps {
  readonly executions: Pick<ExecutionRepository, 'list' | 'write'>;
  readonly backends: DeploymentBackends;
  readonly clock: Clock;
  readonly pollSpacing: PollSpacing;
}

export interface ReconcileOptions {
  /** Looks everything up and reports what it would adopt; changes nothing. */
  readonly dryRun: boolean;
  /** Attempts looked up per execution: its recorded one and those a retry since the backup made. */
  readonly attempts: number;
  readonly signal?: AbortSignal;
}

/** An execution whose work the backend had: it runs on from there, polled, never submitted again. */
export interface AdoptedRun {
  readonly execution_id: string;
  readonly project_module: string;
  /** What the restored tables said. */
  readonly from_state: string;
  readonly from_attempt: number;
  /** The attempt adopted: the latest whose work the backend has. */
  readonly attempt: number;
  readonly external_name: string;
  readonly scheduler_job_id: string;
  /** Earlier attempts the backend also had (they ran after the backup and ended before a retry). */
  readonly earlier_attempts_found: readonly number[];
}

/** An execution whose lookup failed: whether its work exists is unknown, so it is not run yet. */
export interface UnknownRun {
  readonly execution_id: string;
  readonly external_name: string;
  readonly error: string;
}

export interface RestoreReport {
  readonly dry_run: boolean;
  /** Executions whose restored state says nothing of theirs was submitted. */
  readonly checked: number;
  readonly adopted: readonly AdoptedRun[];
  /** Looked up, nothing found: they run as usual. */
  readonly nothing_found: number;
  /** Moved by someone else between the lookup and the write (nothing adopted for them). */
  readonly changed_meanwhile: number;
  readonly unknown: readonly UnknownRun[];
}

const pageSize = 200;
/** Executions looked up at once: each lookup is an SSH command or an HTTP request to a backend. */
const lookupsAtOnce = 4;

const candidates = async (deps: ReconcileDeps): Promise<Execution[]> => {
  const all: Execution[] = [];
  for (const state of unsubmittedStates) {
    let cursor: string | null = null;
    do {
      const page = await deps.executions.list({ state }, pageSize, cursor);
      if (page === 'bad_cursor') throw new Error('the execution list lost its place while reading it');
      all.push(...page.items.filter((e) => e.doSubmit !== false));
      cursor = page.nextCursor;
    } while (cursor !== null);
  }
  return all;
};

type Lookup =
  | { readonly kind: 'found'; readonly found: readonly { attempt: number; sub: Submission }[] }
  | { readonly kind: 'unknown'; readonly name: string; readonly error: string };

/** Each attempt's deterministic name, from the recorded attempt on; a failed lookup is unknown, never absent. */
const lookUp = async (deps: ReconcileDeps, e: Execution, o: ReconcileOptions): Promise<Lookup> => {
  const backend = deps.backends.get(e.profileSnapshot.deployment.kind);
  const found: { attempt: number; sub: Submission }[] = [];
  for (let attempt = e.attempt; attempt < e.attempt + o.attempts; attempt++) {
    const name = externalName({ id: e.id, attempt });
    try {
      const sub = await backend.find(e.profileSnapshot, name, o.signal);
      if (sub) found.push({ attempt, sub });
    } catch (err) {
      return { kind: 'unknown', name, error: err instanceof Error ? err.message : String(err) };
    }
  }
  return { kind: 'found', found };
};

/** Records the latest attempt found as submitted and running, with its first poll round. */
const adopt = async (
  deps: ReconcileDeps,
  e: Execution,
  found: readonly { attempt: number; sub: Submission }[],
  dryRun: boolean,
): Promise<AdoptedRun | 'changed'> => {
  const { attempt, sub } = found[found.length - 1]!;
  const backend = deps.backends.get(e.profileSnapshot.deployment.kind);
  const adopted: AdoptedRun = {
    execution_id: e.id,
    project_module: e.projectModule,
    from_state: e.state,
    from_attempt: e.attempt,
    attempt,
    external_name: externalName({ id: e.id, attempt }),
    scheduler_job_id: sub.schedulerJobId,
    earlier_attempts_found: found.slice(0, -1).map((f) => f.attempt),
  };
  if (dryRun) return adopted;
  const now = deps.clock.now();
  const target = backend.target(e.profileSnapshot);
  const moved = transition(e.state, 'adopted_after_restore');
  const change: ExecutionChange = {
    state: moved.state,
    attempt,
    schedulerJobId: sub.schedulerJobId,
    runRecord: {
      ...(attempt === e.attempt ? e.runRecord : {}),
      submission: sub.runRecord,
      adopted_after_restore: {
        at: now.toISOString(),
        from_state: e.state,
        from_attempt: e.attempt,
        earlier_attempts_found: adopted.earlier_attempts_found,
      },
    },
    debug: sub.debug,
    error: null,
    submittedAt: now,
    backendTarget: target,
  };
  const event = executionEvent({ ...e, attempt }, moved.kind, {
    scheduler_job_id: sub.schedulerJobId,
    adopted: true,
    after_restore: true,
    from_state: e.state,
    from_attempt: e.attempt,
  });
  const r = await deps.executions.write(
    {
      id: e.id,
      expect: [e.state],
      change,
      events: [event],
      pollRound: pollRound(target, e.profileSnapshot.deployment.kind, deps.pollSpacing),
      // A queued run job would find the execution running and stop; cancelled, it is not even claimed.
      cancelJobsWithKeyPrefix: runJobKeyPrefix(e.id),
    },
    now,
  );
  return r === 'ok' ? adopted : 'changed';
};

/**
 * After a restore (or a promotion that may have lost the last commits): every execution the
 * database holds as not yet submitted is looked up on its backend under its deterministic names
 * (the recorded attempt and the next ones), and the latest attempt found is adopted (the run is
 * recorded as submitted and polled) instead of being staged and submitted again. Nothing found:
 * the execution runs as usual. A lookup that fails is reported as unknown, never read as absent.
 */
export const reconcileRestore = async (deps: ReconcileDeps, o: ReconcileOptions): Promise<RestoreReport> => {
  const todo = await candidates(deps);
  const adopted: AdoptedRun[] = [];
  const unknown: UnknownRun[] = [];
  let nothing = 0;
  let changed = 0;
  for (let i = 0; i < todo.length; i += lookupsAtOnce) {
    if (o.signal?.aborted) throw new Error('the restore check was stopped');
    await Promise.all(
      todo.slice(i, i + lookupsAtOnce).map(async (e) => {
        const l = await lookUp(deps, e, o);
        if (l.kind === 'unknown') {
          unknown.push({ execution_id: e.id, external_name: l.name, error: l.error });
          return;
        }
        if (l.found.length === 0) {
          nothing++;
          return;
        }
        const r = await adopt(deps, e, l.found, o.dryRun);
        if (r === 'changed') changed++;
        else adopted.push(r);
      }),
    );
  }
  return {
    dry_run: o.dryRun,
    checked: todo.length,
    adopted,
    nothing_found: nothing,
    changed_meanwhile: changed,
    unknown,
  };
};
