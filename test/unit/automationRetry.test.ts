// Automation's rule for a source whose runs failed (core/domain/automationRetry.ts).
import test from 'ava';
import fc from 'fast-check';
import { automationHold, retryWaitAfter } from '../../core/domain/automationRetry.js';

const t0 = new Date('2026-11-27T00:00:00Z');
const min = (m: number) => new Date(t0.getTime() + m * 60_000);
const policy = { max_failed_runs: 3, retry_wait_minutes: 30 };
const failed = (count: number, lastAt = t0) => ({ count, lastAt, lastExecutionId: 'x' });

test('no failed run holds nothing; each failure waits twice as long as the one before; the most holds until something changes', (t) => {
  t.is(automationHold(null, policy, t0), null);
  t.deepEqual(automationHold(failed(1), policy, min(29)), { kind: 'waiting', failures: 1, until: min(30) });
  t.is(automationHold(failed(1), policy, min(30)), null, 'the wait is over at its end');
  t.deepEqual(automationHold(failed(2), policy, min(30)), { kind: 'waiting', failures: 2, until: min(60) });
  t.is(automationHold(failed(2), policy, min(60)), null);
  t.deepEqual(automationHold(failed(3), policy, min(100_000)), { kind: 'held', failures: 3 });
  t.deepEqual(automationHold(failed(1), { ...policy, max_failed_runs: 1 }, t0), {
    kind: 'held',
    failures: 1,
  });
});

test('the wait never passes a day, or the first wait when that is longer', (t) => {
  t.is(retryWaitAfter(1, 30), 30);
  t.is(retryWaitAfter(6, 30), 960);
  t.is(retryWaitAfter(7, 30), 1440);
  t.is(retryWaitAfter(999, 30), 1440);
  t.is(retryWaitAfter(1, 10_080), 10_080);
  t.is(retryWaitAfter(3, 10_080), 10_080);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 10_080 }), (n, wait) => {
      const w = retryWaitAfter(n, wait);
      return w >= wait && w <= Math.max(1440, wait) && w <= retryWaitAfter(n + 1, wait) && Number.isFinite(w);
    }),
  );
});
