import type { NewEvent } from './event.js';
import { type ExecutionState, type ExecutionTrigger, transitionOf } from './execution.js';
import type { Execution } from './executionRecord.js';

/** An event about an execution, for the same transaction as the change it records. */
export const executionEvent = (
  e: Pick<Execution, 'id' | 'projectModule' | 'attempt'>,
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
 * transition table pairs with it;
 * throwing here means a bug in a use case, not a user error.
 */
export const transition = (
  from: ExecutionState,
  trigger: ExecutionTrigger,
): { state: ExecutionState; kind: string } => {
  const rule = transitionOf(from, trigger);
  if (rule === null) throw new Error(`no transition from ${from} on ${trigger}`);
  return { state: rule.to, kind: rule.event };
};
