// When the execution tick schedules a poll of a backend target: the project's interval, never
// more often than the floor, and with mock backends at least every pollMaxSeconds.
import test from 'ava';
import type { PollTarget } from '../../core/ports/PollRounds.js';
import {
  type TickDeps,
  type TickSettings,
  executionTick,
} from '../../core/usecases/executions/executionTick.js';

/** Which of the targets get a poll job at `now`, with only what the tick reads for polling. */
const polled = async (targets: PollTarget[], now: Date, extra: Partial<TickSettings> = {}) => {
  const queued: string[] = [];
  const deps = {
    configs: { allActive: async () => [] },
    clock: { now: () => now },
    admissions: {
      inFlightByProject: async () => [],
      awaitingAdmission: async () => [],
    },
    pollRounds: {
      pollTargets: async () => targets,
      schedulePolls: async (rounds: { target: string }[]) => {
        for (const r of rounds) queued.push(r.target);
        return rounds.length;
      },
    },
  } as unknown as TickDeps;
  const tick = executionTick(deps, {
    everySeconds: 5,
    admissionScan: 10,
    pollMinSeconds: { rest_remote: 10, batch_remote: 30 },
    ...extra,
  });
  const { counts } = await tick.run(now);
  return { queued, polls: counts['poll_jobs'] };
};

const now = new Date('2026-11-23T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const target = (name: string, kind: PollTarget['kind'], lastPolled: number, interval = 60): PollTarget => ({
  target: name,
  kind,
  inFlight: 1,
  lastPolledAt: ago(lastPolled),
  pollIntervalSeconds: interval,
});

test("a target is polled at the project's interval, and never more often than its kind's floor", async (t) => {
  const r = await polled(
    [
      target('dim-a', 'rest_remote', 59),
      target('dim-b', 'rest_remote', 60),
      target('login-a', 'batch_remote', 20, 5),
      target('login-b', 'batch_remote', 30, 5),
    ],
    now,
  );
  t.deepEqual(r.queued, ['dim-b', 'login-b']);
  t.is(r.polls, 2);
});

test('with mock backends, pollMaxSeconds polls sooner than the project asks, still not under the floor', async (t) => {
  const r = await polled([target('mock-a', 'rest_remote', 12), target('mock-b', 'rest_remote', 8)], now, {
    pollMaxSeconds: 1,
  });
  t.deepEqual(r.queued, ['mock-a']);
});
