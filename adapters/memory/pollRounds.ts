import type { Execution } from '../../core/domain/executionRecord.js';
import type { EnqueueRequest } from '../../core/domain/job.js';
import type { PollRoundRequest } from '../../core/domain/pollRound.js';
import type { PollRounds, PollTarget } from '../../core/ports/PollRounds.js';
import { byCodePoint, type MemoryStore } from './store.js';

// The executions on backend targets and the targets' poll rounds, in memory (as postgres/pollRounds.ts).

export const onBackend = (e: Execution) => e.state === 'running' || e.state === 'cancelling';

// While a target's rounds answer, its last answer is at least the round before the newest one.
const answeredWhileAnswering = (t: { lastAnsweredAt: Date | null; prevPolledAt: Date | null }) =>
  t.lastAnsweredAt && t.prevPolledAt
    ? new Date(Math.max(t.lastAnsweredAt.getTime(), t.prevPolledAt.getTime()))
    : (t.lastAnsweredAt ?? t.prevPolledAt);

export const unansweredTargets = (store: MemoryStore, before: Date, projectModule: string | null) => {
  const found = new Map<
    string,
    {
      target: string;
      kind: 'rest_remote' | 'batch_remote';
      inFlight: number;
      lastError: string;
      lastAnsweredAt: Date | null;
      oldest: Date;
    }
  >();
  for (const e of store.executions.values()) {
    if (!onBackend(e) || e.backendTarget === null) continue;
    if (projectModule !== null && e.projectModule !== projectModule) continue;
    const t = store.pollTargets.get(e.backendTarget);
    if (!t?.lastError || t.answering) continue;
    const f = found.get(e.backendTarget);
    found.set(e.backendTarget, {
      target: e.backendTarget,
      kind: e.profileSnapshot.deployment.kind,
      inFlight: (f?.inFlight ?? 0) + 1,
      lastError: t.lastError,
      lastAnsweredAt: t.lastAnsweredAt,
      oldest: f && f.oldest < e.createdAt ? f.oldest : e.createdAt,
    });
  }
  return [...found.values()]
    .filter((f) => (f.lastAnsweredAt ?? f.oldest) < before)
    .sort((a, b) => byCodePoint(a.target, b.target))
    .map(({ oldest, ...f }) => ({ ...f, since: f.lastAnsweredAt ?? oldest }));
};

export const onTarget = (store: MemoryStore, target: string, limit: number): Execution[] => {
  return [...store.executions.values()]
    .filter((e) => e.backendTarget === target && onBackend(e))
    .sort(
      (a, b) =>
        (a.submittedAt?.getTime() ?? Infinity) - (b.submittedAt?.getTime() ?? Infinity) ||
        byCodePoint(a.id, b.id),
    )
    .slice(0, limit);
};

export const pollTargets = (store: MemoryStore): PollTarget[] => {
  const targets = new Map<string, PollTarget>();
  for (const e of store.executions.values()) {
    if (!onBackend(e) || e.backendTarget === null) continue;
    const pinned = store.configs.get(e.projectModule)?.find((v) => v.version === e.configVersion);
    const interval = pinned?.config.automation.execution.poll_interval_seconds ?? Infinity;
    const kind = e.profileSnapshot.deployment.kind;
    const t = targets.get(e.backendTarget);
    targets.set(e.backendTarget, {
      target: e.backendTarget,
      kind: t && byCodePoint(t.kind, kind) < 0 ? t.kind : kind,
      inFlight: (t?.inFlight ?? 0) + 1,
      lastPolledAt: store.pollTargets.get(e.backendTarget)?.lastPolledAt ?? null,
      pollIntervalSeconds: Math.min(t?.pollIntervalSeconds ?? Infinity, interval),
    });
  }
  return [...targets.values()];
};

export const schedulePolls = (
  store: MemoryStore,
  rounds: readonly { target: string; job: EnqueueRequest }[],
  now: Date,
) => {
  let n = 0;
  for (const r of rounds) if (scheduleRound(store, r.target, r.job, now, now)) n++;
  return n;
};

/** One round's job due at `at`, unless a live one holds its key; recorded as the target's scheduled round. */
const scheduleRound = (store: MemoryStore, target: string, job: EnqueueRequest, at: Date, now: Date) => {
  if (!store.queue.enqueueNow({ ...job, runAt: job.runAt ?? at }, now).created) return false;
  recordScheduled(store, target, at);
  return true;
};

const recordScheduled = (store: MemoryStore, target: string, at: Date) => {
  const t = store.pollTargets.get(target);
  store.pollTargets.set(target, {
    lastError: null,
    answering: false,
    lastAnsweredAt: null,
    ...t,
    prevPolledAt: t?.lastPolledAt ?? null,
    lastPolledAt: at,
  });
};

/** The round a write asks for: no sooner than its spacing after the round last scheduled on the target. */
export const askRound = (store: MemoryStore, r: PollRoundRequest, now: Date) => {
  const last = store.pollTargets.get(r.target)?.lastPolledAt;
  const at = new Date(
    last ? Math.max(now.getTime(), last.getTime() + r.spacingSeconds * 1000) : now.getTime(),
  );
  // A round that runs now may have read the target before this write: it runs once more after.
  if (
    !scheduleRound(store, r.target, r.job, at, now) &&
    store.queue.askAgain(r.job.idempotencyKey ?? '', at, now)
  )
    recordScheduled(store, r.target, at);
};

export const recordRound = (
  store: MemoryStore,
  target: string,
  startedAt: Date,
  now: Date,
  error: string | null,
  answered: boolean,
) => {
  const t = store.pollTargets.get(target);
  if (!t) {
    store.pollTargets.set(target, {
      lastPolledAt: startedAt,
      prevPolledAt: null,
      lastError: error,
      answering: answered,
      lastAnsweredAt: answered ? now : null,
    });
    return;
  }
  const late = startedAt.getTime() > t.lastPolledAt.getTime() + 1000;
  if (t.lastError === error && t.answering === answered && !late) return;
  store.pollTargets.set(target, {
    ...t,
    lastError: error,
    answering: answered,
    lastPolledAt: late ? startedAt : t.lastPolledAt,
    lastAnsweredAt: answered ? now : t.answering ? answeredWhileAnswering(t) : t.lastAnsweredAt,
  });
};

export const lastAnswered = (store: MemoryStore, target: string): Date | null => {
  const t = store.pollTargets.get(target);
  if (!t) return null;
  return t.answering ? answeredWhileAnswering(t) : t.lastAnsweredAt;
};

export class MemoryPollRounds implements PollRounds {
  constructor(private readonly store: MemoryStore) {}

  async onTarget(target: string, limit: number): Promise<Execution[]> {
    return onTarget(this.store, target, limit);
  }

  async pollTargets(): Promise<PollTarget[]> {
    return pollTargets(this.store);
  }

  async schedulePolls(rounds: readonly { target: string; job: EnqueueRequest }[], now: Date) {
    return schedulePolls(this.store, rounds, now);
  }

  async recordRound(target: string, startedAt: Date, now: Date, error: string | null, answered: boolean) {
    recordRound(this.store, target, startedAt, now, error, answered);
  }

  async lastAnswered(target: string): Promise<Date | null> {
    return lastAnswered(this.store, target);
  }

  async unansweredTargets(before: Date, projectModule: string | null) {
    return unansweredTargets(this.store, before, projectModule);
  }
}
