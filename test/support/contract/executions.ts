// The repository contract's rules for executions: writes, lists, pages and reads (repositoryContract.ts runs them on both stores).
import { type Execution, maxSourcesPerPage } from '../../../core/domain/executionRecord.js';
import type { ExecutionFilter } from '../../../core/ports/ExecutionRepository.js';
import {
  t0,
  at,
  uuid,
  ev,
  uploaded,
  profile,
  execution,
  sourcesNamed,
  discovered,
  stored,
  allPages,
  itemsOf,
  type Rule,
} from './base.js';

export const executionsContract: Record<string, Rule> = {
  'executions: an idempotency key is taken once; writes expect a state and a held lease': async (t, r) => {
    await uploaded(r);
    const [src] = Object.values(await sourcesNamed(r, ['x1']));
    await discovered(r, src!, 'sig');
    const e = execution({ idempotencyKey: 'k1', sourceIds: [src!] });
    t.is(await r.executions.insert(e, ev(e.id, 'execution.created', 'execution')), 'ok');
    t.is(await r.executions.insert(execution({ idempotencyKey: 'k1' }), ev('x')), 'key_taken');
    t.is((await r.executions.findByIdempotencyKey('k1'))?.id, e.id);
    t.is(
      await r.executions.write(
        { id: e.id, expect: ['queued'], change: { state: 'staging' }, events: [] },
        at(1),
      ),
      'state_changed',
    );
    await r.queue.enqueue({ kind: 'execution.run', payload: {} }, t0);
    const [job] = await r.queue.claim('w', ['execution.run'], 1, 60, t0);
    const stale = { jobId: job!.lease.jobId, token: job!.lease.token + 100 };
    t.is(
      await r.executions.write(
        { id: e.id, expect: ['pending'], change: { state: 'queued' }, fence: stale, events: [] },
        at(1),
      ),
      'lease_lost',
    );
    await r.queue.enqueue({ kind: 'execution.poll', payload: {}, idempotencyKey: `exec:${e.id}:poll` }, t0);
    const ok = await r.executions.write(
      {
        id: e.id,
        expect: ['pending'],
        change: {
          state: 'running',
          runRecord: { intent: { at: 'now' }, dropped: undefined },
          debug: { dimSessionStatusUrl: 'http://dim/status' },
          backendTarget: 'dim:1',
          submittedAt: at(1),
        },
        fence: job!.lease,
        events: [ev(e.id, 'execution.submitted', 'execution')],
        enqueue: { kind: 'execution.settle', payload: { execution_id: e.id }, idempotencyKey: 'settle-1' },
        cancelJobsWithKeyPrefix: `exec:${e.id}:`,
        markProcessed: [{ sourceId: src!, signature: 'sig' }],
      },
      at(1),
    );
    t.is(ok, 'ok');
    const after = await r.executions.get(e.id);
    t.is(after?.state, 'running');
    t.deepEqual(after?.runRecord, { intent: { at: 'now' } });
    t.is(after?.debug.dimSessionStatusUrl, 'http://dim/status');
    t.is(after?.debug.dimGraphStatusUrl, null, 'a field left out stays');
    t.deepEqual(after?.updatedAt, at(1));
    t.is((await r.sources.get(src!))?.processedSignature, 'sig');
    const claimable = await r.queue.claim('w', ['execution.settle', 'execution.poll'], 10, 60, at(2));
    t.deepEqual(
      claimable.map((j) => j.kind),
      ['execution.settle'],
      'the enqueued job is there; the cancelled one is not',
    );
    const stream = await r.events.read(
      { kind: 'subject', subjectType: 'execution', subjectId: e.id },
      10,
      null,
    );
    t.deepEqual(
      stream.items.map((x) => x.kind),
      ['execution.created', 'execution.submitted'],
    );
  },
  'executions: many writes in one call, each applied on its own, under one fence': async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['m1', 'm2']);
    const [a, b, c] = [execution({ state: 'running' }), execution({ state: 'running' }), execution()];
    for (const x of [a, b, c])
      t.is(await r.executions.insert(x, ev(x.id, 'execution.created', 'execution')), 'ok');
    await r.queue.enqueue({ kind: 'execution.poll', payload: {} }, t0);
    const [job] = await r.queue.claim('w', ['execution.poll'], 1, 60, t0);
    const end = (x: Execution, signature: string, sourceId: string) => ({
      id: x.id,
      expect: ['running' as const],
      change: {
        state: 'completed' as const,
        finishedAt: at(2),
        runRecord: { remote_terminal: true },
        error: null,
      },
      fence: job!.lease,
      events: [ev(x.id, 'execution.completed', 'execution')],
      markProcessed: [{ sourceId, signature }],
    });
    t.deepEqual(await r.executions.writeMany([], at(2)), []);
    const results = await r.executions.writeMany(
      [
        end(a, 'first', ids['m1']!),
        // c is pending: its write does not apply, and nothing of it is stored.
        { ...end(c, 'never', ids['m2']!) },
        { ...end(b, 'last', ids['m1']!), change: { runRecord: { remote_state: 'RUNNING' } } },
      ],
      at(2),
    );
    t.deepEqual(results, ['ok', 'state_changed', 'ok']);
    t.like(await r.executions.get(a.id), { state: 'completed', finishedAt: at(2), updatedAt: at(2) });
    t.deepEqual((await r.executions.get(a.id))?.runRecord, { remote_terminal: true });
    t.like(await r.executions.get(b.id), { state: 'running', finishedAt: null }, 'a column left out stays');
    t.deepEqual((await r.executions.get(b.id))?.runRecord, { remote_state: 'RUNNING' });
    t.like(await r.executions.get(c.id), { state: 'pending', updatedAt: c.updatedAt });
    t.is((await r.sources.get(ids['m1']!))?.processedSignature, 'last', 'the last write of a source wins');
    t.is((await r.sources.get(ids['m2']!))?.processedSignature, null, 'only an applied write marks');
    const kinds = async (x: Execution) =>
      (
        await r.events.read({ kind: 'subject', subjectType: 'execution', subjectId: x.id }, 10, null)
      ).items.map((e) => e.kind);
    t.deepEqual(await kinds(a), ['execution.created', 'execution.completed']);
    t.deepEqual(await kinds(c), ['execution.created'], 'no event of a write that did not apply');
    const stale = { jobId: job!.lease.jobId, token: job!.lease.token + 100 };
    t.deepEqual(await r.executions.writeMany([{ ...end(b, 'x', ids['m2']!), fence: stale }], at(3)), [
      'lease_lost',
    ]);
    t.is((await r.executions.get(b.id))?.state, 'running');
    await t.throwsAsync(
      () => r.executions.writeMany([end(b, 'x', ids['m2']!), end(b, 'y', ids['m2']!)], at(3)),
      {
        message: /two writes of execution/,
      },
    );
    await t.throwsAsync(
      () =>
        r.executions.writeMany(
          [end(a, 'x', ids['m2']!), { ...end(b, 'x', ids['m2']!), fence: stale }],
          at(3),
        ),
      { message: /share one fence/ },
    );
  },
  'executions: a write asks for a poll round no sooner than its spacing after the last one': async (t, r) => {
    await uploaded(r);
    const x = execution({ state: 'running', backendTarget: 'dim:9', submittedAt: at(1) });
    await stored(r, x);
    const ask = (s: number, spacingSeconds = 30, expect: Execution['state'] = 'running') =>
      r.executions.write(
        {
          id: x.id,
          expect: [expect],
          change: {},
          events: [],
          pollRound: {
            target: 'dim:9',
            job: { kind: 'execution.poll', payload: { target: 'dim:9' }, idempotencyKey: 'poll:dim:9' },
            spacingSeconds,
          },
        },
        at(s),
      );
    const polledAt = async () =>
      (await r.pollRounds.pollTargets()).find((p) => p.target === 'dim:9')?.lastPolledAt ?? null;
    const claim = (s: number) => r.queue.claim('w', ['execution.poll'], 10, 60, at(s));
    t.is(await ask(100), 'ok');
    t.deepEqual(await polledAt(), at(100), 'the first round is due at once, and recorded');
    const first = await claim(100);
    t.is(first.length, 1);
    await r.queue.complete(first[0]!.lease, at(101));
    t.is(await ask(110), 'ok');
    t.deepEqual(await polledAt(), at(130), 'the next is due the spacing after the last one');
    t.is((await claim(129)).length, 0, 'not claimable before it is due');
    const second = await claim(130);
    t.is(second.length, 1);
    t.is(await ask(131), 'ok');
    t.deepEqual(await polledAt(), at(160), 'a round asked for while one runs: that one runs again, spaced');
    t.is(await ask(133), 'ok');
    t.deepEqual(await polledAt(), at(160), 'asked again while it runs: still once more, not twice');
    t.true(await r.queue.complete(second[0]!.lease, at(134)));
    t.is((await claim(159)).length, 0, 'the round again is not claimable before it is due');
    const again = await claim(160);
    t.deepEqual(
      again.map((j) => [j.id, j.attempts]),
      [[second[0]!.id, 1]],
      'the same job, its attempts started over',
    );
    t.is(await ask(161), 'ok');
    t.true(await r.queue.complete(again[0]!.lease, at(162)));
    t.deepEqual(await polledAt(), at(190));
    const third = await claim(190);
    t.is(third.length, 1);
    t.true(await r.queue.complete(third[0]!.lease, at(191)));
    t.is((await claim(300)).length, 0, 'a round that was not asked again ends');
    t.is(await ask(310, 30, 'completed'), 'state_changed');
    t.deepEqual(await polledAt(), at(190), 'a write that does not apply asks for nothing');
    t.is(await ask(320, 30, 'running'), 'ok');
    t.deepEqual(await polledAt(), at(320));
    const fourth = await claim(320);
    t.is(fourth.length, 1);
    t.is(await ask(321, 30, 'completed'), 'state_changed');
    t.true(await r.queue.complete(fourth[0]!.lease, at(322)));
    t.is((await claim(400)).length, 0, 'a write that does not apply does not ask a running round again');
  },
  "executions: those that would wait on a profile's pause are counted per profile": async (t, r) => {
    await uploaded(r);
    const [a, b, c] = [uuid(), uuid(), uuid()];
    const asked = { executeRequestedAt: t0, doStage: true, doSubmit: true };
    const made = [
      execution({ profileId: a, ...asked }),
      execution({ profileId: a }), // pending, not asked to run: it waits for nobody
      execution({ profileId: a, ...asked, state: 'staging' }),
      execution({ profileId: a, ...asked, doSubmit: false, state: 'queued' }), // a dry run
      execution({ profileId: a, ...asked, state: 'running' }), // on its backend already
      execution({ profileId: a, ...asked, state: 'failed' }),
      execution({ profileId: b, ...asked, state: 'submitting' }),
      execution({ profileId: null, ...asked }),
    ];
    for (const e of made)
      t.is(await r.executions.insert(e, ev(e.id, 'execution.created', 'execution')), 'ok');
    const counts = await r.executionFigures.waitingOn([a, b, c]);
    t.deepEqual(
      [...counts.entries()].sort(),
      [
        [a, 2],
        [b, 1],
      ].sort(),
    );
    t.is((await r.executionFigures.waitingOn([])).size, 0);
  },
  'executions: lists filter and page newest first': async (t, r) => {
    await uploaded(r);
    const [sourceA, sourceB] = [uuid(), uuid()];
    const xs = [0, 1, 2, 3].map((i) =>
      execution({
        createdAt: at(i % 2 === 0 ? 10 : 20),
        state: i < 2 ? 'pending' : 'completed',
        profileId: i === 3 ? '00000000-0000-4000-a000-000000000003' : null,
        profileSnapshot: profile({ name: i === 3 ? 'special' : 'dim' }),
        sourceIds: i === 1 ? [sourceA, sourceB] : i === 2 ? [sourceB] : [],
      }),
    );
    for (const x of xs) await r.executions.insert(x, ev(x.id));
    // The executions that ran a source, newest first, with the other filters too.
    const bySource = async (filter: ExecutionFilter) =>
      itemsOf(await r.executions.list(filter, 10, null)).map((x) => x.id);
    t.deepEqual(await bySource({ sourceId: sourceB }), [xs[1]!.id, xs[2]!.id]);
    t.deepEqual(await bySource({ sourceId: sourceA }), [xs[1]!.id]);
    t.deepEqual(await bySource({ sourceId: sourceB, state: 'completed' }), [xs[2]!.id]);
    t.deepEqual(await bySource({ sourceId: uuid() }), []);
    // Ended since a time: by when they ended, not when they were made.
    await r.executions.write(
      { id: xs[2]!.id, expect: ['completed'], change: { finishedAt: at(30) }, events: [] },
      at(30),
    );
    await r.executions.write(
      { id: xs[3]!.id, expect: ['completed'], change: { finishedAt: at(50) }, events: [] },
      at(50),
    );
    t.deepEqual(await bySource({ endedSince: at(40) }), [xs[3]!.id]);
    t.deepEqual(await bySource({ endedSince: at(30) }), [xs[3]!.id, xs[2]!.id]);
    t.deepEqual(await bySource({ endedSince: at(30), sourceId: sourceB }), [xs[2]!.id]);
    const pages = await allPages((c) => r.executions.list({}, 3, c));
    const flat = pages.flat();
    t.deepEqual(
      pages.map((p) => p.length),
      [3, 1],
    );
    t.true(
      flat.every(
        (x, i) =>
          i === 0 ||
          flat[i - 1]!.createdAt > x.createdAt ||
          (flat[i - 1]!.createdAt.getTime() === x.createdAt.getTime() && flat[i - 1]!.id > x.id),
      ),
    );
    t.is(new Set(flat.map((x) => x.id)).size, 4);
    t.deepEqual(
      itemsOf(await r.executions.list({ state: 'completed', profileName: 'special' }, 10, null)).map(
        (x) => x.id,
      ),
      [xs[3]!.id],
    );
    t.is(itemsOf(await r.executions.list({ projectModule: 'nope' }, 10, null)).length, 0);
    t.is(await r.executions.list({}, 3, 'Z2FyYmFnZQ'), 'bad_cursor');
  },
  'executions: a page stops before the execution whose sources would pass the bound, never empty': async (
    t,
    r,
  ) => {
    await uploaded(r);
    // Newest first: 6,000, 3,500, 1,000 (10,500 > 10,000), then 12,500 alone, then 1.
    const sizes = [6_000, 3_500, 1_000, 12_500, 1];
    const xs = sizes.map((n, i) =>
      execution({ createdAt: at(100 - i), sourceIds: Array.from({ length: n }, () => uuid()) }),
    );
    for (const x of xs) await r.executions.insert(x, ev(x.id));
    const pages = await allPages((c) => r.executions.list({}, 500, c));
    t.deepEqual(
      pages.map((p) => p.map((x) => x.sourceIds.length)),
      [[6_000, 3_500], [1_000], [12_500], [1]],
    );
    t.is(maxSourcesPerPage, 10_000);
  },
  'executions: a list by id prefix finds the ids that start with it, and only those': async (t, r) => {
    await uploaded(r);
    const ids = [
      'a91d699d-0000-4000-8000-000000000001',
      'a91d699d-ffff-4000-8000-000000000002',
      'a91d699e-0000-4000-8000-000000000003',
      'a91d699c-ffff-4fff-bfff-ffffffffffff',
    ];
    for (const id of ids) {
      const x = execution({ id });
      await r.executions.insert(x, ev(x.id));
    }
    const found = async (idPrefix: string) =>
      itemsOf(await r.executions.list({ idPrefix }, 10, null))
        .map((x) => x.id)
        .sort();
    t.deepEqual(await found('a91d699d'), [ids[0], ids[1]]);
    t.deepEqual(await found('a91d699d-f'), [ids[1]]);
    t.deepEqual(await found('a91d699d-0000-4000-8000-000000000001'), [ids[0]]);
    t.deepEqual(await found('a91d699e'), [ids[2]]);
    t.deepEqual(await found('a91d699b'), []);
  },
  'executions: a run reads the execution with its whole sources, in its order, in one read': async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['b-found', 'a-new', 'c-gone']);
    await discovered(r, ids['b-found']!, 's', { ok: true }, at(1));
    const e = execution({ sourceIds: [ids['b-found']!, ids['c-gone']!, ids['a-new']!] });
    await r.executions.insert(e, ev(e.id));
    t.is(await r.sources.delete(ids['c-gone']!, at(2), ev('x')), 'busy', 'held by the execution');
    const read = await r.executions.getWithSources(e.id);
    t.deepEqual(read?.execution, await r.executions.get(e.id));
    // Every field as the source repository reads it: metadata, flags, signatures and times.
    const byId = new Map((await r.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
    t.deepEqual(read?.sources, [
      byId.get(ids['b-found']!),
      byId.get(ids['c-gone']!),
      byId.get(ids['a-new']!),
    ]);
    t.is(read?.sources[0]?.metadata?.datasets.length, 1);
    t.is(await r.executions.getWithSources(uuid()), null);
  },
  "executions: the status read holds the execution and its sources' state, in its order": async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['b-found', 'a-new']);
    await discovered(r, ids['b-found']!, 's', { ok: true }, at(1));
    const e = execution({ sourceIds: [ids['b-found']!, ids['a-new']!] });
    await r.executions.insert(e, ev(e.id));
    const read = await r.executions.getWithSourceStates(e.id);
    t.is(read?.execution.id, e.id);
    t.deepEqual(
      read?.sources.map((s) => [
        s.sourceIdentifier,
        s.enabled,
        s.discoveryState,
        s.metadata?.datasets.length ?? null,
        s.discoveryFlags,
      ]),
      [
        ['b-found', true, 'done', 1, { ok: true }],
        ['a-new', true, 'never', null, {}],
      ],
    );
    t.is(await r.executions.getWithSourceStates(uuid()), null);
    // For admission: the same, and the project's runs in flight (a pending one does not count).
    await stored(r, execution({ state: 'running' }));
    await stored(r, execution({ state: 'completed' }));
    const adm = await r.executions.getForAdmission(e.id);
    t.deepEqual(adm?.sources, read?.sources);
    t.is(adm?.execution.id, e.id);
    t.is(adm?.inFlight, 1);
    t.is(await r.executions.getForAdmission(uuid()), null);
  },
};
