// The repository contract's rules for admissions and poll rounds, and automation's retry rule (repositoryContract.ts runs them on both stores).
import { retryRule, sourceHeldKind } from '../../../core/domain/automationRetry.js';
import type { Execution } from '../../../core/domain/executionRecord.js';
import type { AlertRule } from '../../../core/domain/alerting.js';
import { summariseSource, viewSource } from '../../../core/domain/source.js';
import { type SourceFilter, sourceMatches } from '../../../core/domain/sourceFilter.js';
import type { FiredEvent } from '../../../core/ports/AlertDeliveries.js';
import {
  t0,
  at,
  uuid,
  module,
  ev,
  uploaded,
  profile,
  noRetries,
  execution,
  sourcesNamed,
  discovered,
  stored,
  allPages,
  type Rule,
} from './base.js';

export const admissionsContract: Record<string, Rule> = {
  'admissions: made and admitted in batches; a batch admits only what is still pending': async (t, r) => {
    await uploaded(r);
    const rule: AlertRule = {
      id: uuid(),
      name: 'queued',
      enabled: true,
      projectModule: module,
      conditions: { kind: 'execution_ended', states: ['failed'], profile_name: null },
      channelIds: [],
      cooldownMinutes: 0,
      version: 1,
      createdAt: t0,
      updatedAt: t0,
    };
    t.is(await r.alerts.insertRule(rule, ['execution.queued']), 'ok');
    const asked = (over: Partial<Execution> = {}) =>
      execution({ executeRequestedAt: at(1), doStage: true, doSubmit: false, ...over });
    const [a, b, c] = [asked(), asked({ executeRequestedAt: at(2) }), asked({ executeRequestedAt: at(3) })];
    await r.executions.insertMany(
      [a, b, c].map((x) => ({
        execution: x,
        events: [
          ev(x.id, 'execution.created', 'execution'),
          ev(x.id, 'execution.execute_requested', 'execution'),
        ],
      })),
      at(1),
    );
    t.like(await r.executions.get(a.id), {
      state: 'pending',
      doStage: true,
      doSubmit: false,
      executeRequestedAt: at(1),
    });
    t.deepEqual(
      (await r.admissions.awaitingAdmission(10)).map((x) => x.id),
      [a.id, b.id, c.id],
    );
    // c is cancelled meanwhile: the batch moves a and b, with their events and jobs only.
    t.is(
      await r.executions.write(
        { id: c.id, expect: ['pending'], change: { state: 'cancelled' }, events: [] },
        at(2),
      ),
      'ok',
    );
    const admission = (x: Execution) => ({
      id: x.id,
      state: 'queued' as const,
      events: [ev(x.id, 'execution.queued', 'execution')],
      job: {
        kind: 'execution.run',
        payload: { execution_id: x.id, attempt: 1 },
        idempotencyKey: `run:${x.id}`,
      },
    });
    const moved = await r.admissions.admitMany([a, b, c].map(admission), at(3));
    t.deepEqual([...moved].sort(), [a.id, b.id].sort());
    t.like(await r.executions.get(b.id), { state: 'queued', updatedAt: at(3) });
    t.like(await r.executions.get(c.id), { state: 'cancelled' });
    const kinds = async (id: string) =>
      (await r.events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 10, null)).items.map(
        (e) => e.kind,
      );
    t.deepEqual(await kinds(a.id), ['execution.created', 'execution.execute_requested', 'execution.queued']);
    t.deepEqual(await kinds(c.id), ['execution.created', 'execution.execute_requested']);
    let fired: readonly FiredEvent[] = [];
    await r.deliveries.dispatchOutbox(10, at(4), (f) => {
      fired = f;
      return [];
    });
    t.deepEqual(
      fired.map((f) => f.event.subjectId).sort(),
      [a.id, b.id].sort(),
      'each queued event fired the rule',
    );
    const jobs = await r.queue.claim('w', ['execution.run'], 10, 60, at(4));
    t.deepEqual(
      jobs.map((j) => (j.payload as { execution_id: string }).execution_id).sort(),
      [a.id, b.id].sort(),
    );
    // Admitting again moves nothing and adds no job; a second request under a live key is left out.
    t.is((await r.admissions.admitMany([admission(a)], at(5))).size, 0);
  },
  'admissions and poll rounds: admission order, in flight per project, targets to poll and their rounds':
    async (t, r) => {
      await uploaded(r);
      const late = execution({ executeRequestedAt: at(5) });
      const early = execution({ executeRequestedAt: at(1) });
      const idle = execution();
      const run1 = execution({ state: 'running', backendTarget: 'dim:1', submittedAt: at(3) });
      const run2 = execution({ state: 'cancelling', backendTarget: 'dim:1', submittedAt: at(2) });
      const batch = execution({
        state: 'running',
        backendTarget: 'ssh:1',
        submittedAt: at(0),
        profileSnapshot: { ...profile(), deployment: { kind: 'batch_remote' } as never },
      });
      for (const x of [late, early, idle, run1, run2, batch]) await stored(r, x);
      t.deepEqual(
        (await r.admissions.awaitingAdmission(10)).map((x) => x.id),
        [early.id, late.id],
      );
      t.deepEqual([...(await r.admissions.inFlightByProject())], [[module, 3]]);
      t.is(await r.admissions.inFlightIn(module), 3);
      t.is(await r.admissions.inFlightIn('no_such_project'), 0);
      // Per profile: none of these has a profile that still exists (profileId null), so none counts.
      t.deepEqual([...(await r.admissions.inFlightByProfile())], []);
      const mine = profile({ name: 'counted' });
      await r.profiles.insert(mine, ev(mine.id), t0);
      for (const state of ['queued', 'running', 'completed'] as const)
        await stored(r, execution({ state, profileId: mine.id }));
      t.deepEqual([...(await r.admissions.inFlightByProfile())], [[mine.id, 2]]);
      t.is(await r.admissions.inFlightOfProfile(mine.id), 2);
      t.deepEqual(
        (await r.pollRounds.onTarget('dim:1', 10)).map((x) => x.id),
        [run2.id, run1.id],
      );
      const targets = (await r.pollRounds.pollTargets()).sort((a, b) => a.target.localeCompare(b.target));
      t.deepEqual(
        targets.map((x) => [x.target, x.kind, x.inFlight, x.lastPolledAt, x.pollIntervalSeconds]),
        [
          ['dim:1', 'rest_remote', 2, null, 60],
          ['ssh:1', 'batch_remote', 1, null, 60],
        ],
      );
      const round = (target: string) => ({
        target,
        job: { kind: 'execution.poll', payload: { target }, idempotencyKey: `poll:${target}` },
      });
      const schedule = async (s: number) => {
        for (const j of await r.queue.claim('w', ['execution.poll'], 10, 60, at(s)))
          await r.queue.complete(j.lease, at(s));
        return r.pollRounds.schedulePolls([round('dim:1'), round('dim:1')], at(s));
      };
      const polledAt = async () =>
        (await r.pollRounds.pollTargets()).find((x) => x.target === 'dim:1')?.lastPolledAt;
      t.is(await schedule(10), 1, 'one round per target: its job, and when');
      t.is(await r.pollRounds.schedulePolls([round('dim:1')], at(12)), 0, 'not while its job is live');
      t.deepEqual(await polledAt(), at(10));
      await r.pollRounds.recordRound('dim:1', at(10), at(11), null, true);
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(11), 'the first answer is recorded');
      // Rounds that start on time and answer again write nothing; the last answer is then at least
      // the start of the round before the newest one.
      for (const s of [20, 30]) {
        t.is(await schedule(s), 1);
        await r.pollRounds.recordRound('dim:1', at(s), at(s + 1), null, true);
      }
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(20));
      t.is(await schedule(40), 1);
      await r.pollRounds.recordRound('dim:1', at(40), at(41), 'timeout', false);
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(30), 'kept when the rounds stop answering');
      t.is(await r.pollRounds.lastAnswered('ssh:1'), null);
      t.deepEqual(await polledAt(), at(40));
      // dim:1 failed its last round and last answered at 30; ssh:1 never polled (no error): not down.
      t.deepEqual(await r.pollRounds.unansweredTargets(at(30), null), []);
      t.deepEqual(
        (await r.pollRounds.unansweredTargets(at(31), null)).map((x) => [
          x.target,
          x.kind,
          x.inFlight,
          x.lastError,
        ]),
        [['dim:1', 'rest_remote', 2, 'timeout']],
      );
      t.deepEqual(await r.pollRounds.unansweredTargets(at(31), 'another_project'), []);
      // A round the tick did not schedule (a submission's) records its start, and nothing else changes.
      await r.pollRounds.recordRound('dim:1', at(55), at(56), 'timeout', false);
      t.deepEqual(await polledAt(), at(55));
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(30));
      await r.pollRounds.recordRound('ssh:1', at(25), at(26), 'connection refused', false);
      t.deepEqual(
        (await r.pollRounds.unansweredTargets(at(40), null)).map((x) => [x.target, x.lastAnsweredAt]),
        [
          ['dim:1', at(30)],
          ['ssh:1', null],
        ],
      );
      // Answering again with a cancel that could not be sent: an error, but the target is not down.
      await r.pollRounds.recordRound('dim:1', at(60), at(61), 'cancel of x: refused', true);
      t.deepEqual(await r.pollRounds.unansweredTargets(at(100), null).then((u) => u.map((x) => x.target)), [
        'ssh:1',
      ]);
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(61));
      const waits = await r.executionFigures.remoteQueueWaits(at(30));
      t.deepEqual(
        waits.map((w) => [w.projectModule, Number(w.waiting), Number(w.longestSeconds)]),
        [[module, 1, 30]],
      );
    },
  "admissions: automation's retry rule: it waits after a source's failed runs, longer each time, and stops at the most; new data starts afresh":
    async (t, r) => {
      await uploaded(r);
      await uploaded(r, 'h2', at(1));
      const names = [
        'once',
        'waited',
        'twice',
        'thrice',
        'samesig',
        'person',
        'oldver',
        'newdata',
        'cancelled',
      ];
      const ids = await sourcesNamed(r, [...names, 'multi-a', 'multi-b']);
      for (const id of Object.values(ids)) await discovered(r, id, 'a', {}, at(1));
      const failed = async (name: string | string[], end: number, over: Partial<Execution> = {}) => {
        const x = execution({
          configVersion: 2,
          sourceIds: (Array.isArray(name) ? name : [name]).map((n) => ids[n]!),
          state: 'failed',
          createdBy: 'scheduler',
          createdAt: at(end - 100),
          finishedAt: at(end),
          ...over,
        });
        await stored(r, x);
        return x.id;
      };
      await failed('once', 9_000);
      await failed('waited', 5_000);
      await failed('twice', 6_000);
      const twiceLast = await failed('twice', 7_000);
      for (const end of [2_000, 3_000, 4_000]) {
        await failed('thrice', end);
        await failed('samesig', end);
        await failed('person', end, { createdBy: 'tester' });
        await failed('oldver', end, { configVersion: 1 });
        await failed('newdata', end);
      }
      await failed('cancelled', 4_000, { state: 'cancelled' });
      await failed(['multi-a', 'multi-b'], 9_500);
      // Discovery again: new data for one (a fresh start), the same data for another (no change).
      await discovered(r, ids['newdata']!, 'b', {}, at(5_000));
      await discovered(r, ids['samesig']!, 'a', {}, at(5_000));
      const rule = retryRule({ max_failed_runs: 3, retry_wait_minutes: 30 }, 2, at(10_000));
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, [], 20, rule)).map((s) => s.sourceIdentifier).sort(),
        ['cancelled', 'newdata', 'oldver', 'person', 'waited'],
        'once and the multi pair wait 30 min, twice 60 min, thrice and samesig are held',
      );
      t.deepEqual(await r.admissions.failedRunsOf(ids['twice']!, 2), {
        count: 2,
        lastAt: at(7_000),
        lastExecutionId: twiceLast,
      });
      t.like(await r.admissions.failedRunsOf(ids['multi-b']!, 2), { count: 1, lastAt: at(9_500) });
      t.is(await r.admissions.failedRunsOf(ids['person']!, 2), null, "a person's runs do not count");
      t.deepEqual(
        (await r.admissions.failedRunsIn(module, 2)).map((x) => [x.sourceIdentifier, x.failed.count]).sort(),
        [
          ['multi-a', 1],
          ['multi-b', 1],
          ['once', 1],
          ['samesig', 3],
          ['thrice', 3],
          ['twice', 2],
          ['waited', 1],
        ],
      );
      t.is(
        await r.admissions.failedRunsOf(ids['newdata']!, 2),
        null,
        'runs before the new data do not count',
      );
      t.is(await r.admissions.failedRunsOf(ids['thrice']!, 1), null, 'another version counts its own');
      // An hour later the waits are over.
      const later = { ...rule, now: at(13_700) };
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, [], 20, later)).map((s) => s.sourceIdentifier).sort(),
        ['cancelled', 'multi-a', 'multi-b', 'newdata', 'oldver', 'once', 'person', 'twice', 'waited'],
      );
      // Told once per hold: the event is the record; a later failed run makes a new hold to tell.
      const untold = async () =>
        (await r.admissions.heldUntold(module, rule, 10))
          .map((h) => [h.sourceIdentifier, h.failed.count])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      t.deepEqual(await untold(), [
        ['samesig', 3],
        ['thrice', 3],
      ]);
      await r.events.append(ev(ids['thrice']!, sourceHeldKind), at(10_000));
      t.deepEqual(await untold(), [['samesig', 3]]);
      await failed('thrice', 11_000);
      t.deepEqual(await untold(), [
        ['samesig', 3],
        ['thrice', 4],
      ]);
    },
  'admissions: the sources automation may run are ready, changed and free; a page of sources says which need processing':
    async (t, r) => {
      await uploaded(r);
      const ids = await sourcesNamed(r, ['ready', 'flagless', 'processed', 'busy', 'undiscovered', 'off']);
      await discovered(r, ids['ready']!, 'a', { ok: true }, at(2));
      await discovered(r, ids['flagless']!, 'b', { ok: false }, at(1));
      await discovered(r, ids['processed']!, 'c', { ok: true }, at(1));
      await discovered(r, ids['busy']!, 'd', { ok: true }, at(1));
      await discovered(r, ids['off']!, 'e', { ok: true }, at(1));
      await r.sources.setEnabled(ids['off']!, false, at(3), ev('x'));
      // Data the archive has not released to the account: held (discovery.access_check).
      const proprietary = (await sourcesNamed(r, ['proprietary']))['proprietary']!;
      const held =
        'the archive does not let the account fetch 1 of 1 datasets yet (proprietary; released 2027-06-30)';
      await r.discovery.saveDiscovery(
        proprietary,
        {
          configVersion: 1,
          metadata: {
            datasets: [{ a: 1 }],
            queries: {},
            vars: {},
            access: { held, proprietary: [{ dataset_id: 'a', release_date: '2027-06-30' }], unknown: [] },
          },
          flags: { ok: true },
          signature: 'p',
        },
        at(1),
        () => [],
      );
      const waiting = execution({ sourceIds: [proprietary] });
      await r.executions.insert(waiting, ev(waiting.id));
      t.deepEqual(
        (await r.executions.getWithSourceStates(waiting.id))?.sources.map((s) => s.metadata?.access?.held),
        [held],
        "an execution's source states carry the hold",
      );
      await r.executions.write(
        { id: waiting.id, expect: ['pending'], change: { state: 'cancelled' }, events: [] },
        at(3),
      );
      const e = execution({ sourceIds: [ids['busy']!] });
      await r.executions.insert(e, ev(e.id));
      const done = execution({ state: 'completed' });
      await r.executions.insert(done, ev(done.id));
      await r.executions.write(
        {
          id: done.id,
          expect: ['completed'],
          change: {},
          events: [],
          markProcessed: [{ sourceId: ids['processed']!, signature: 'c' }],
        },
        at(4),
      );
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, ['ok'], 10, noRetries)).map((s) => s.sourceIdentifier),
        ['ready'],
      );
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, [], 10, noRetries)).map((s) => s.sourceIdentifier),
        ['flagless', 'ready'],
        'oldest discovery first; never the held one',
      );
      t.is(await r.sources.delete(proprietary, at(5), ev('x')), 'ok');
      // A page of sources says of each what the domain says of the whole source (the adapter may
      // compute it in its query).
      const page = await r.sources.list(module, {}, 10, null);
      if (page === 'bad_cursor') return t.fail();
      const whole = new Map((await r.sources.getMany(Object.values(ids))).map((s) => [s.id, s]));
      t.deepEqual(
        page.items.map((s) => viewSource(s)),
        page.items.map((s) => viewSource(summariseSource(whole.get(s.id)!))),
      );
      t.deepEqual(
        page.items.filter((s) => s.needsProcessing).map((s) => s.sourceIdentifier),
        ['busy', 'flagless', 'off', 'ready'],
      );
      // The filters select what the domain's rule selects, each alone and together, a page at a time.
      const listed = async (filter: SourceFilter) =>
        (await allPages((c) => r.sources.list(module, filter, 2, c))).flat().map((s) => s.sourceIdentifier);
      const filters: [SourceFilter, string[]][] = [
        [{ needsProcessing: true }, ['busy', 'flagless', 'off', 'ready']],
        [{ needsProcessing: false }, ['processed', 'undiscovered']],
        [{ enabled: false }, ['off']],
        [{ discoveryState: 'never' }, ['undiscovered']],
        [{ discoveryState: 'failed' }, []],
        [{ enabled: true, needsProcessing: true, discoveryState: 'done' }, ['busy', 'flagless', 'ready']],
        [{ enabled: true, identifierPrefix: 'b' }, ['busy']],
      ];
      for (const [filter, want] of filters) {
        t.deepEqual(await listed(filter), want, JSON.stringify(filter));
        t.deepEqual(
          want,
          [...whole.values()]
            .filter((s) => sourceMatches(filter, s))
            .map((s) => s.sourceIdentifier)
            .sort(),
          `the domain's rule agrees: ${JSON.stringify(filter)}`,
        );
      }
    },
};
