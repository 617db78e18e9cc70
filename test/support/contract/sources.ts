// The repository contract's rules for sources: registration, discovery claims, lists and deletes (repositoryContract.ts runs them on both stores).
import type { SourceFilter } from '../../../core/domain/sourceFilter.js';
import {
  t0,
  at,
  uuid,
  module,
  ev,
  uploaded,
  execution,
  sourcesNamed,
  discovered,
  allPages,
  type Rule,
} from './base.js';

export const sourcesContract: Record<string, Rule> = {
  'sources: registered once, listed in code point order a page at a time, enabled and disabled with an event on change':
    async (t, r) => {
      const ids = await sourcesNamed(r, ['b', 'a', 'B']);
      const again = await r.sources.createMany(
        [{ id: uuid(), projectModule: module, sourceIdentifier: 'a', enabled: true }],
        at(1),
        (s) => ev(s.id),
      );
      t.deepEqual(again.created, []);
      t.is(again.existing[0]?.id, ids['a']);
      t.deepEqual(
        (await allPages((c) => r.sources.list(module, {}, 2, c))).map((p) =>
          p.map((s) => s.sourceIdentifier),
        ),
        [['B', 'a'], ['b']],
      );
      t.is(await r.sources.list(module, {}, 2, 'bm9wZQ'), 'bad_cursor');
      t.deepEqual(
        (await r.sources.findByIdentifiers(module, ['a', 'zz'])).map((s) => s.id),
        [ids['a']],
      );
      t.deepEqual(
        (await r.sources.getMany([ids['b']!, uuid()])).map((s) => s.sourceIdentifier),
        ['b'],
      );
      t.deepEqual(
        [...(await r.sources.identifiersOf([ids['b']!, uuid(), ids['a']!, ids['b']!]))].sort(),
        [
          [ids['a']!, 'a'],
          [ids['b']!, 'b'],
        ].sort(),
      );
      const off = await r.sources.setEnabled(ids['a']!, false, at(2), ev(ids['a']!, 'source.disabled'));
      t.false(off?.enabled);
      t.deepEqual(off?.updatedAt, at(2));
      await r.sources.setEnabled(ids['a']!, false, at(3), ev(ids['a']!, 'source.disabled'));
      const stream = await r.events.read(
        { kind: 'subject', subjectType: 'source', subjectId: ids['a']! },
        10,
        null,
      );
      t.deepEqual(
        stream.items.map((e) => e.kind),
        ['source.registered', 'source.disabled'],
        'no event when nothing changed',
      );
      t.is(await r.sources.setEnabled(uuid(), true, at(4), ev('x')), null);
    },
  'sources: discovery claims, results, failures, due order and expired claims': async (t, r) => {
    const ids = await sourcesNamed(r, ['s1', 's2', 's3', 'off']);
    await r.sources.setEnabled(ids['off']!, false, t0, ev(ids['off']!));
    t.deepEqual(
      await r.discovery.markQueued([ids['s1']!, ids['s2']!, ids['off']!], at(1)),
      [ids['s1'], ids['s2']],
      'a disabled source is not claimed',
    );
    t.deepEqual(await r.discovery.markQueued([ids['s1']!], at(2)), [], 'nor one already claimed');
    t.is(await r.discovery.discoveryInFlight(module), 2);
    await r.discovery.markRunning(ids['s1']!, at(3));
    t.deepEqual(await discovered(r, ids['s1']!, 'sig-1', {}, at(4)), { changed: true });
    t.deepEqual(await discovered(r, ids['s1']!, 'sig-1', {}, at(5)), { changed: false });
    const s1 = await r.sources.get(ids['s1']!);
    t.is(s1?.discoveryState, 'done');
    t.deepEqual(s1?.discoveredAt, at(5));
    await r.discovery.failDiscovery(
      ids['s3']!,
      'x'.repeat(3000),
      at(6),
      ev(ids['s3']!, 'source.discovery_failed'),
    );
    const s3 = await r.sources.get(ids['s3']!);
    t.is(s3?.discoveryState, 'failed');
    t.is(s3?.discoveryError?.length, 2000);
    t.deepEqual(
      await r.discovery.dueForDiscovery(module, at(100), 10),
      [ids['s3'], ids['s1']],
      'never discovered first, then the oldest; claimed and disabled ones are not due',
    );
    // s2's claim has no live job: it is released; a claim whose job lives is kept.
    const [s4] = Object.values(await sourcesNamed(r, ['s4']));
    await r.discovery.markQueued([s4!], at(1));
    await r.queue.enqueue(
      { kind: 'discovery.batch', payload: { project_module: module, source_ids: [s4] } },
      at(1),
    );
    const released = await r.discovery.releaseExpiredClaims(module, at(10), at(20), 'the job died', (id) =>
      ev(id, 'source.discovery_failed'),
    );
    t.deepEqual(released, [ids['s2']]);
    t.is((await r.sources.get(ids['s2']!))?.discoveryError, 'the job died');
    t.is((await r.sources.get(s4!))?.discoveryState, 'queued');
    const counts = Object.fromEntries(
      (await r.sources.countsByState()).map((c) => [c.state, Number(c.count)]),
    );
    t.deepEqual(counts, { done: 1, failed: 2, never: 1, queued: 1 });
  },
  'sources: a delete waits for the executions and discoveries that hold the source': async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['held', 'free', 'claimed']);
    await r.executions.insert(execution({ sourceIds: [ids['held']!], state: 'running' }), ev('x'));
    await r.discovery.markQueued([ids['claimed']!], t0);
    t.is(await r.sources.delete(ids['held']!, at(1), ev(ids['held']!, 'source.deleted')), 'busy');
    t.is(await r.sources.delete(ids['claimed']!, at(1), ev(ids['claimed']!, 'source.deleted')), 'busy');
    t.is(await r.sources.delete(ids['free']!, at(1), ev(ids['free']!, 'source.deleted')), 'ok');
    t.is(await r.sources.delete(ids['free']!, at(1), ev(ids['free']!, 'source.deleted')), 'not_found');
    t.is(await r.sources.get(ids['free']!), null);
    const done = execution({ sourceIds: [ids['held']!], state: 'completed' });
    await r.executions.insert(done, ev('y'));
    t.is(
      await r.sources.delete(ids['held']!, at(2), ev(ids['held']!)),
      'busy',
      'the running one still holds it',
    );
  },
  'sources: listed in code point order (UTF-8 bytes), and a prefix selects those that start with it, whatever characters it ends in':
    async (t, r) => {
      // U+D7FF is the last character before the surrogates, U+E000 the first after; U+FF01 is below
      // every character outside the BMP, which UTF-16 (JavaScript's <) puts first.
      const names = [
        'a',
        'ab',
        'a\u{1F600}',
        'a\uFF01',
        'b',
        'a\uD7FF',
        'a\uD7FFz',
        'a\uE000',
        'a\u{10FFFF}',
        'a\u{10FFFF}\u{10FFFF}',
        'a\u{10FFFF}x',
        '\u{10FFFF}',
      ];
      await sourcesNamed(r, names);
      const listed = async (filter: SourceFilter, size = 3) =>
        (await allPages((c) => r.sources.list(module, filter, size, c)))
          .flat()
          .map((s) => s.sourceIdentifier);
      const inOrder = [
        'a',
        'ab',
        'a\uD7FF',
        'a\uD7FFz',
        'a\uE000',
        'a\uFF01',
        'a\u{1F600}',
        'a\u{10FFFF}',
        'a\u{10FFFF}x',
        'a\u{10FFFF}\u{10FFFF}',
        'b',
        '\u{10FFFF}',
      ];
      t.deepEqual(await listed({}), inOrder);
      for (const prefix of ['a', 'a\uD7FF', 'a\u{10FFFF}', '\u{10FFFF}', 'a\uFF01', 'ab', 'abc', 'A'])
        t.deepEqual(
          await listed({ identifierPrefix: prefix }, 2),
          inOrder.filter((n) => n.startsWith(prefix)),
          `prefix ${JSON.stringify(prefix)}`,
        );
    },
};
