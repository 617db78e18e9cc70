// A pause's window (core/domain/profilePause.ts): when it holds, when it is over, what is refused.
import test from 'ava';
import fc from 'fast-check';
import {
  holdingPause,
  maxPauseAheadDays,
  type ProfilePause,
  pauseEnded,
  pauseRecheckAt,
  pauseWindowProblems,
  untoldChanges,
  viewPause,
} from '../../core/domain/profilePause.js';

const now = new Date('2026-11-27T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const pause = (from: number, until: number | null): ProfilePause => ({
  profileId: 'p',
  at: at(-600),
  by: 'ops',
  byRole: 'operator' as const,
  reason: 'maintenance',
  from: at(from),
  until: until === null ? null : at(until),
});

test('a pause holds from its beginning up to (not at) its end; one ahead or over holds nothing', (t) => {
  t.is(holdingPause(pause(0, null), now)?.reason, 'maintenance', 'begins now');
  t.is(holdingPause(pause(-60, 1), now)?.reason, 'maintenance');
  t.is(holdingPause(pause(1, null), now), null, 'ahead');
  t.is(holdingPause(pause(-60, 0), now), null, 'ends now');
  t.true(pauseEnded(pause(-60, 0), now));
  t.false(pauseEnded(pause(1, 2), now), 'ahead is not over');
  t.false(pauseEnded(pause(-60, null), now), 'no end: until resumed');
  t.is(holdingPause(null, now), null);
});

test('holding, over and ahead partition every time, for any window', (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: -10_000, max: 10_000 }),
      fc.option(fc.integer({ min: 1, max: 10_000 })),
      fc.integer({ min: -20_000, max: 20_000 }),
      (from, length, when) => {
        const p = pause(from, length === null ? null : from + length);
        const time = at(when);
        const states = [holdingPause(p, time) !== null, pauseEnded(p, time), time < p.from];
        return states.filter(Boolean).length === 1;
      },
    ),
  );
  t.pass();
});

test('a window ends after its beginning and after now, and neither is over a year ahead', (t) => {
  const paths = (from: number, until: number | null) =>
    pauseWindowProblems(at(from), until === null ? null : at(until), now).map(
      (p) => `${p.path}: ${p.message}`,
    );
  t.deepEqual(paths(0, null), []);
  t.deepEqual(paths(60, 120), []);
  t.deepEqual(paths(0, -1), ['until: in the future']);
  t.deepEqual(paths(0, 0), ['until: in the future']);
  t.deepEqual(paths(120, 60), ['until: after from']);
  t.deepEqual(paths(120, 120), ['until: after from']);
  const year = maxPauseAheadDays * 24 * 60;
  t.deepEqual(paths(year, year + 1), ['until: at most 366 days ahead']);
  t.deepEqual(paths(year + 1, null), ['from: at most 366 days ahead']);
});

test('a held run looks again every 30 s, or at the end of the window when sooner', (t) => {
  t.deepEqual(pauseRecheckAt(pause(-60, null), now, 30_000), at(0.5));
  t.deepEqual(pauseRecheckAt(pause(-60, 0.25), now, 30_000), at(0.25));
});

test('views show a pause ahead as not holding, and nothing once it is over', (t) => {
  t.like(viewPause(pause(60, 120), now), {
    from: at(60).toISOString(),
    until: at(120).toISOString(),
    holding: false,
  });
  t.like(viewPause(pause(-60, null), now), { until: null, holding: true, by: 'ops' });
  t.is(viewPause(pause(-60, -1), now), null);
});

test('what a window did by itself is told once: a beginning set ahead, an end', (t) => {
  const made = (from: number, until: number | null, told?: { began: boolean; ended: boolean }) => ({
    ...pause(from, until),
    at: at(-600),
    ...(told ? { told } : {}),
  });
  t.deepEqual(untoldChanges(made(-60, null), now), ['began'], 'set ahead, begun');
  t.deepEqual(untoldChanges(made(60, null), now), [], 'still ahead');
  t.deepEqual(untoldChanges(made(-60, null, { began: true, ended: false }), now), [], 'told');
  t.deepEqual(untoldChanges(made(-60, -1, { began: true, ended: false }), now), ['ended']);
  t.deepEqual(untoldChanges(made(-60, -1), now), ['ended'], 'begun and ended unseen: told as ended only');
  t.deepEqual(untoldChanges(made(-60, -1, { began: true, ended: true }), now), []);
  // A pause made to hold at once was told as it was made: its beginning is not told again.
  t.deepEqual(untoldChanges({ ...pause(0, null), at: at(0) }, at(30)), []);
});
