// How automation groups ready sources into runs: full groups in order, a source whose run failed
// alone, a short last group held while more may come.
import test from 'ava';
import fc from 'fast-check';
import { holdShortTail, runGroups } from '../../core/domain/runGroups.js';

const src = (id: string, minute = 0) => ({ id, discoveredAt: new Date(Date.UTC(2026, 10, 28, 0, minute)) });

test('groups of the size in order; a source with a failed run alone', (t) => {
  const ready = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => src(id));
  t.deepEqual(
    runGroups(ready, 2, new Set(['c'])).map((g) => g.map((s) => s.id)),
    [['a', 'b'], ['c'], ['d', 'e'], ['f']],
  );
});

test('every source in exactly one group, none over the size, each failed one alone, order kept', (t) => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 60 }),
      fc.integer({ min: 1, max: 12 }),
      fc.func(fc.boolean()),
      (ids, size, failed) => {
        const alone = new Set(ids.filter((id) => failed(id)));
        const groups = runGroups(
          ids.map((id) => src(id)),
          size,
          alone,
        );
        const flat = groups.flat().map((s) => s.id);
        return (
          flat.length === ids.length &&
          new Set(flat).size === ids.length &&
          groups.every((g) => g.length >= 1 && g.length <= size) &&
          groups.every((g) => g.length === 1 || g.every((s) => !alone.has(s.id))) &&
          // Within the grouped ones, discovery order is kept.
          JSON.stringify(flat.filter((id) => !alone.has(id))) ===
            JSON.stringify(ids.filter((id) => !alone.has(id)))
        );
      },
    ),
  );
  t.pass();
});

test('a short last group waits for more sources until its oldest has waited max_wait', (t) => {
  const groups = runGroups([src('a', 0), src('b', 0), src('c', 0), src('d', 5)], 3, new Set());
  const o = { size: 3, minSources: 3, maxWaitMs: 10 * 60_000, alone: new Set<string>() };
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 0, minute));
  t.deepEqual(holdShortTail(groups, { ...o, now: at(10) }).length, 1, 'd waits: 5 minutes so far');
  t.deepEqual(holdShortTail(groups, { ...o, now: at(15) }).length, 2, 'd has waited 10 minutes');
  t.is(holdShortTail(groups, { ...o, minSources: 1, now: at(10) }).length, 2, 'one source is enough');
  const failed = runGroups([src('a'), src('b'), src('c'), src('d', 5)], 3, new Set(['d']));
  t.is(holdShortTail(failed, { ...o, alone: new Set(['d']), now: at(6) }).length, 2, 'alone: never held');
});
