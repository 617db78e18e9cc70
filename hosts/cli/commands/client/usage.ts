import { Command, Option } from 'clipanion';
import { usageGroupings } from '../../../../core/domain/usage.js';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table } from '../../client/clientCommand.js';

interface Totals {
  runs: number;
  node_hours: number;
  cpu_hours: number;
  badput_node_hours: number;
  queue_hours: number;
  runs_without_cpu: number;
}

interface UsageView {
  project_module: string;
  from: string;
  to: string;
  by: string;
  total: Totals;
  groups: (Totals & { key: string })[];
  budget: {
    unit: string;
    budget: number;
    used: number;
    in_flight: number;
    period_end: string;
    on_exhausted: string;
  } | null;
  walltimes: {
    profile_name: string;
    job_duration_minutes: number | 'auto';
    estimate_minutes: number;
    basis: string;
  }[];
}

// Three significant figures: a short test run is thousandths of a node-hour, a survey thousands.
const n = (x: number) => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3))));

export class UsageCommand extends ReadCommand {
  static override paths = [['usage']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      'What runs used on their backends: node-hours, CPU-hours and badput by month, day, profile, graph, state or source',
    details: `
      Sums the usage of every attempt that reached a backend (sacct's figures on Slurm, a DALiuGE
      session's times on an island manager, an estimate where the backend could not say) over
      [--from, --to): by default the last 12 UTC calendar months (by day, the last 30 UTC days, and
      at most a year). A run across a month's or day's end counts in each by the share of its run
      time there. Months or days with no run are left out of the table (--json has every one). Without --project, every project. Badput
      is the node-hours of runs that did not complete. By source, a run counts for each of its
      sources, and what it held is split equally among them. The budget line shows this month's budget,
      what settled runs used and the estimate for runs in flight. A walltime line per batch
      profile says what job_duration_minutes: auto gives a run of one source now, and why (from
      the profile's completed runs and the ones Slurm stopped at their limit).
    `,
    examples: [
      ['This year by month', 'surveyor usage --project wallaby_hires --from 2026-01'],
      ['By profile, as JSON', 'surveyor usage --project wallaby_hires --by profile --json'],
      ['The last 30 days, day by day', 'surveyor usage --project wallaby_hires --by day'],
      ['What each source cost, grouped runs split', 'surveyor usage --project wallaby_hires --by source'],
    ],
  });

  project = Option.String('--project', { description: 'One project (default: every project)' });
  from = Option.String('--from', { description: 'Start: a UTC month (2026-01), day or date-time' });
  to = Option.String('--to', { description: 'End, exclusive (default: now)' });
  by = Option.String('--by', 'month', {
    description: 'Group by month, day, profile, graph (its file name), state or source',
  });

  protected async run(api: ApiClient): Promise<number> {
    if (!usageGroupings.some((g) => g === this.by)) {
      this.context.stderr.write(`surveyor: --by is ${usageGroupings.join(', ')}, not ${this.by}\n`);
      return exitCodes.usage;
    }
    const projects = this.project
      ? [this.project]
      : (await api.request<{ items: { project_module: string }[] }>('GET', '/project-configs')).items.map(
          (p) => p.project_module,
        );
    const views: UsageView[] = [];
    for (const p of projects)
      views.push(
        await api.request<UsageView>('GET', `/projects/${encodeURIComponent(p)}/usage`, {
          query: { from: this.from, to: this.to, by: this.by },
        }),
      );
    if (this.asJson) return this.json(this.project ? views[0] : views);
    const head = ['PROJECT', this.by.toUpperCase(), 'RUNS', 'NODE-H', 'CPU-H', 'BADPUT NODE-H', 'QUEUE-H'];
    const row = (p: string, key: string, t: Totals) => [
      p,
      key,
      n(t.runs),
      n(t.node_hours),
      // No run reported CPU time: there is no figure, not a zero; some did not: the sum is partial.
      t.runs > 0 && t.runs_without_cpu >= t.runs
        ? '-'
        : `${n(t.cpu_hours)}${t.runs_without_cpu > 0 ? '*' : ''}`,
      n(t.badput_node_hours),
      n(t.queue_hours),
    ];
    this.out(
      table([
        head,
        ...views.flatMap((v) => [
          ...v.groups.filter((g) => g.runs > 0).map((g) => row(v.project_module, g.key, g)),
          row(v.project_module, 'total', v.total),
        ]),
      ]),
    );
    const empty = views.reduce((k, v) => k + v.groups.filter((g) => g.runs === 0).length, 0);
    if (empty > 0 && (this.by === 'month' || this.by === 'day'))
      this.out(
        `(${empty} ${this.by === 'day' ? 'day' : 'month'}${empty === 1 ? '' : 's'} with no run left out)`,
      );
    const partial = (t: Totals) => t.runs_without_cpu > 0 && t.runs_without_cpu < t.runs;
    if (views.some((v) => partial(v.total) || v.groups.some(partial)))
      this.out('* some runs report no CPU time (DALiuGE sessions, estimates): CPU-hours count the others');
    const none = (t: Totals) => t.runs > 0 && t.runs_without_cpu >= t.runs;
    if (views.some((v) => none(v.total) || v.groups.some(none)))
      this.out('- no run reports CPU time (DALiuGE sessions, estimates): there is no CPU-hour figure');
    for (const v of views)
      if (v.budget)
        this.out(
          `${v.project_module} budget: ${n(v.budget.used)} of ${n(v.budget.budget)} ${v.budget.unit.replace('_', '-')} used this month, ${n(v.budget.in_flight)} estimated in flight (${v.budget.on_exhausted}; renews ${v.budget.period_end})`,
        );
    for (const v of views)
      for (const w of v.walltimes)
        this.out(
          `${v.project_module} walltime on ${w.profile_name} (job_duration_minutes: ${w.job_duration_minutes}): auto gives one source ${w.estimate_minutes} min, ${w.basis}`,
        );
    if (views.length > 0) this.out(`range: ${views[0]!.from} to ${views[0]!.to}`);
    return exitCodes.ok;
  }
}
