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
/** Lookups made at once: each is an SSH command or an HTTP request to a backend. */
const lookupsAtOnce = 4;
/** Executions of one target in one lookup, where the backend finds many names at once. */
const executionsPerLookup = 50;

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

type Found = readonly { attempt: number; sub: Submission }[];
type Lookup =
  | { readonly kind: 'found'; readonly found: Found }
  | { readonly kind: 'unknown'; readonly name: string; readonly error: string };

/** The names an execution's work may have: the recorded attempt's and the next ones'. */
const namesOf = (e: Execution, o: ReconcileOptions) =>
  Array.from({ length: o.attempts }, (_, i) => ({
    attempt: e.attempt + i,
    name: externalName({ id: e.id, attempt: e.attempt + i }),
  }));

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One execution's names, one after another; a failed lookup is unknown, never absent. */
const lookUpEach = async (deps: ReconcileDeps, e: Execution, o: ReconcileOptions): Promise<Lookup> => {
  const backend = deps.backends.get(e.profileSnapshot.deployment.kind);
  const found: { attempt: number; sub: Submission }[] = [];
  for (const { attempt, name } of namesOf(e, o)) {
    try {
      const sub = await backend.find(e.profileSnapshot, name, o.signal);
      if (sub) found.push({ attempt, sub });
    } catch (err) {
      return { kind: 'unknown', name, error: messageOf(err) };
    }
  }
  return { kind: 'found', found };
};

/**
 * Executions of one deployment, every name of theirs in one lookup where the backend finds many at
 * once (a failure leaves all of them unknown), else each on its own.
 */
const lookUp = async (
  deps: ReconcileDeps,
  es: readonly Execution[],
  o: ReconcileOptions,
): Promise<Lookup[]> => {
  const profile = es[0]!.profileSnapshot;
  const backend = deps.backends.get(profile.deployment.kind);
  if (!backend.findAll) return Promise.all(es.map((e) => lookUpEach(deps, e, o)));
  const names = es.map((e) => namesOf(e, o));
  try {
    const found = await backend.findAll(
      profile,
      names.flat().map((n) => n.name),
      o.signal,
    );
    return names.map((ns) => ({
      kind: 'found',
      found: ns.flatMap(({ attempt, name }) => {
        const sub = found.get(name);
        return sub ? [{ attempt, sub }] : [];
      }),
    }));
  } catch (err) {
    return names.map((ns) => ({ kind: 'unknown', name: ns[0]!.name, error: messageOf(err) }));
  }
};

/**
 * What to look up together: executions of one deployment (its target, and the paths its records
 * name), `executionsPerLookup` at a time, where the backend finds many names at once; any other
 * execution alone.
 */
const lookupGroups = (deps: ReconcileDeps, todo: readonly Execution[]): Execution[][] => {
  const groups: Execution[][] = [];
  const byDeployment = new Map<string, Execution[]>();
  for (const e of todo) {
    if (!deps.backends.get(e.profileSnapshot.deployment.kind).findAll) {
      groups.push([e]);
      continue;
    }
    const key = JSON.stringify(e.profileSnapshot.deployment);
    const group = byDeployment.get(key) ?? [];
    if (group.length === 0) byDeployment.set(key, group);
    group.push(e);
  }
  for (const es of byDeployment.values())
    for (let i = 0; i < es.length; i += executionsPerLookup)
      groups.push(es.slice(i, i + executionsPerLookup));
  return groups;
};

/** Records the latest attempt found as submitted and running, with its first poll round. */
const adopt = async (
  deps: ReconcileDeps,
  e: Execution,
  found: Found,
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
  const groups = lookupGroups(deps, todo);
  for (let i = 0; i < groups.length; i += lookupsAtOnce) {
    if (o.signal?.aborted) throw new Error('the restore check was stopped');
    await Promise.all(
      groups.slice(i, i + lookupsAtOnce).map(async (es) => {
        const lookups = await lookUp(deps, es, o);
        for (const [k, e] of es.entries()) {
          const l = lookups[k]!;
          if (l.kind === 'unknown')
            unknown.push({ execution_id: e.id, external_name: l.name, error: l.error });
          else if (l.found.length === 0) nothing++;
          else {
            const r = await adopt(deps, e, l.found, o.dryRun);
            if (r === 'changed') changed++;
            else adopted.push(r);
          }
        }
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
