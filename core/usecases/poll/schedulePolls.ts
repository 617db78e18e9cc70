import { pollJob } from './pollJob.js';
import type { PollRounds, PollTarget } from '../../ports/PollRounds.js';

export interface PollScheduleSettings {
  /** The least time between two polls of one target, per backend kind (protects login nodes). */
  readonly pollMinSeconds: { readonly rest_remote: number; readonly batch_remote: number };
  /**
   * Poll at least this often whatever a project's poll_interval_seconds asks (still no more often
   * than pollMinSeconds). Set for mock backends only: they have no login node to protect, and a
   * person trying surveyor watches a mock run move instead of sitting a minute at `running`.
   */
  readonly pollMaxSeconds?: number;
}

/** Whether a target's next round is due: its projects' interval has passed, never under its kind's floor. */
export const pollDue = (t: PollTarget, now: Date, s: PollScheduleSettings): boolean => {
  const asked = Math.min(t.pollIntervalSeconds, s.pollMaxSeconds ?? Number.POSITIVE_INFINITY);
  const interval = Math.max(s.pollMinSeconds[t.kind], asked);
  return !t.lastPolledAt || now.getTime() - t.lastPolledAt.getTime() >= interval * 1000;
};

/** A poll job for each backend target with work in flight whose round is due; returns how many it queued. */
export const schedulePolls = async (
  deps: { readonly pollRounds: Pick<PollRounds, 'pollTargets' | 'schedulePolls'> },
  now: Date,
  s: PollScheduleSettings,
): Promise<number> => {
  const due = (await deps.pollRounds.pollTargets()).filter((t) => pollDue(t, now, s));
  return due.length === 0
    ? 0
    : deps.pollRounds.schedulePolls(
        due.map((t) => ({ target: t.target, job: pollJob.request({ target: t.target, kind: t.kind }) })),
        now,
      );
};
