import * as t from 'io-ts';
import { uuidPattern } from './idPrefix.js';
import type { EnqueueRequest } from './job.js';
import { projectModulePattern } from './projectModule.js';

/**
 * Every queue job kind in one place: its name, the codec a worker decodes its payload with, the
 * payload type derived from that codec, and the builder that queues it.
 */

const patterned = (name: string, pattern: RegExp, maxLength: number) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && u.length <= maxLength && pattern.test(u),
    (u, c) =>
      typeof u === 'string' && u.length <= maxLength && pattern.test(u)
        ? t.success(u)
        : t.failure(u, c, name),
    t.identity,
  );

const JobUuid = patterned('uuid', uuidPattern, 36);
const JobProjectModule = patterned('project_module', projectModulePattern, 63);
const AttemptNumber = t.refinement(t.number, (n) => Number.isInteger(n) && n >= 1, 'attempt');

/**
 * Jobs that keep what surveyor knows true (poll rounds, settling ended remote work, alert
 * deliveries) are claimed before queued runs and discovery batches. They are short and few (one
 * live round per target), and behind a backlog of runs a finished run would stay `running`, and
 * hold its project's concurrency, until the backlog cleared.
 */
const keepsStateTrue = 1;

/** Discovers a batch of sources of one project. */
export const discoveryJobKind = 'discovery.batch';
export const DiscoveryJobPayloadC = t.readonly(
  t.type({ project_module: JobProjectModule, source_ids: t.readonlyArray(JobUuid) }),
);
export type DiscoveryJobPayload = t.TypeOf<typeof DiscoveryJobPayloadC>;
export const discoveryJob = (payload: DiscoveryJobPayload): EnqueueRequest => ({
  kind: discoveryJobKind,
  payload,
  // As a run's: an archive that does not answer is tried again over about a minute and a half
  // before the batch's sources are recorded failed (discoverBatch.ts).
  maxAttempts: 5,
});

/** Runs an execution's attempt: stage, translate, submit. */
export const runJobKind = 'execution.run';
export const RunJobPayloadC = t.readonly(t.type({ execution_id: JobUuid, attempt: AttemptNumber }));
export type RunJobPayload = t.TypeOf<typeof RunJobPayloadC>;
export const runJobKeyPrefix = (executionId: string) => `${runJobKind}:${executionId}:`;
export const runJob = (executionId: string, attempt: number): EnqueueRequest => ({
  kind: runJobKind,
  payload: { execution_id: executionId, attempt },
  idempotencyKey: `${runJobKeyPrefix(executionId)}a${attempt}`,
  maxAttempts: 5,
});

/** Polls one backend target for all of its in-flight executions. */
export const pollJobKind = 'execution.poll';
export const PollJobPayloadC = t.readonly(
  t.type({ target: t.string, kind: t.keyof({ rest_remote: null, batch_remote: null }) }),
);
export type PollJobPayload = t.TypeOf<typeof PollJobPayloadC>;
export const pollJob = (target: string, kind: PollJobPayload['kind']): EnqueueRequest => ({
  kind: pollJobKind,
  payload: { target, kind },
  // One live poll per target: a second request joins the queued one; a write's request while one
  // runs has it run once more after (ExecutionWrite.pollRound).
  idempotencyKey: `${pollJobKind}:${target}`,
  maxAttempts: 3,
  priority: keepsStateTrue,
});

/** Least seconds between two poll rounds on one target, per backend kind. */
export type PollSpacing = { readonly [K in PollJobPayload['kind']]: number };

/**
 * A poll round asked for by a write (a submission, a cancel): it starts no sooner than
 * `spacingSeconds` after the round last scheduled on the target, so runs submitted one after
 * another cannot poll a login node more often than its minimum (see ExecutionWrite.pollRound).
 */
export interface PollRoundRequest {
  readonly target: string;
  readonly job: EnqueueRequest;
  readonly spacingSeconds: number;
}
export const pollRound = (
  target: string,
  kind: PollJobPayload['kind'],
  spacing: PollSpacing,
): PollRoundRequest => ({ target, job: pollJob(target, kind), spacingSeconds: spacing[kind] });

/**
 * Settles the remote work of an ended execution whose end the backend never confirmed (asked for
 * by a cancel): look it up, cancel it, wait for its end.
 */
export const settleJobKind = 'execution.settle';
export const SettleJobPayloadC = RunJobPayloadC;
export type SettleJobPayload = t.TypeOf<typeof SettleJobPayloadC>;
export const settleJob = (executionId: string, attempt: number): EnqueueRequest => ({
  kind: settleJobKind,
  payload: { execution_id: executionId, attempt },
  idempotencyKey: `${settleJobKind}:${executionId}:a${attempt}`,
  // Each try looks again after the queue's backoff; a cancel asks anew once these are spent.
  maxAttempts: 10,
  priority: keepsStateTrue,
});

/** Sends one alert delivery to its channel; the queue's backoff and jitter space its retries. */
export const deliverJobKind = 'alert.deliver';
export const DeliverJobPayloadC = t.readonly(t.type({ delivery_id: JobUuid }));
export type DeliverJobPayload = t.TypeOf<typeof DeliverJobPayloadC>;
export const deliverJobKey = (deliveryId: string) => `${deliverJobKind}:${deliveryId}`;
export const deliverJob = (deliveryId: string): EnqueueRequest => ({
  kind: deliverJobKind,
  payload: { delivery_id: deliveryId },
  idempotencyKey: deliverJobKey(deliveryId),
  // About 13 minutes of tries with the default backoff (5 s doubling, equal jitter).
  maxAttempts: 8,
  priority: keepsStateTrue,
});
