// The CLI's time options: --since a span ago, --from and --until a span ahead, or a time the server
// checks.
import test from 'ava';
import { UsageError } from '../../hosts/cli/client/clientCommand.js';
import { aheadTime, sinceTime } from '../../hosts/cli/client/since.js';

test('--since takes a span ago, or a time the server checks', (t) => {
  const now = new Date('2026-11-27T12:00:00Z');
  t.is(sinceTime('90m', now), '2026-11-27T10:30:00.000Z');
  t.is(sinceTime('12h', now), '2026-11-27T00:00:00.000Z');
  t.is(sinceTime('3d', now), '2026-11-24T12:00:00.000Z');
  t.is(sinceTime('2026-11-26', now), '2026-11-26', 'a day goes to the server as it is');
  t.throws(() => sinceTime('12', now), { instanceOf: UsageError, message: /say the unit \(12h, 12d\)/ });
});

test('--from and --until take a span ahead, or a time the server checks', (t) => {
  const now = new Date('2026-11-27T12:00:00Z');
  t.is(aheadTime('--until', '90m', now), '2026-11-27T13:30:00.000Z');
  t.is(aheadTime('--from', '3d', now), '2026-11-30T12:00:00.000Z');
  t.is(aheadTime('--until', '2026-12-01T08:00:00+08:00', now), '2026-12-01T08:00:00+08:00');
  t.throws(() => aheadTime('--until', '6', now), {
    instanceOf: UsageError,
    message: /^--until 6: say the unit/,
  });
});
