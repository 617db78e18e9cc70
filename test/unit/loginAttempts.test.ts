// The login throttle's sliding window: whatever the timing, no span as long as the window lets more
// than the limit through (fixed windows let a burst across an edge through twice), the time a
// refused client is told is the first at which one more attempt passes, and a success's attempt
// is given back. A held back try is not counted, and a hold is told at most once a window.
import test from 'ava';
import fc from 'fast-check';
import {
  attemptsAt,
  nextAllowedAt,
  type RecentAttempts,
  reserveWithin,
  withAttempt,
  withoutAttempt,
} from '../../core/domain/loginAttempts.js';

const at = (ms: number) => new Date(ms);
const t0 = Date.parse('2026-03-01T10:00:00Z');

/** Every attempt is reserved within the limit (`reserveWithin`): it passes when it is counted. */
const run = (times: readonly number[], window: number, limit: number) => {
  let r: RecentAttempts | null = null;
  const passed: number[] = [];
  let told = 0;
  for (const t of times) {
    const x = reserveWithin(r, at(t), window, limit);
    r = x.attempts;
    if (x.counted) passed.push(t);
    if (x.tell) told++;
  }
  return { r: r!, passed, told };
};

const arrivals = fc
  .record({
    window: fc.integer({ min: 1, max: 900 }),
    limit: fc.integer({ min: 1, max: 8 }),
    gaps: fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 60 }),
  })
  .map(({ window, limit, gaps }) => {
    let t = t0;
    return { window, limit, times: gaps.map((g) => (t += g)) };
  });

test('no span as long as the window lets more than the limit through', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(arrivals, ({ window, limit, times }) => {
        const { passed } = run(times, window, limit);
        const ms = window * 1000;
        for (const end of passed) {
          const inSpan = passed.filter((p) => p > end - ms && p <= end).length;
          if (inSpan > limit) return false;
        }
        return true;
      }),
    ),
  );
});

test('a burst across the edge of a fixed window is held to the limit', (t) => {
  const window = 900;
  const edge = Math.ceil(t0 / (window * 1000)) * window * 1000;
  const times = [edge - 2, edge - 1, edge, edge + 1, edge + 2, edge + 3];
  t.deepEqual(run(times, window, 3).passed, [edge - 2, edge - 1, edge]);
});

test('the time a refused client is told is the first at which one more attempt passes, within a window and a tenth', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(arrivals, ({ window, limit, times }) => {
        const { r } = run(times, window, limit);
        const now = times.at(-1)!;
        if (attemptsAt(r, at(now), window) <= limit) return true;
        const next = nextAllowedAt(r, at(now), window, limit).getTime();
        const passesAt = (ms: number) => attemptsAt(withAttempt(r, at(ms), window), at(ms), window) <= limit;
        return next > now && next <= now + window * 1100 && passesAt(next) && !passesAt(next - 1);
      }),
    ),
  );
});

test('a success gives its attempt back, once; a clock behind another process counts in the newest slot', (t) => {
  const w = 60;
  let r = withAttempt(null, at(t0), w);
  r = withAttempt(r, at(t0), w);
  t.is(attemptsAt(r, at(t0), w), 2);
  r = withoutAttempt(r, at(t0), w);
  t.is(attemptsAt(r, at(t0), w), 1);
  r = withoutAttempt(withoutAttempt(r, at(t0), w), at(t0), w);
  t.is(attemptsAt(r, at(t0), w), 0, 'never below nothing');
  // Another process, 10 s behind, reserves and gives back: the newest slot holds its attempt.
  r = withAttempt(r, at(t0 + 20_000), w);
  const behind = withAttempt(r, at(t0 + 10_000), w);
  t.is(attemptsAt(behind, at(t0 + 20_000), w), 2);
  t.is(attemptsAt(withoutAttempt(behind, at(t0 + 10_000), w), at(t0 + 20_000), w), 1);
});

test('counts kept under another window length stay counted whole', (t) => {
  const r = withAttempt(withAttempt(null, at(t0), 900), at(t0), 900);
  t.is(attemptsAt(withAttempt(r, at(t0 + 1000), 60), at(t0 + 1000), 60), 3);
});

test('held back tries are never counted, never move the retry time later, and are told once a window', (t) => {
  fc.assert(
    fc.property(arrivals, ({ window, limit, times }) => {
      const { r, told } = run(times, window, limit);
      const last = times.at(-1)!;
      if (attemptsAt(r, at(last), window) > limit) return false;
      // Told at most once per window and a slot of the run's length, plus one.
      const span = last - times[0]!;
      if (told > Math.floor(span / (window * 1000)) + 1) return false;
      // A burst of refused tries at the last instant leaves the retry time where it was.
      const before = nextAllowedAt(r, at(last), window, limit).getTime();
      let s = r;
      for (let i = 0; i < 5; i++) s = reserveWithin(s, at(last), window, limit).attempts;
      return (
        nextAllowedAt(s, at(last), window, limit).getTime() <= before ||
        attemptsAt(r, at(last), window) < limit
      );
    }),
  );
  t.pass();
});
