// jsonChanges: the leaves that differ by path, in a stable order, bounded, with changed types said.
import test from 'ava';
import { jsonChanges } from '../../core/domain/jsonChanges.js';

test('the leaves that differ, by path, in a stable order; absent sides have no value', (t) => {
  const a = { deployment: { port: 8001, host: 'h' }, list: [1, 2, 3], gone: true };
  const b = { deployment: { port: 8101, host: 'h' }, list: [1, 5], added: 'x' };
  t.deepEqual(jsonChanges(a, b).changes, [
    { path: 'added', b: 'x' },
    { path: 'deployment.port', a: 8001, b: 8101 },
    { path: 'gone', a: true },
    { path: 'list[1]', a: 2, b: 5 },
    { path: 'list[2]', a: 3 },
  ]);
  t.deepEqual(jsonChanges(a, structuredClone(a)), { changes: [], truncated: false });
});

test('a bound on the changes, paths left out, and a value whose type changed', (t) => {
  const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
  const r = jsonChanges(many, {}, 3);
  t.is(r.changes.length, 3);
  t.true(r.truncated);
  t.deepEqual(
    jsonChanges({ s: { path: 'a', size: 1 } }, { s: { path: 'b', size: 2 } }, 10, (p) => p.endsWith('.path'))
      .changes,
    [{ path: 's.size', a: 1, b: 2 }],
  );
  t.deepEqual(jsonChanges({ x: [1] }, { x: { 0: 1 } }).changes, [{ path: 'x', a: [1], b: { 0: 1 } }]);
});
