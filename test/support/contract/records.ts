// The repository contract's rules for artifacts, figures, events and maintenance (repositoryContract.ts runs them on both stores).
import { userCreatedEvent } from '../../../core/domain/accountEvents.js';
import type { Execution } from '../../../core/domain/executionRecord.js';
import {
  t0,
  at,
  day,
  account,
  module,
  ev,
  uploaded,
  execution,
  stored,
  allPages,
  type Rule,
} from './base.js';

export const recordsContract: Record<string, Rule> = {
  'artifacts: written under a held lease and listed by attempt': async (t, r) => {
    await uploaded(r);
    const e = execution();
    await r.executions.insert(e, ev(e.id));
    await r.queue.enqueue({ kind: 'execution.run', payload: {} }, t0);
    const [job] = await r.queue.claim('w', ['execution.run'], 1, 60, t0);
    const a = {
      executionId: e.id,
      attempt: 1,
      name: 'manifest.json',
      mediaType: 'application/json',
      sha256: 'ab',
      content: '{"é":1}',
    };
    t.is(await r.artifacts.saveArtifact(a, { ...job!.lease, token: job!.lease.token + 1 }, t0), 'lease_lost');
    t.is(await r.artifacts.saveArtifact(a, job!.lease, at(1)), 'ok');
    t.is(
      await r.artifacts.saveArtifact({ ...a, name: 'graph.json', content: '[]' }, job!.lease, at(2)),
      'ok',
    );
    t.is(await r.artifacts.artifact(e.id, 1, 'manifest.json'), '{"é":1}');
    t.is(await r.artifacts.artifact(e.id, 2, 'manifest.json'), null);
    t.deepEqual(
      (await r.artifacts.artifacts(e.id)).map((x) => [x.attempt, x.name, x.size, x.contentPrunedAt]),
      [
        [1, 'manifest.json', 8, null],
        [1, 'graph.json', 2, null],
      ],
    );
    // Several in one write: all under the fence, or none; a name written again is replaced.
    const more = [
      { ...a, name: 'translated.json', content: '[1]' },
      { ...a, name: 'graph.json', content: '[2, 3]' },
    ];
    t.is(
      await r.artifacts.saveArtifacts(more, { ...job!.lease, token: job!.lease.token + 1 }, at(3)),
      'lease_lost',
    );
    t.is(await r.artifacts.artifact(e.id, 1, 'translated.json'), null);
    t.is(await r.artifacts.saveArtifacts(more, job!.lease, at(4)), 'ok');
    t.is(await r.artifacts.artifact(e.id, 1, 'translated.json'), '[1]');
    t.is(await r.artifacts.artifact(e.id, 1, 'graph.json'), '[2, 3]');
    t.is((await r.artifacts.artifacts(e.id)).length, 3);
    // With a step's change, in the same write: stored only when the change is.
    const withStep = (expect: Execution['state'][], lease: NonNullable<typeof job>['lease']) =>
      r.executions.write(
        {
          id: e.id,
          expect,
          change: { error: 'x' },
          fence: lease,
          events: [],
          artifacts: [{ ...a, name: 'staged.json', content: '[4]' }],
        },
        at(5),
      );
    t.is(await withStep(['running'], job!.lease), 'state_changed');
    t.is(await withStep([e.state], { ...job!.lease, token: job!.lease.token + 1 }), 'lease_lost');
    t.is(await r.artifacts.artifact(e.id, 1, 'staged.json'), null);
    t.is(await withStep([e.state], job!.lease), 'ok');
    t.is(await r.artifacts.artifact(e.id, 1, 'staged.json'), '[4]');
    t.is((await r.executions.get(e.id))?.error, 'x');
  },
  'figures: counts by state, what ended since a time (newest failures first), what waits for admission':
    async (t, r) => {
      await uploaded(r);
      const xs = [
        execution({ state: 'completed', finishedAt: at(10) }),
        execution({ state: 'failed', finishedAt: at(20) }),
        execution({ state: 'failed', finishedAt: at(30) }),
        execution({ state: 'failed', finishedAt: at(1) }),
        execution({ state: 'pending', executeRequestedAt: at(5) }),
        execution({ state: 'pending', executeRequestedAt: at(50) }),
        execution({ state: 'pending' }),
      ];
      for (const x of xs) await stored(r, x);
      for (const [i, error] of [
        [1, 'boom'],
        [2, 'bang'],
      ] as const)
        await r.executions.write(
          { id: xs[i]!.id, expect: ['failed'], change: { error }, events: [] },
          at(40),
        );
      const counts = await r.executionFigures.countsByState();
      t.deepEqual(counts.map((c) => `${c.projectModule} ${c.state} ${c.count}`).sort(), [
        `${module} completed 1`,
        `${module} failed 3`,
        `${module} pending 3`,
      ]);
      // By the UTC hour they ended in: all four in the first hour after t0.
      const byHour = [...(await r.executionFigures.endedByHour(at(0)))].sort((a, b) =>
        a.state < b.state ? -1 : 1,
      );
      t.deepEqual(byHour, [
        { hour: t0, state: 'completed', count: 1 },
        { hour: t0, state: 'failed', count: 3 },
      ]);
      t.deepEqual(await r.executionFigures.endedByHour(at(3600)), []);
      const ended = await r.executionFigures.endedSince(at(5), null, 5);
      t.deepEqual(ended.byState, { completed: 1, failed: 2 });
      t.deepEqual(ended.failed, [
        { id: xs[2]!.id, projectModule: module, error: 'bang' },
        { id: xs[1]!.id, projectModule: module, error: 'boom' },
      ]);
      t.is((await r.executionFigures.endedSince(at(5), null, 1)).failed.length, 1);
      t.deepEqual(await r.executionFigures.endedSince(at(5), 'another_project', 5), {
        byState: {},
        failed: [],
      });
      t.deepEqual(await r.executionFigures.pendingSince(at(10), null, 5), {
        count: 1,
        sample: [{ id: xs[4]!.id, projectModule: module, since: at(5) }],
      });
      const all = await r.executionFigures.pendingSince(at(100), null, 1);
      t.is(all.count, 2);
      t.deepEqual(
        all.sample.map((x) => x.id),
        [xs[4]!.id],
      );
    },
  'events: read per project or subject, oldest or newest first, a page at a time; cursors are checked, each of its order':
    async (t, r) => {
      for (let i = 0; i < 5; i++) await r.events.append(ev(i % 2 === 0 ? 'even' : 'odd'), at(i));
      await r.events.append({ ...ev('even'), projectModule: 'elsewhere' }, at(9));
      const stream = { kind: 'project', projectModule: module } as const;
      const times = (pages: { createdAt: Date }[][]) =>
        pages.map((p) => p.map((e) => e.createdAt.getTime() - t0.getTime()));
      const pages = await allPages((c) => r.events.read(stream, 2, c));
      t.deepEqual(times(pages), [[0, 1000], [2000, 3000], [4000]]);
      const newest = await allPages((c) => r.events.read(stream, 2, c, 'newest'));
      t.deepEqual(times(newest), [[4000, 3000], [2000, 1000], [0]]);
      const oldestCursor = (await r.events.read(stream, 2, null)).nextCursor;
      const newestCursor = (await r.events.read(stream, 2, null, 'newest')).nextCursor;
      t.true(r.events.isCursor(oldestCursor) && r.events.isCursor(newestCursor, 'newest'));
      t.false(r.events.isCursor(oldestCursor, 'newest'), "a cursor of one order is not the other's");
      t.false(r.events.isCursor(newestCursor, 'oldest'));
      const even = await r.events.read(
        { kind: 'subject', subjectType: 'source', subjectId: 'even' },
        10,
        null,
      );
      t.is(even.items.length, 4);
      t.deepEqual(even.items[0]?.payload, { n: 1 });
      t.true(r.events.isCursor(null));
      t.false(r.events.isCursor('Z2FyYmFnZQ'));
    },
  'maintenance: ended, settled, old executions go with their events; unsettled ones stay; the account audit goes by its own days; a dry run changes nothing':
    async (t, r) => {
      await uploaded(r);
      const old = execution({ state: 'completed', finishedAt: at(0) });
      const unsettled = execution({ state: 'failed', finishedAt: at(0), schedulerJobId: 'job-1' });
      const recent = execution({ state: 'completed', finishedAt: at(300 * day) });
      for (const x of [old, unsettled, recent]) await stored(r, x);
      // Account events 400 and 250 days old: past the events' 200 days, only the first past 300.
      const [gone, kept250] = [account('aged-out', 'viewer'), account('kept-on', 'viewer')];
      await r.events.append(userCreatedEvent(gone, 'host:root'), at(0));
      await r.events.append(userCreatedEvent(kept250, 'host:root'), at(150 * day));
      const now = at(400 * day);
      const policy = {
        eventsDays: 200,
        accountEventsDays: 300,
        executionsDays: 200,
        artifactsDays: 0,
        finishedJobsDays: 0,
        deadJobsDays: 0,
        configVersionsKept: 0,
        alertDeliveriesDays: 0,
      };
      const dry = await r.maintenance.prune(now, policy, { dryRun: true });
      t.is(dry.executions, 1);
      t.is(dry.accountEvents, 1);
      t.not(await r.executions.get(old.id), null, 'a dry run deletes nothing');
      t.deepEqual(await r.maintenance.prune(now, policy), dry, 'a dry run counts what a prune does');
      t.is(await r.executions.get(old.id), null);
      t.not(await r.executions.get(unsettled.id), null);
      t.not(await r.executions.get(recent.id), null);
      t.is(await r.maintenance.heldUnsettled(now, policy), 1);
      const left = await r.events.read(
        { kind: 'subject', subjectType: 'execution', subjectId: old.id },
        10,
        null,
      );
      t.deepEqual(left.items, [], "a pruned execution's old events go");
      const kept = await r.events.read(
        { kind: 'subject', subjectType: 'execution', subjectId: unsettled.id },
        10,
        null,
      );
      t.is(kept.items.length, 1, 'a stored execution keeps its events');
      t.deepEqual(
        (await r.events.read({ kind: 'accounts' }, 10, null)).items.map((e) => e.subjectId),
        ['kept-on'],
        'the audit keeps what its own days keep',
      );
    },
};
