// Usage arithmetic: months are UTC calendar months; a run across a month's end (or a range's end)
// counts on each side by the share of its run time there; budgets count settled usage, runs in
// flight and the run being admitted.
import test from 'ava';
import fc from 'fast-check';
import {
  type AttemptUsage,
  attemptUsage,
  monthOf,
  monthsOf,
  shareWithin,
  percentiles,
  summarizeUsage,
} from '../../core/domain/usage.js';
import {
  type BudgetState,
  budgetBlocker,
  budgetFigures,
  budgetSpent,
  withAdmitted,
} from '../../core/domain/budget.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import { dimProfile } from '../support/fixtures.js';

const row = (startedAt: Date | null, endedAt: Date, over: Partial<AttemptUsage> = {}): AttemptUsage => {
  const run = startedAt ? (endedAt.getTime() - startedAt.getTime()) / 1000 : 0;
  return {
    executionId: 'e',
    attempt: 1,
    projectModule: 'p',
    profileName: 'slurm',
    backend: 'batch_remote',
    outcome: 'completed',
    source: 'sacct',
    jobId: '1',
    submittedAt: startedAt,
    startedAt,
    endedAt,
    queueSeconds: 0,
    runSeconds: run,
    nodes: 2,
    cpus: 4,
    nodeSeconds: run * 2,
    cpuSeconds: run * 4,
    maxRssBytes: null,
    limitMinutes: 60,
    ourSeconds: 30,
    graph: 'WALLABY.graph',
    remoteState: 'COMPLETED',
    exitCode: '0:0',
    ...over,
  };
};

// Instants from 1999 to 2101 (leap years, century years), any millisecond.
const instant = fc
  .integer({ min: Date.UTC(1999, 0, 1), max: Date.UTC(2101, 0, 1) })
  .map((ms) => new Date(ms));

test('a month is the UTC calendar month, whatever offset the instant was written with', (t) => {
  // 00:30 on 1 December in Sydney is still November in UTC: it counts in November.
  const sydney = new Date('2026-12-01T00:30:00+11:00');
  t.is(monthOf(sydney).start.toISOString(), '2026-11-01T00:00:00.000Z');
  t.is(monthOf(sydney).end.toISOString(), '2026-12-01T00:00:00.000Z');
  // 23:30 on 31 January in Santiago is February in UTC.
  t.is(monthOf(new Date('2027-01-31T23:30:00-03:00')).start.toISOString(), '2027-02-01T00:00:00.000Z');
  t.is(monthOf(new Date('2028-02-29T12:00:00Z')).end.toISOString(), '2028-03-01T00:00:00.000Z');
  fc.assert(
    fc.property(instant, (d) => {
      const m = monthOf(d);
      return (
        m.start <= d &&
        d < m.end &&
        m.start.getUTCDate() === 1 &&
        m.start.getUTCHours() === 0 &&
        m.end.getUTCDate() === 1 &&
        (m.end.getUTCMonth() - m.start.getUTCMonth() + 12) % 12 === 1
      );
    }),
  );
});

test('a run is split at month ends: the shares sum to one and each is its time in that month', (t) => {
  fc.assert(
    fc.property(instant, fc.integer({ min: 1, max: 400 * 86_400_000 }), (s, len) => {
      const e = new Date(s.getTime() + len);
      const parts = monthsOf({ startedAt: s, endedAt: e });
      const total = parts.reduce((n, p) => n + p.share, 0);
      if (Math.abs(total - 1) > 1e-9) return false;
      // Each month's share is the time inside it over the run's length.
      return parts.every((p) => {
        const m = monthOf(new Date(`${p.month}-01T00:00:00Z`));
        const inside = Math.min(e.getTime(), m.end.getTime()) - Math.max(s.getTime(), m.start.getTime());
        return Math.abs(p.share - inside / len) < 1e-9;
      });
    }),
  );
  // 22:00 on 31 March to 02:00 on 1 April (UTC): half in each month.
  t.deepEqual(
    monthsOf({ startedAt: new Date('2026-03-31T22:00:00Z'), endedAt: new Date('2026-04-01T02:00:00Z') }),
    [
      { month: '2026-03', share: 0.5 },
      { month: '2026-04', share: 0.5 },
    ],
  );
  t.deepEqual(monthsOf({ startedAt: null, endedAt: new Date() }), []);
});

test('summing by month over any range keeps every node-hour inside it, once', (t) => {
  const run = fc
    .tuple(instant, fc.integer({ min: 0, max: 90 * 86_400_000 }), fc.boolean())
    .map(([s, len, started]) => row(started ? s : null, new Date(s.getTime() + len)));
  fc.assert(
    fc.property(
      fc.array(run, { maxLength: 20 }),
      instant,
      fc.integer({ min: 1, max: 800 * 86_400_000 }),
      (rows, from, len) => {
        const to = new Date(from.getTime() + len);
        const byMonth = summarizeUsage(rows, from, to, 'month');
        const byState = summarizeUsage(rows, from, to, 'state');
        const expected = rows.reduce((n, u) => n + (u.nodeSeconds * shareWithin(u, from, to)) / 3600, 0);
        const groups = byMonth.groups.reduce((n, g) => n + g.node_hours, 0);
        return (
          Math.abs(byMonth.total.node_hours - expected) < 1e-3 * Math.max(1, rows.length) &&
          Math.abs(groups - byMonth.total.node_hours) < 1e-3 * Math.max(1, byMonth.groups.length) &&
          Math.abs(byState.total.node_hours - byMonth.total.node_hours) < 1e-9 &&
          byMonth.groups.every(
            (g) => g.key >= from.toISOString().slice(0, 7) && g.key <= to.toISOString().slice(0, 7),
          )
        );
      },
    ),
  );
  t.pass();
});

test('by day, a run across midnight UTC counts in each day by its time there, and every day of the range is a group', (t) => {
  const u = row(new Date('2026-11-27T22:00:00Z'), new Date('2026-11-28T04:00:00Z'));
  const r = summarizeUsage([u], new Date('2026-11-26T00:00:00Z'), new Date('2026-11-29T00:00:00Z'), 'day');
  t.deepEqual(
    r.groups.map((g) => [g.key, g.runs, g.node_hours]),
    [
      ['2026-11-26', 0, 0],
      ['2026-11-27', 0.333, 4],
      ['2026-11-28', 0.667, 8],
    ],
  );
  t.is(r.total.node_hours, 12);
});

test('each group says its runs by outcome and the median and 95th percentile of their run times and queue waits', (t) => {
  const h = (n: number) => new Date(Date.UTC(2026, 10, 27, n));
  const rows = [
    row(h(1), h(2), { executionId: 'a', queueSeconds: 60 }),
    row(h(3), h(5), { executionId: 'b', queueSeconds: 600, outcome: 'failed' }),
    row(h(6), h(7), { executionId: 'c', queueSeconds: 0 }),
    row(null, h(8), { executionId: 'd', outcome: 'cancelled' }),
  ];
  const [day] = summarizeUsage(rows, h(0), h(24), 'day').groups;
  t.deepEqual(day!.runs_by_outcome, { completed: 2, failed: 1, cancelled: 1 });
  t.deepEqual(day!.run_seconds, { p50: 3600, p95: 7200 }, 'the run that never started is not timed');
  t.deepEqual(day!.queue_seconds, { p50: 60, p95: 600 });
  t.is(percentiles([]), null);
  t.deepEqual(percentiles([5]), { p50: 5, p95: 5 });
});

test("our time before submission is a percentile of its own, and by graph each graph's runs give its failure rate", (t) => {
  const h = (n: number) => new Date(Date.UTC(2026, 10, 27, n));
  const rows = [
    row(h(1), h(2), { executionId: 'a', ourSeconds: 20, graph: 'WALLABY.graph' }),
    row(h(3), h(5), { executionId: 'b', ourSeconds: 90, graph: 'WALLABY.graph', outcome: 'failed' }),
    row(h(6), h(7), { executionId: 'c', ourSeconds: null, graph: 'HelloWorld.graph' }),
    // Never submitted: no time of ours to count, whatever a row says.
    row(null, h(8), { executionId: 'd', ourSeconds: 5, graph: null, outcome: 'failed', submittedAt: null }),
  ];
  const [day] = summarizeUsage(rows, h(0), h(24), 'day').groups;
  t.deepEqual(day!.our_seconds, { p50: 20, p95: 90 }, 'unknown and unsubmitted runs left out');
  const byGraph = summarizeUsage(rows, h(0), h(24), 'graph').groups;
  t.deepEqual(
    byGraph.map((g) => [g.key, g.runs, g.runs_by_outcome.failed]),
    [
      ['(unknown)', 1, 1],
      ['HelloWorld.graph', 1, 0],
      ['WALLABY.graph', 2, 1],
    ],
  );
  t.is(byGraph.find((g) => g.key === 'HelloWorld.graph')!.our_seconds, null);
});

test('badput counts the node-hours of runs that did not complete; CPU time a backend did not report is counted apart', (t) => {
  const s = new Date('2026-11-02T00:00:00Z');
  const h = (n: number) => new Date(s.getTime() + n * 3600_000);
  const rows = [
    row(s, h(1)),
    row(h(1), h(3), { outcome: 'failed', profileName: 'dim', cpuSeconds: null }),
    row(null, h(4), { outcome: 'cancelled', nodeSeconds: 0, cpuSeconds: 0, queueSeconds: 3600 }),
  ];
  const r = summarizeUsage(rows, new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'), 'state');
  t.deepEqual(r.total, {
    runs: 3,
    node_hours: 6,
    cpu_hours: 4,
    badput_node_hours: 4,
    queue_hours: 1,
    runs_without_cpu: 1,
  });
  t.deepEqual(
    r.groups.map((g) => [g.key, g.runs, g.node_hours]),
    [
      ['cancelled', 1, 0],
      ['completed', 1, 2],
      ['failed', 1, 4],
    ],
  );
  t.deepEqual(
    summarizeUsage(rows, h(2), h(10), 'profile').groups.map((g) => [g.key, g.runs, g.node_hours]),
    [
      ['dim', 0.5, 2],
      ['slurm', 1, 0],
    ],
  );
});

test('by source, a grouped run counts for each of its sources and what it held is split among them; a retry alone counts whole', (t) => {
  const s = new Date('2026-11-02T00:00:00Z');
  const h = (n: number) => new Date(s.getTime() + n * 3600_000);
  const rows = [
    // Three sources in one run that failed (2 nodes, 3 hours: 6 node-hours, 12 CPU-hours)...
    row(s, h(3), { executionId: 'grouped', outcome: 'failed' }),
    // ...then the source at fault alone (1 hour: 2 node-hours), and one whose sources are gone.
    row(h(3), h(4), { executionId: 'alone' }),
    row(h(4), h(5), { executionId: 'purged' }),
  ];
  const sourcesOf = new Map([
    ['grouped', ['HIPASSJ0001-01', 'HIPASSJ0002-01', 'HIPASSJ0003-01']],
    ['alone', ['HIPASSJ0002-01']],
  ]);
  const r = summarizeUsage(rows, h(-1), h(10), 'source', sourcesOf);
  t.deepEqual(
    r.groups.map((g) => [g.key, g.runs, g.node_hours, g.cpu_hours, g.badput_node_hours]),
    [
      ['(unknown)', 1, 2, 4, 0],
      ['HIPASSJ0001-01', 1, 2, 4, 2],
      ['HIPASSJ0002-01', 2, 4, 8, 2],
      ['HIPASSJ0003-01', 1, 2, 4, 2],
    ],
  );
  // The sources' node-hours add up to the total: nothing counted twice, nothing left out.
  t.is(r.total.node_hours, 10);
  t.is(
    r.groups.reduce((n, g) => n + g.node_hours, 0),
    r.total.node_hours,
  );
  t.deepEqual(r.groups[2]!.node_hours_by_outcome, { completed: 2, failed: 2, cancelled: 0 });
});

test('an attempt without a backend report is estimated from our clock and the profile; a report wins', (t) => {
  const submitted = new Date('2026-11-26T10:00:00Z');
  const base = {
    executionId: 'e',
    attempt: 2,
    projectModule: 'p',
    profileName: 'slurm',
    backend: 'batch_remote' as const,
    outcome: 'failed' as const,
    remoteState: 'running',
    submittedAt: submitted,
    seenStartedAt: new Date('2026-11-26T10:10:00Z'),
    profileNodes: 4,
    limitMinutes: 90,
    ourSeconds: null,
    graph: null,
    now: new Date('2026-11-26T11:10:00Z'),
  };
  t.like(attemptUsage({ ...base, reported: null }), {
    source: 'estimate',
    limitMinutes: 90,
    queueSeconds: 600,
    runSeconds: 3600,
    nodeSeconds: 4 * 3600,
    cpuSeconds: null,
  });
  // Never seen starting: it counts no run time; its wait is queue time.
  t.like(attemptUsage({ ...base, seenStartedAt: null, outcome: 'cancelled', reported: null }), {
    startedAt: null,
    queueSeconds: 4200,
    runSeconds: 0,
    nodeSeconds: 0,
  });
  const sacct = attemptUsage({
    ...base,
    reported: {
      source: 'sacct',
      jobId: '77',
      submittedAt: new Date('2026-11-26T10:00:05Z'),
      startedAt: null,
      endedAt: new Date('2026-11-26T10:05:00Z'),
      elapsedSeconds: 0,
      nodes: 0,
      cpus: 0,
      cpuSeconds: 0,
      maxRssBytes: null,
      state: 'CANCELLED',
      exitCode: '0:0',
    },
  });
  t.like(sacct, {
    source: 'sacct',
    startedAt: null,
    queueSeconds: 295,
    runSeconds: 0,
    nodeSeconds: 0,
    jobId: '77',
  });
});

const batch = (nodes: number, minutes: number): DeploymentProfile =>
  ({
    ...dimProfile('x', 'p', new Date(0)),
    deployment: { kind: 'batch_remote', num_nodes: nodes, job_duration_minutes: minutes },
  }) as DeploymentProfile;

test('a budget holds back a run whose estimate would go past it; a dry run and warn mode pass', (t) => {
  const now = new Date('2026-11-26T12:00:00Z');
  const rest = { poll_interval_seconds: 60, poll_max_rounds: 40 };
  const state = (
    limit: number,
    spentNodeSeconds: number,
    onExhausted: 'block' | 'warn' = 'block',
  ): BudgetState => {
    const budget = {
      limit,
      unit: 'node_hours' as const,
      period: 'month' as const,
      on_exhausted: onExhausted,
    };
    return {
      budget,
      rest,
      figures: budgetFigures(
        budget,
        { nodeSeconds: spentNodeSeconds, cpuSeconds: 0 },
        [{ kind: 'batch_remote', nodes: 1, minutes: 60, cpusPerTask: null, count: 1 }],
        rest,
        now,
      ),
    };
  };
  const run = { doSubmit: true, profile: batch(2, 30) };
  // 1 node-hour in flight, 1 spent, this run 1: 3 of 3 fits, 3 of 2.99 does not.
  t.is(budgetBlocker(state(3, 3600), run), null);
  const held = budgetBlocker(state(2.99, 3600), run);
  t.regex(
    held!,
    /^budget_exhausted: 1 node-hours used this month and 1 estimated for runs in flight; this run may take 1 more, past the budget of 2.99 \(the period ends 2026-12-01T00:00:00.000Z\)$/,
  );
  t.is(budgetBlocker(state(2.99, 3600), { ...run, doSubmit: false }), null);
  t.is(budgetBlocker(state(2.99, 3600, 'warn'), run), null);
  // Admitting counts the run in flight: the next one of the same size no longer fits.
  const after = withAdmitted(state(3.5, 3600), run);
  t.is(after.figures.in_flight, 2);
  t.truthy(budgetBlocker(after, run));
  t.false(budgetSpent(state(3, 3600)));
  t.true(budgetSpent(state(2, 3600)));
  t.false(budgetSpent(state(2, 3600, 'warn')));
  // The period is the UTC month of now.
  t.is(state(1, 0).figures.period_start, '2026-11-01T00:00:00.000Z');
});
