import { terminalStates, executionEvent } from '../../domain/execution.js';
import { LeaseLostError, type Lease } from '../../domain/job.js';
import { unsettledAfter } from '../../domain/externalWork.js';
import type { RunJobPayload } from './attempt.js';
import type { RunDeps } from './attempt.js';
import { settlePrevious } from './settlePrevious.js';

/**
 * Settles the remote work of an execution that ended without the backend confirming it (a run
 * deadline passed, the answer to a submission was lost): each unconfirmed attempt is looked up,
 * cancelled while it still runs, and settled once it has ended, so a failed execution can be
 * stopped remotely without a retry. Throws (the queue looks again after its backoff) while work
 * still runs. Nothing to do once the execution was retried: the new attempt settles it first.
 */
export const settleEnded = async (
  deps: Pick<RunDeps, 'executions' | 'backends' | 'clock'>,
  job: RunJobPayload,
  ctx: { readonly lease: Lease; readonly signal: AbortSignal },
): Promise<{ settled: number; remaining: number }> => {
  const e = await deps.executions.get(job.execution_id);
  if (!e || e.attempt !== job.attempt || !terminalStates.has(e.state)) return { settled: 0, remaining: 0 };
  const unsettled = unsettledAfter(e);
  if (unsettled.length === 0) return { settled: 0, remaining: 0 };
  const { settled, remaining } = await settlePrevious(deps, e, unsettled, ctx.signal);
  if (settled.length > 0) {
    const r = await deps.executions.write(
      {
        id: e.id,
        expect: [e.state],
        change: {
          runRecord: {
            ...e.runRecord,
            // The execution's own attempt is settled when it is not among those still running.
            remote_terminal: !remaining.some((u) => u.attempt === e.attempt),
            unsettled_attempts: remaining.filter((u) => u.attempt !== e.attempt),
          },
        },
        fence: ctx.lease,
        events: settled.map((s) =>
          executionEvent(e, 'execution.attempt_settled', { attempt: s.attempt.attempt, how: s.how }),
        ),
      },
      deps.clock.now(),
    );
    if (r === 'lease_lost') throw new LeaseLostError(ctx.lease);
    if (r !== 'ok') return { settled: 0, remaining: remaining.length }; // retried meanwhile
  }
  if (remaining.length > 0)
    throw new Error(
      `the work of attempt ${remaining.map((u) => `${u.attempt} (${u.scheduler_job_id ?? u.external_name})`).join(', ')} still runs on the backend; it was asked to cancel, and is looked at again`,
    );
  return { settled: settled.length, remaining: 0 };
};
