import { get } from '../api.js';
import { BudgetGauge, StackedBars } from '../charts.js';
import { go, href, type Route } from '../router.js';
import type { ProjectUsage } from '../types.js';
import { readableProjects } from '../readable.js';
import { useMe } from '../session.js';
import { Page, Show, useLoad } from '../ui.js';

const outcomes = [
  { key: 'completed', label: 'Completed' },
  { key: 'failed', label: 'Failed' },
  { key: 'cancelled', label: 'Cancelled' },
] as const;

const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
/** Three significant figures: a source's share of a grouped run is a small part of an hour. */
const small = (x: number) => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3))));

/** The most sources the table of the costliest shows. */
const costliest = 20;

/**
 * A project's usage grouped one way (nothing while no project is chosen), read again every 30 s;
 * by source once (a survey's answer has a group per source).
 */
const useUsage = (module: string | undefined, by: 'month' | 'day' | 'profile' | 'graph' | 'source') =>
  useLoad(
    () =>
      module
        ? get<ProjectUsage>(`/projects/${encodeURIComponent(module)}/usage?by=${by}`)
        : Promise.resolve(null),
    `${by}:${module ?? ''}`,
    by === 'source' ? 0 : 30_000,
  );

const percentileSeries = [
  { key: 'p50', label: 'Median' },
  { key: 'p95', label: '95th percentile' },
] as const;
const minutes = (p: { p50: number; p95: number } | null): Record<string, number> =>
  p ? { p50: Number((p.p50 / 60).toFixed(2)), p95: Number((p.p95 / 60).toFixed(2)) } : {};

/** Day by day (UTC): the runs that ended by outcome, how long they ran, how long they waited in a queue. */
const Trends = ({ u }: { u: ProjectUsage }) => {
  const days = u.groups.map((g) => ({ ...g, label: g.key.slice(5) }));
  if (days.every((d) => d.runs === 0)) return <p class="muted">No run has ended in the last 30 days.</p>;
  return (
    <>
      <StackedBars
        label="Runs ended by day"
        unit="runs"
        series={outcomes}
        rows={days.map((d) => ({ key: d.key, label: d.label, values: d.runs_by_outcome }))}
      />
      {(
        [
          ['Run time by day', 'run_seconds'],
          ['Queue wait by day', 'queue_seconds'],
        ] as const
      ).map(([label, field]) => (
        <StackedBars
          key={field}
          label={label}
          unit="minutes"
          side
          series={percentileSeries}
          rows={days.map((d) => ({ key: d.key, label: d.label, values: minutes(d[field]) }))}
        />
      ))}
      <StackedBars
        label="A run's time by day, ours and the cluster's (medians)"
        unit="minutes"
        series={timeShares}
        rows={days.map((d) => ({ key: d.key, label: d.label, values: shares(d) }))}
      />
    </>
  );
};

/** A run's time in three parts: ours before the backend had it, the cluster's queue, its run. */
const timeShares = [
  { key: 'ours', label: 'Ours: staging, translation, submission' },
  { key: 'queue', label: "The cluster's queue" },
  { key: 'run', label: 'The run' },
] as const;
const shares = (g: ProjectUsage['groups'][number]): Record<string, number> => {
  const m = (s: number | undefined) => Number(((s ?? 0) / 60).toFixed(2));
  return g.runs === 0
    ? {}
    : { ours: m(g.our_seconds?.p50), queue: m(g.queue_seconds?.p50), run: m(g.run_seconds?.p50) };
};

/** Each graph the project ran: its runs by outcome, the failed share, median run time and ours. */
const ByGraph = ({ u }: { u: ProjectUsage }) =>
  u.groups.length === 0 ? (
    <p class="muted">No run has ended in this range.</p>
  ) : (
    <table>
      <thead>
        <tr>
          <th scope="col">Graph</th>
          <th scope="col">Runs</th>
          <th scope="col">Completed</th>
          <th scope="col">Failed</th>
          <th scope="col">Cancelled</th>
          <th scope="col">Failed share</th>
          <th scope="col">Median run (min)</th>
          <th scope="col">Median ours (min)</th>
        </tr>
      </thead>
      <tbody>
        {u.groups.map((g) => (
          <tr key={g.key}>
            <td>{g.key}</td>
            <td>{n(g.runs)}</td>
            <td>{n(g.runs_by_outcome.completed)}</td>
            <td>{n(g.runs_by_outcome.failed)}</td>
            <td>{n(g.runs_by_outcome.cancelled)}</td>
            <td>{g.runs > 0 ? `${Math.round((g.runs_by_outcome.failed / g.runs) * 100)}%` : '—'}</td>
            <td>{g.run_seconds ? n(Number((g.run_seconds.p50 / 60).toFixed(2))) : '—'}</td>
            <td>{g.our_seconds ? n(Number((g.our_seconds.p50 / 60).toFixed(2))) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

/** A project's usage: node-hours per month split by outcome, tables by profile and of the costliest sources, its budget and wall times. */
export const UsagePage = ({ route }: { route: Route }) => {
  const me = useMe();
  const projects = useLoad(() => readableProjects(me), 'projects');
  const module = route.path[1] ?? projects.data?.items[0]?.project_module;
  const key = module ?? '';
  const byMonth = useUsage(module, 'month');
  const byProfile = useUsage(module, 'profile');
  const byGraph = useUsage(module, 'graph');
  const bySource = useUsage(module, 'source');
  const byDay = useUsage(module, 'day');
  return (
    <Page title={module ? `Usage of ${module}` : 'Usage'}>
      <Show loaded={projects}>
        {(p) =>
          p.items.length === 0 ? (
            <p class="muted">No project has a configuration yet.</p>
          ) : (
            <label class="field">
              <span>Project</span>
              <select value={key} onChange={(e) => go(['usage', e.currentTarget.value])}>
                {p.items.map((x) => (
                  <option key={x.project_module} value={x.project_module}>
                    {x.project_module}
                  </option>
                ))}
              </select>
            </label>
          )
        }
      </Show>
      <Show loaded={byMonth}>
        {(u) =>
          u && (
            <>
              <h2>Budget</h2>
              {u.budget && (
                <BudgetGauge
                  unit={u.budget.unit.replace('_', '-')}
                  budget={u.budget.budget}
                  used={u.budget.used}
                  inFlight={u.budget.in_flight}
                  periodStart={u.budget.period_start}
                  periodEnd={u.budget.period_end}
                  now={new Date()}
                />
              )}
              {u.budget ? (
                <dl class="facts">
                  <dt>This month</dt>
                  <dd>
                    {n(u.budget.used)} of {n(u.budget.budget)} {u.budget.unit.replace('_', '-')} used (
                    {Math.round((u.budget.used / u.budget.budget) * 100)}%)
                  </dd>
                  <dt>Estimated for runs in flight</dt>
                  <dd>{n(u.budget.in_flight)}</dd>
                  <dt>When spent</dt>
                  <dd>{u.budget.on_exhausted === 'block' ? 'new runs wait' : 'runs go; alerts tell'}</dd>
                  <dt>Renews</dt>
                  <dd>{u.budget.period_end}</dd>
                </dl>
              ) : (
                <p class="muted">No budget: the configuration sets none.</p>
              )}
              <h2>Wall times</h2>
              {u.walltimes.length === 0 ? (
                <p class="muted">No batch profile: wall times are a Slurm job's.</p>
              ) : (
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Profile</th>
                      <th scope="col">job_duration_minutes</th>
                      <th scope="col">auto gives one source</th>
                      <th scope="col">Basis</th>
                    </tr>
                  </thead>
                  <tbody>
                    {u.walltimes.map((w) => (
                      <tr key={w.profile_name}>
                        <td>{w.profile_name}</td>
                        <td>{w.job_duration_minutes}</td>
                        <td>{w.estimate_minutes} min</td>
                        <td>{w.basis}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <h2>Node-hours per month</h2>
              <p class="muted">
                {n(u.total.node_hours)} node-hours in {n(u.total.runs)} runs since {u.from.slice(0, 10)};{' '}
                {n(u.total.badput_node_hours)} of them in runs that did not complete. Months are UTC calendar
                months; a run across a month's end counts in each.
              </p>
              {u.groups.length === 0 ? (
                <p class="muted">No run has ended in this range.</p>
              ) : (
                <StackedBars
                  label="Node-hours by month"
                  unit="node-hours"
                  series={outcomes}
                  rows={u.groups.map((g) => ({ key: g.key, label: g.key, values: g.node_hours_by_outcome }))}
                />
              )}
            </>
          )
        }
      </Show>
      <h2>The last 30 days</h2>
      <Show loaded={byDay}>{(u) => u && <Trends u={u} />}</Show>
      <h2>By profile</h2>
      <Show loaded={byProfile}>
        {(u) =>
          u &&
          (u.groups.length === 0 ? (
            <p class="muted">No run has ended in this range.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Profile</th>
                  <th scope="col">Runs</th>
                  <th scope="col">Node-hours</th>
                  <th scope="col">CPU-hours</th>
                  <th scope="col">Badput node-hours</th>
                  <th scope="col">Queue hours</th>
                  <th scope="col">Failed</th>
                </tr>
              </thead>
              <tbody>
                {u.groups.map((g) => (
                  <tr key={g.key}>
                    <td>
                      <a href={href(['executions'], { profile: g.key, project: u.project_module })}>
                        {g.key}
                      </a>
                    </td>
                    <td>{n(g.runs)}</td>
                    <td>{n(g.node_hours)}</td>
                    <td>
                      {g.runs_without_cpu > 0 ? `${n(g.cpu_hours)} (some runs report none)` : n(g.cpu_hours)}
                    </td>
                    <td>{n(g.badput_node_hours)}</td>
                    <td>{n(g.queue_hours)}</td>
                    <td>{g.runs > 0 ? `${Math.round((g.runs_by_outcome.failed / g.runs) * 100)}%` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))
        }
      </Show>
      <h2>By graph</h2>
      <Show loaded={byGraph}>{(u) => u && <ByGraph u={u} />}</Show>
      <h2>Sources that cost most</h2>
      <Show loaded={bySource}>
        {(u) =>
          u &&
          (u.groups.length === 0 ? (
            <p class="muted">No run has ended in this range.</p>
          ) : (
            <>
              <p class="muted">
                {u.groups.length} sources ran in this range. A run of several sources counts for each, and its
                hours are split equally among them.
              </p>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Source</th>
                    <th scope="col">Runs</th>
                    <th scope="col">Node-hours</th>
                    <th scope="col">Badput node-hours</th>
                  </tr>
                </thead>
                <tbody>
                  {[...u.groups]
                    .sort((a, b) => b.node_hours - a.node_hours || (a.key < b.key ? -1 : 1))
                    .slice(0, costliest)
                    .map((g) => (
                      <tr key={g.key}>
                        <td>
                          <a href={href(['sources'], { project: u.project_module, prefix: g.key })}>
                            {g.key}
                          </a>
                        </td>
                        <td>{n(g.runs)}</td>
                        <td>{small(g.node_hours)}</td>
                        <td>{small(g.badput_node_hours)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </>
          ))
        }
      </Show>
    </Page>
  );
};
