// The repository contract's rules for the usage ledger and walltime history (repositoryContract.ts runs them on both stores).
import type { AttemptUsage } from '../../../core/domain/usage.js';
import { at, uuid, module, uploaded, profile, execution, sourcesNamed, stored, type Rule } from './base.js';

export const usageContract: Record<string, Rule> = {
  'usage: written once with the write that ends an attempt; spent splits runs at the range; in flight by shape; totals':
    async (t, r) => {
      await uploaded(r);
      const batch = (nodes: number, minutes: number) =>
        ({
          ...profile(),
          name: `b${nodes}`,
          deployment: {
            kind: 'batch_remote',
            num_nodes: nodes,
            job_duration_minutes: minutes,
            cpus_per_task: 4,
          },
        }) as never;
      const autoBatch = () =>
        ({
          ...profile(),
          name: 'auto',
          deployment: {
            kind: 'batch_remote',
            num_nodes: 3,
            job_duration_minutes: 'auto',
            job_duration_fallback_minutes: 12,
          },
        }) as never;
      const ended = execution({ state: 'running', submittedAt: at(0) });
      await stored(r, ended);
      const use = (over: Partial<AttemptUsage>): AttemptUsage => ({
        executionId: ended.id,
        attempt: 1,
        projectModule: module,
        profileName: 'dim',
        backend: 'batch_remote',
        outcome: 'completed',
        source: 'sacct',
        jobId: '42',
        submittedAt: at(0),
        startedAt: at(100),
        endedAt: at(500),
        queueSeconds: 100,
        runSeconds: 400,
        nodes: 2,
        cpus: 8,
        nodeSeconds: 800,
        cpuSeconds: 3200,
        maxRssBytes: 5 * 1024 ** 3,
        remoteState: 'COMPLETED',
        exitCode: '0:0',
        limitMinutes: 45,
        ourSeconds: 42.5,
        graph: 'WALLABY.graph',
        ...over,
      });
      const first = use({});
      t.is(
        await r.executions.write(
          { id: ended.id, expect: ['running'], change: { state: 'completed' }, events: [], usage: first },
          at(500),
        ),
        'ok',
      );
      // A write that does not apply stores no usage; a second one for the same attempt keeps the first.
      t.is(
        await r.executions.write(
          { id: ended.id, expect: ['running'], change: {}, events: [], usage: use({ attempt: 2 }) },
          at(501),
        ),
        'state_changed',
      );
      await r.executions.write(
        { id: ended.id, expect: ['completed'], change: {}, events: [], usage: use({ nodeSeconds: 1 }) },
        at(502),
      );
      t.deepEqual(await r.usage.ofExecution(ended.id), [first]);
      // Two more through writeMany: a failed run that never started (cancelled in the queue) and one
      // that failed after running.
      const [a, b] = [execution({ state: 'running' }), execution({ state: 'running' })];
      for (const x of [a, b]) await stored(r, x);
      const never = use({
        executionId: a!.id,
        outcome: 'cancelled',
        startedAt: null,
        endedAt: at(300),
        runSeconds: 0,
        nodeSeconds: 0,
        cpuSeconds: 0,
        maxRssBytes: null,
      });
      const failed = use({
        executionId: b!.id,
        outcome: 'failed',
        profileName: 'other',
        source: 'estimate',
        cpuSeconds: null,
        cpus: null,
        startedAt: at(400),
        endedAt: at(800),
        nodeSeconds: 400,
      });
      t.deepEqual(
        await r.executions.writeMany(
          [
            { id: a!.id, expect: ['running'], change: { state: 'cancelled' }, events: [], usage: never },
            { id: b!.id, expect: ['pending'], change: { state: 'failed' }, events: [], usage: failed },
          ],
          at(800),
        ),
        ['ok', 'state_changed'],
      );
      await r.executions.writeMany(
        [{ id: b!.id, expect: ['running'], change: { state: 'failed' }, events: [], usage: failed }],
        at(800),
      );
      t.deepEqual(await r.usage.ofExecution(a!.id), [never]);
      // [300, 600): the first run 200 of its 400 s (400 node-s), the failed one 200 of 400 (200).
      const spent = await r.usage.spent(module, at(300), at(600));
      t.is(Math.round(spent.nodeSeconds), 600);
      t.is(Math.round(spent.cpuSeconds), 1600);
      t.deepEqual(await r.usage.spent('another_project', at(0), at(1000)), { nodeSeconds: 0, cpuSeconds: 0 });
      const within = await r.usage.within(module, at(300), at(600), 2);
      t.deepEqual(
        within.rows.map((u) => u.executionId),
        [a!.id, ended.id],
      );
      t.true(within.more);
      t.is((await r.usage.within(null, at(801), at(900), 10)).rows.length, 0);
      const totals = [...(await r.usage.totals())].sort((x, y) => (x.outcome < y.outcome ? -1 : 1));
      t.deepEqual(totals, [
        {
          projectModule: module,
          profileName: 'dim',
          outcome: 'cancelled',
          attempts: 1,
          nodeSeconds: 0,
          cpuSeconds: 0,
        },
        {
          projectModule: module,
          profileName: 'dim',
          outcome: 'completed',
          attempts: 1,
          nodeSeconds: 800,
          cpuSeconds: 3200,
        },
        {
          projectModule: module,
          profileName: 'other',
          outcome: 'failed',
          attempts: 1,
          nodeSeconds: 400,
          cpuSeconds: 0,
        },
      ]);
      // The run and queue histograms hold every attempt once, each in the buckets at or above its seconds.
      const all = (await r.usage.within(null, new Date(0), new Date(Date.UTC(3000, 0)), 100)).rows;
      const bounds = [1, 100, 250, 1e9];
      const histograms = [...(await r.usage.durationHistograms(bounds))].sort((x, y) =>
        `${x.backend}:${x.field}` < `${y.backend}:${y.field}` ? -1 : 1,
      );
      const expected = [...new Set(all.map((u) => u.backend))].sort().flatMap((backend) =>
        (['queue', 'run'] as const).map((field) => {
          const values = all
            .filter((u) => u.backend === backend)
            .map((u) => (field === 'run' ? u.runSeconds : u.queueSeconds));
          return {
            backend,
            field,
            counts: bounds.map((b) => values.filter((v) => v <= b).length),
            count: values.length,
            sum: values.reduce((x, y) => x + y, 0),
          };
        }),
      );
      t.deepEqual(histograms, expected);
      t.true(
        expected.some((h) => h.counts[0]! < h.count),
        'a bucket below the largest holds fewer',
      );
      // In flight: admitted and not ended, grouped by shape.
      for (const x of [
        execution({ state: 'running', profileSnapshot: batch(2, 60) }),
        execution({ state: 'queued', profileSnapshot: batch(2, 60) }),
        execution({ state: 'staging', profileSnapshot: batch(1, 30) }),
        execution({
          state: 'running',
          profileSnapshot: profile({ translation: { algo: 'metis', num_par: 3, num_islands: 0 } }),
        }),
        execution({ state: 'pending', profileSnapshot: batch(9, 9) }),
        // auto: the attempt's estimate once it has one (an earlier attempt's is not it), else the fallback.
        execution({
          state: 'running',
          attempt: 2,
          profileSnapshot: autoBatch(),
          runRecord: { walltime: { attempt: 2, minutes: 45, basis: 'b' } },
        }),
        execution({
          state: 'queued',
          attempt: 3,
          profileSnapshot: autoBatch(),
          runRecord: { walltime: { attempt: 2, minutes: 45, basis: 'b' } },
        }),
      ])
        await stored(r, x);
      const shapes = [...(await r.usage.inFlight(module))].sort(
        (x, y) => y.count - x.count || x.nodes - y.nodes || (x.minutes ?? 1e9) - (y.minutes ?? 1e9),
      );
      t.deepEqual(shapes, [
        { kind: 'batch_remote', nodes: 2, minutes: 60, cpusPerTask: 4, count: 2 },
        { kind: 'batch_remote', nodes: 1, minutes: 30, cpusPerTask: 4, count: 1 },
        { kind: 'batch_remote', nodes: 3, minutes: 12, cpusPerTask: null, count: 1 },
        { kind: 'batch_remote', nodes: 3, minutes: 45, cpusPerTask: null, count: 1 },
        { kind: 'rest_remote', nodes: 3, minutes: null, cpusPerTask: null, count: 1 },
      ]);
    },
  "usage: the sources of executions, by identifier, for splitting a grouped run's usage; an execution not stored is absent":
    async (t, r) => {
      await uploaded(r);
      const ids = await sourcesNamed(r, ['HIPASSJ0002-01', 'HIPASSJ0001-01', 'HIPASSJ0003-01']);
      const grouped = execution({ sourceIds: Object.values(ids) });
      const alone = execution({ sourceIds: [ids['HIPASSJ0003-01']!] });
      for (const x of [grouped, alone]) await stored(r, x);
      const missing = uuid();
      const got = await r.usage.sourcesOf([grouped.id, alone.id, missing]);
      t.deepEqual(got.get(grouped.id), ['HIPASSJ0001-01', 'HIPASSJ0002-01', 'HIPASSJ0003-01']);
      t.deepEqual(got.get(alone.id), ['HIPASSJ0003-01']);
      t.false(got.has(missing));
      t.is((await r.usage.sourcesOf([])).size, 0);
    },
  "usage: a walltime's history is a batch profile's newest runs in a project that completed or reached their limit":
    async (t, r) => {
      await uploaded(r);
      const ran = async (i: number, sources: number, over: Partial<AttemptUsage>): Promise<void> => {
        const x = execution({
          state: 'running',
          sourceIds: Array.from({ length: sources }, () => uuid()),
        });
        await stored(r, x);
        const usage: AttemptUsage = {
          executionId: x.id,
          attempt: 1,
          projectModule: module,
          profileName: 'auto',
          backend: 'batch_remote',
          outcome: 'completed',
          source: 'sacct',
          jobId: String(i),
          submittedAt: at(i),
          startedAt: at(i),
          endedAt: at(i + 100),
          queueSeconds: 0,
          runSeconds: 100 + i,
          nodes: 1,
          cpus: 1,
          nodeSeconds: 100,
          cpuSeconds: 100,
          maxRssBytes: null,
          remoteState: 'COMPLETED',
          exitCode: '0:0',
          limitMinutes: 10,
          ourSeconds: null,
          graph: null,
          ...over,
        };
        t.is(
          await r.executions.write(
            {
              id: x.id,
              expect: ['running'],
              change: { state: over.outcome ?? 'completed' },
              events: [],
              usage,
            },
            at(i + 100),
          ),
          'ok',
        );
      };
      await ran(1, 2, {});
      await ran(2, 3, { outcome: 'failed', remoteState: 'TIMEOUT', limitMinutes: 7 });
      await ran(3, 1, { outcome: 'failed', remoteState: 'timeout' });
      await ran(4, 1, { outcome: 'failed', remoteState: 'FAILED' });
      await ran(5, 1, { outcome: 'cancelled', remoteState: 'CANCELLED' });
      await ran(6, 1, { profileName: 'other' });
      await ran(7, 1, { backend: 'rest_remote', limitMinutes: null });
      await ran(8, 4, { limitMinutes: null });
      t.deepEqual(await r.usage.walltimeHistory(module, 'auto', 10), [
        { runSeconds: 108, sources: 4, timedOut: false, limitMinutes: null },
        { runSeconds: 103, sources: 1, timedOut: true, limitMinutes: 10 },
        { runSeconds: 102, sources: 3, timedOut: true, limitMinutes: 7 },
        { runSeconds: 101, sources: 2, timedOut: false, limitMinutes: 10 },
      ]);
      t.is((await r.usage.walltimeHistory(module, 'auto', 2)).length, 2);
      t.deepEqual(await r.usage.walltimeHistory('another_project', 'auto', 10), []);
    },
};
