import * as t from 'io-ts';
import { DateTimeString } from '../codecs.js';
import { component, withSchema } from '../jsonSchema.js';
import { usageGroupings } from '../../core/domain/usage.js';

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/**
 * A point in time in a query: a UTC month (`2026-11`), a UTC day (`2026-11-05`) or a date-time
 * with its offset (`2026-11-05T12:00:00Z`). Days a month does not have (`2026-02-30`) are refused,
 * not rolled over; so is 29 February of a year ending in 00 (2000 included: a rare loss for a
 * rule a regular expression can hold).
 */
const timePattern =
  /^(?!\d{4}-(?:02-3[01]|(?:04|06|09|11)-31))(?!\d{2}(?:[02468][1235679]|[13579][01345789])-02-29)(?!\d{2}00-02-29)\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?)?$/;
export const TimeParam = withSchema(
  t.refinement(
    t.string,
    (s) => timePattern.test(s) && Number.isFinite(Date.parse(s)),
    'a UTC month (2026-11), a UTC day (2026-11-05) or a date-time with its offset',
  ),
  { type: 'string', pattern: timePattern.source, maxLength: 29 },
);

/** The same with the time required (and with it, its offset): one instant. */
const instantPattern = new RegExp(`^(?=\\d{4}-\\d{2}-\\d{2}T)${timePattern.source.slice(1)}`);

/** One instant, as a request body gives it: a date-time with its offset, checked as TimeParam is. */
export const DateTimeInput = withSchema(
  t.refinement(
    t.string,
    (s) => instantPattern.test(s) && Number.isFinite(Date.parse(s)),
    'a date-time with its offset (2026-12-01T08:00:00Z)',
  ),
  { type: 'string', format: 'date-time', pattern: instantPattern.source, maxLength: 29 },
);

export const UsageQuery = t.partial({
  from: TimeParam,
  to: TimeParam,
  by: withSchema(
    t.keyof(
      Object.fromEntries(usageGroupings.map((g) => [g, null])) as Record<
        (typeof usageGroupings)[number],
        null
      >,
    ),
    { type: 'string', enum: [...usageGroupings] },
  ),
});

const totals = {
  runs: t.number,
  node_hours: t.number,
  cpu_hours: t.number,
  badput_node_hours: t.number,
  queue_hours: t.number,
  runs_without_cpu: t.number,
};

export const BudgetView = component(
  'Budget',
  t.type({
    unit: t.keyof({ node_hours: null, cpu_hours: null }),
    budget: t.number,
    used: t.number,
    in_flight: t.number,
    period_start: DateTimeString,
    period_end: DateTimeString,
  }),
);

/** A pending execution's budget: the figures, what this run may take, whether it would go past. */
export const ExecutionBudgetView = component(
  'ExecutionBudget',
  t.intersection([
    BudgetView,
    t.type({ this_run: t.number, exceeded: t.boolean, on_exhausted: t.keyof({ block: null, warn: null }) }),
  ]),
);

export const ProjectUsageView = component(
  'ProjectUsage',
  t.type({
    project_module: t.string,
    from: DateTimeString,
    to: DateTimeString,
    by: t.string,
    total: t.type(totals),
    groups: t.array(
      t.type({
        key: t.string,
        ...totals,
        node_hours_by_outcome: t.type({ completed: t.number, failed: t.number, cancelled: t.number }),
        runs_by_outcome: t.type({ completed: t.number, failed: t.number, cancelled: t.number }),
        /** Median and 95th percentile of the run times of the group's runs that started (seconds). */
        run_seconds: nullable(t.type({ p50: t.number, p95: t.number })),
        /** The same of their waits in a cluster's queue. */
        queue_seconds: nullable(t.type({ p50: t.number, p95: t.number })),
        /** The same of the time they spent with us before their backend had them (staging, translation, submission). */
        our_seconds: nullable(t.type({ p50: t.number, p95: t.number })),
      }),
    ),
    budget: nullable(
      t.intersection([BudgetView, t.type({ on_exhausted: t.keyof({ block: null, warn: null }) })]),
    ),
    /** Per batch profile: what job_duration_minutes: auto gives a run of one source now, and why. */
    walltimes: t.array(
      t.type({
        profile_name: t.string,
        job_duration_minutes: t.union([t.number, t.literal('auto')]),
        estimate_minutes: t.number,
        basis: t.string,
        from: t.keyof({ history: null, fallback: null }),
        completed_runs: t.number,
        timed_out_runs: t.number,
      }),
    ),
  }),
);

export const AttemptUsageView = component(
  'AttemptUsage',
  t.type({
    attempt: t.number,
    outcome: t.keyof({ completed: null, failed: null, cancelled: null }),
    source: t.keyof({ sacct: null, session: null, estimate: null }),
    backend: t.keyof({ rest_remote: null, batch_remote: null }),
    profile_name: t.string,
    job_id: nullable(t.string),
    submitted_at: nullable(DateTimeString),
    started_at: nullable(DateTimeString),
    ended_at: DateTimeString,
    queue_seconds: t.number,
    run_seconds: t.number,
    nodes: t.number,
    cpus: nullable(t.number),
    node_hours: t.number,
    cpu_hours: nullable(t.number),
    max_rss_bytes: nullable(t.number),
    remote_state: t.string,
    exit_code: nullable(t.string),
  }),
);

export const ExecutionUsageView = t.type({
  attempts: t.array(AttemptUsageView),
  total: t.type({
    node_hours: t.number,
    cpu_hours: t.number,
    queue_seconds: t.number,
    run_seconds: t.number,
  }),
});
