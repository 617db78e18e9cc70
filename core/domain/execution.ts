import type { NewEvent } from './event.js';
/**
 * The execution state machine, as data. An execution waits in `pending` until it is asked to run
 * and its gates pass (configuration active, every source ready, caps allow); then its run goes
 * through staging -> translating (manifest, graph, patches, translation) -> submitting -> running
 * (polled) to a terminal state. Every transition is one transaction with its event.
 */
export const executionStates = [
  'pending',
  'queued',
  'staging',
  'translating',
  'submitting',
  'running',
  'cancelling',
  'completed',
  'failed',
  'cancelled',
] as const;
export type ExecutionState = (typeof executionStates)[number];

/** The states of a run on its way to its backend: taken by a worker, not yet submitted. */
export const beforeTheBackend = ['queued', 'staging', 'translating', 'submitting'] as const;
/** The states of an execution none of whose attempts was submitted (a dry run ends without one). */
export const unsubmittedStates = ['pending', ...beforeTheBackend] as const;

export const terminalStates: ReadonlySet<ExecutionState> = new Set(['completed', 'failed', 'cancelled']);

export type ExecutionTrigger =
  | 'gates_passed' // the execute request is in and every gate passes: a job is queued
  | 'run_started' // a worker took the job and stages data
  | 'staging_skipped' // do_stage false
  | 'staged'
  | 'dry_run_finished' // do_submit false: manifest and graph built, nothing submitted
  | 'translated'
  | 'submitted'
  | 'backend_finished'
  | 'backend_failed'
  | 'backend_cancelled'
  | 'failed' // an error in our own steps
  | 'cancel_requested'
  | 'retry_requested'
  | 'adopted_after_restore'; // a restored database's execution whose work the backend already has

export interface TransitionRule {
  readonly from: readonly ExecutionState[];
  readonly on: ExecutionTrigger;
  readonly to: ExecutionState;
  /** The event every such move appends to the execution's stream. */
  readonly event: string;
  readonly why: string;
}

// Before submission nothing runs outside: cancel ends the execution at once. From submission on, a
// remote session or job may exist: cancel asks the backend and waits for it to confirm.
const beforeSubmit: ExecutionState[] = ['pending', 'queued', 'staging', 'translating'];

export const transitionRules: readonly TransitionRule[] = [
  {
    from: ['pending'],
    on: 'gates_passed',
    event: 'execution.queued',
    to: 'queued',
    why: 'asked to run and every gate passes',
  },
  {
    from: ['queued'],
    on: 'run_started',
    event: 'execution.staging',
    to: 'staging',
    why: 'a worker stages the data',
  },
  {
    from: ['queued'],
    on: 'staging_skipped',
    event: 'execution.staging_skipped',
    to: 'translating',
    why: 'do_stage is false',
  },
  { from: ['staging'], on: 'staged', event: 'execution.staged', to: 'translating', why: 'data staged' },
  {
    from: ['translating'],
    on: 'dry_run_finished',
    event: 'execution.dry_run_completed',
    to: 'completed',
    why: 'do_submit is false: nothing submitted',
  },
  {
    from: ['translating'],
    on: 'translated',
    event: 'execution.translated',
    to: 'submitting',
    why: 'manifest, graph and translation ready',
  },
  {
    from: ['submitting'],
    on: 'submitted',
    event: 'execution.submitted',
    to: 'running',
    why: 'the backend accepted the work',
  },
  {
    from: ['running', 'cancelling'],
    on: 'backend_finished',
    event: 'execution.completed',
    to: 'completed',
    why: 'the backend reports success',
  },
  {
    from: ['running', 'cancelling'],
    on: 'backend_failed',
    event: 'execution.failed',
    to: 'failed',
    why: 'the backend reports failure',
  },
  {
    from: ['running', 'cancelling'],
    on: 'backend_cancelled',
    event: 'execution.cancelled',
    to: 'cancelled',
    why: 'the backend confirms the cancel',
  },
  {
    from: beforeTheBackend,
    on: 'failed',
    event: 'execution.failed',
    to: 'failed',
    why: 'a step of ours failed for good',
  },
  {
    from: beforeSubmit,
    on: 'cancel_requested',
    to: 'cancelled',
    event: 'execution.cancelled',
    why: 'nothing was submitted yet',
  },
  {
    from: ['submitting', 'running'],
    on: 'cancel_requested',
    to: 'cancelling',
    event: 'execution.cancel_requested',
    why: 'the backend must confirm',
  },
  {
    from: ['failed', 'cancelled'],
    on: 'retry_requested',
    event: 'execution.retried',
    to: 'pending',
    why: 'a new attempt, gated as before',
  },
  {
    from: [...beforeSubmit, 'submitting'],
    on: 'adopted_after_restore',
    event: 'execution.submitted',
    to: 'running',
    why: 'restored from a backup older than its submission: its work is on the backend',
  },
];

/** The rule of the move `trigger` makes from `from`, or null when that transition is not allowed. */
export const transitionOf = (from: ExecutionState, trigger: ExecutionTrigger): TransitionRule | null =>
  transitionRules.find((r) => r.on === trigger && r.from.includes(from)) ?? null;

/** The state `trigger` leads to from `from`, or null when that transition is not allowed. */
/** An event about an execution, for the same transaction as the change it records. */
export const executionEvent = (
  e: { readonly id: string; readonly projectModule: string; readonly attempt: number },
  kind: string,
  payload: Readonly<Record<string, unknown>>,
  actor: string | null = null,
): NewEvent => ({
  projectModule: e.projectModule,
  subjectType: 'execution',
  subjectId: e.id,
  kind,
  payload: { attempt: e.attempt, ...payload },
  actor,
});

/**
 * One step of the state machine: the state a trigger leads to and the kind of the event the
 * transition table pairs with it; throwing here means a bug in a use case, not a user error.
 */
export const transition = (
  from: ExecutionState,
  trigger: ExecutionTrigger,
): { state: ExecutionState; kind: string } => {
  const rule = transitionOf(from, trigger);
  if (rule === null) throw new Error(`no transition from ${from} on ${trigger}`);
  return { state: rule.to, kind: rule.event };
};

export const nextState = (from: ExecutionState, trigger: ExecutionTrigger): ExecutionState | null =>
  transitionOf(from, trigger)?.to ?? null;

/** The triggers allowed in a state: what the API may offer for it. */
export const allowedTriggers = (state: ExecutionState): ExecutionTrigger[] =>
  transitionRules.filter((r) => r.from.includes(state)).map((r) => r.on);

/** The SPEC's phases, for summaries: where in stage -> translate -> submit -> poll a state is. */
export const phaseOf = (
  s: ExecutionState,
): 'waiting' | 'stage' | 'translate' | 'submit' | 'poll' | 'terminal' =>
  s === 'pending' || s === 'queued'
    ? 'waiting'
    : s === 'staging'
      ? 'stage'
      : s === 'translating'
        ? 'translate'
        : s === 'submitting'
          ? 'submit'
          : s === 'running' || s === 'cancelling'
            ? 'poll'
            : 'terminal';
