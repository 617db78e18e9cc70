// isoTime against toISOString: the same text for any date (a property test) and the same RangeError.
import test from 'ava';
import fc from 'fast-check';
import { isoTime } from '../../core/domain/isoTime.js';

test('isoTime writes what toISOString writes, for any date, ±1 ms around days and years too', (t) => {
  const edges = [
    0,
    Date.UTC(2000, 1, 29, 23, 59, 59, 999),
    Date.UTC(2100, 2, 1),
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
  ];
  const ms = fc.oneof(
    fc.integer({ min: -8.64e15, max: 8.64e15 }),
    fc.integer({ min: 0, max: Date.UTC(10001, 0, 1) }),
    fc.constantFrom(...edges).chain((e) => fc.integer({ min: e - 1, max: e + 1 })),
  );
  fc.assert(
    fc.property(ms, (m) => isoTime(new Date(m)) === new Date(m).toISOString()),
    { numRuns: 20_000 },
  );
  for (let day = 0; day < 3_000_000; day += 997) {
    const d = new Date(day * 86_400_000 + 45_296_789);
    if (isoTime(d) !== d.toISOString()) t.fail(`${d.toISOString()} written as ${isoTime(d)}`);
  }
  t.pass();
});

test('isoTime throws the RangeError toISOString throws on an invalid date', (t) => {
  t.throws(() => isoTime(new Date(Number.NaN)), { instanceOf: RangeError });
});
